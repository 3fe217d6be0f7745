// Bundles the Electron main process into dist/main with esbuild:
// - main.js: ESM; electron and npm packages stay external and load from the app's node_modules
//   (keytar is native, electron-updater reads electron at run time).
// - preload.cjs: CommonJS with everything inlined, because a sandboxed preload can require
//   nothing but electron.
// The tray icons are copied next to them.
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
// `--outdir <dir>` lets main.test.ts build a throwaway copy.
const outdirFlag = process.argv.indexOf('--outdir');
const outdir =
  outdirFlag === -1 ? path.join(root, 'dist', 'main') : path.resolve(process.argv[outdirFlag + 1] ?? '');
const started = performance.now();

await Promise.all([
  build({
    entryPoints: { main: path.join(root, 'main', 'main.ts') },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  }),
  build({
    entryPoints: { preload: path.join(root, 'main', 'preload', 'preload.ts') },
    outdir,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'browser',
    format: 'cjs',
    target: 'es2023',
    external: ['electron'],
    minify: true,
    sourcemap: true,
    logLevel: 'warning',
  }),
]);
await cp(path.join(root, 'main', 'assets'), path.join(outdir, 'assets'), { recursive: true });

if (process.argv.includes('--verbose')) {
  console.log(`built ${path.relative(root, outdir)} in ${Math.round(performance.now() - started)} ms`);
}
