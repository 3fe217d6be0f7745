// `npm start`: the desktop app when the Electron binary is present, otherwise the same server
// headless, with the console in the browser (Electron cannot be downloaded on every machine).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
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
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const electron = electronBinary();
const desktopEntry = path.join(root, 'dist/main/main.js');
if (electron && existsSync(desktopEntry)) {
  run(electron, [root]);
} else {
  console.log(
    electron
      ? 'The desktop shell is not built (dist/main/main.js is missing); running the Switchyard server headless instead.'
      : 'Electron is not installed on this machine (its binary could not be downloaded); running the Switchyard server headless instead.',
  );
  run(process.execPath, ['--enable-source-maps', 'dist/server/main.js']);
}
