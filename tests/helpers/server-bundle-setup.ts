import path from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The headless entry bundled once per run, which spawnServer starts with plain node. */
    serverBundle: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Bundles server/src/main.ts once per run, as `npm run build` does for the product. Started
 * through tsx, every spawned server compiled the whole source again: ~9 s of CPU per start
 * against ~2.5 s for the bundle, paid by every e2e file and every test that spawns a server.
 * Beside node_modules/.cache/renderer (the e2e run's console build), which the bundle serves as
 * dist/server serves dist/renderer.
 */
export default async function setup(project: TestProject): Promise<void> {
  const outdir = path.join(root, 'node_modules/.cache', `switchyard-test-server-${project.name}`);
  await build({
    entryPoints: { main: 'server/src/main.ts' },
    absWorkingDir: root,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  project.provide('serverBundle', path.join(outdir, 'main.js'));
}
