// Bundles the server (our code, migrations included) into dist/server with esbuild; npm packages
// stay external. One file per entry keeps start-up fast and works inside a packaged app.
import { build } from 'esbuild';

const started = performance.now();
await build({
  entryPoints: { main: 'server/src/main.ts', index: 'server/src/index.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
if (process.argv.includes('--verbose')) {
  console.log(`built dist/server in ${Math.round(performance.now() - started)} ms`);
}
