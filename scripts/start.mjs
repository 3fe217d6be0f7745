// `npm start`: the desktop app when the Electron binary is present, otherwise the same server
// headless, with the console in the browser (Electron cannot be downloaded on every machine).
// `--headless` (npm run serve) always runs the server headless.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

function electronBinary() {
  try {
    const dir = path.dirname(require.resolve('electron/package.json', { paths: [root] }));
    const pathFile = path.join(dir, 'path.txt');
    if (!existsSync(pathFile)) return null;
    const binary = path.join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

function run(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  // Forward the first signal only: on Ctrl-C the child already got its own SIGINT from the
  // terminal, and each extra one brings it closer to the forced exit that loses buffered metrics.
  let forwarded = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (forwarded) return;
      forwarded = true;
      child.kill(signal);
    });
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/** Newest modification time of the files below `dir` (0 when it does not exist). */
function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  const stat = statSync(dir);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(dir)) newest = Math.max(newest, newestMtime(path.join(dir, entry)));
  return newest;
}

function runStep(args) {
  const step = spawnSync(args[0], args.slice(1), { cwd: root, stdio: 'inherit' });
  if (step.status !== 0) process.exit(step.status ?? 1);
}

// The server bundle takes ~0.1 s to build, so always; the console (~2 s of Vite) only when its
// sources or the contract changed since the last build, to keep a warm start fast.
runStep([process.execPath, 'scripts/build-server.mjs']);
const consoleBuild = path.join(root, 'dist/renderer/index.html');
const consoleSources = Math.max(
  newestMtime(path.join(root, 'renderer')),
  newestMtime(path.join(root, 'server/contract')),
);
if (!existsSync(consoleBuild) || statSync(consoleBuild).mtimeMs < consoleSources) {
  runStep([
    process.execPath,
    path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
    'build',
    '-c',
    'renderer/vite.config.ts',
    '--logLevel',
    'warn',
  ]);
}

const electron = electronBinary();
const desktopEntry = path.join(root, 'dist/main/main.js');
if (!process.argv.includes('--headless') && electron && existsSync(desktopEntry)) {
  run(electron, [root]);
} else {
  if (!process.argv.includes('--headless'))
    console.log(
      electron
        ? 'The desktop shell is not built (dist/main/main.js is missing); running the Switchyard server headless instead.'
        : 'Electron is not installed on this machine (its binary could not be downloaded); running the Switchyard server headless instead.',
    );
  run(process.execPath, ['--enable-source-maps', 'dist/server/main.js']);
}
