import path from 'node:path';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The e2e run tests the console as shipped: built once per run into dist/renderer, where the
 * headless server (started from source by the tests) serves it at `/`.
 */
export default async function setup(): Promise<void> {
  await build({ configFile: path.join(root, 'renderer/vite.config.ts'), logLevel: 'warn' });
}
