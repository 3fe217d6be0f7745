// Bundles the server (our code, migrations included) into dist/server with esbuild; npm packages
// stay external. One file per entry keeps start-up fast and works inside a packaged app.
// `--outdir DIR` writes elsewhere (a test's own copy, so packaging may rebuild dist/ meanwhile);
// the folder must sit inside the repository for the bundle to find node_modules.
import { build } from 'esbuild';

const outdirArgument = process.argv.indexOf('--outdir');
const outdir = outdirArgument >= 0 ? process.argv[outdirArgument + 1] : 'dist/server';

const started = performance.now();
await build({
  entryPoints: { main: 'server/src/main.ts', index: 'server/src/index.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
if (process.argv.includes('--verbose')) {
  console.log(`built ${outdir} in ${Math.round(performance.now() - started)} ms`);
}
