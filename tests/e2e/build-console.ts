import path from 'node:path';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The e2e run tests the console as shipped: built once per run into node_modules/.cache/renderer,
 * beside the run's server bundles (node_modules/.cache/switchyard-test-server-<project>), which
 * serve it at `/` as dist/server serves dist/renderer. Not dist/renderer itself: the packaging
 * test rebuilds dist/ in the same run. Vitest sets NODE_ENV=test,
 * which made this a development build of React (jsxDEV, every dev-only check, a bigger script):
 * the build runs with NODE_ENV=production, as `npm run build:renderer` does.
 */
export default async function setup(): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(root, 'renderer/vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: path.join(root, 'node_modules/.cache/renderer'), emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
