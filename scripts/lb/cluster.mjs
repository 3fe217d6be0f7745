// Starts N Switchyard instances on one PostgreSQL and HAProxy in front of them (issue 17): used by
// scripts/lb/start.mjs and by the cross-instance benchmark. Everything started is stopped by the
// returned `stop()`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, sleep, spawnWaitingFor, stopChild } from '../bench/lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const HAPROXY =
  ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find((path) => existsSync(path)) ?? 'haproxy';

/**
 * @param {object} options
 * @param {string} options.databaseUrl the shared PostgreSQL (an embedded one serves one instance only)
 * @param {number} [options.instances] how many servers (default 3)
 * @param {number} [options.port] HAProxy's port (default: a free one); 0 or false: no HAProxy
 * @param {Record<string, string>} [options.env] extra environment for every instance
 * @param {(line: string) => void} [options.log]
 */
export async function startCluster({
  databaseUrl,
  instances = 3,
  port,
  env = {},
  log = () => {},
  haproxy = true,
}) {
  if (!existsSync(join(root, 'dist/server/main.js'))) {
    throw new Error('dist/server/main.js is missing: run `node scripts/build-server.mjs` first');
  }
  const children = [];
  const tmp = mkdtempSync(join(tmpdir(), 'switchyard-cluster-'));
  const stop = async () => {
    await Promise.all(children.splice(0).map((child) => stopChild(child)));
    rmSync(tmp, { recursive: true, force: true });
  };
  try {
    const ports = await Promise.all(Array.from({ length: instances }, () => freePort()));
    const started = ports.map((instancePort, index) => {
      const { child, ready } = spawnWaitingFor(
        process.execPath,
        ['dist/server/main.js'],
        {
          cwd: root,
          env: {
            ...process.env,
            LOG_LEVEL: 'warn',
            WORKERS: '1',
            HOST: '127.0.0.1',
            DATA_DIR: tmp,
            ...env,
            DATABASE_URL: databaseUrl,
            PORT: String(instancePort),
          },
        },
        /Switchyard is running at (\S+)/,
        120_000,
      );
      children.push(child);
      return ready.then(([, url]) => {
        log(`instance ${index + 1} at ${url} (pid ${child.pid})`);
        return { child, url: url.replace(/\/$/, ''), port: instancePort };
      });
    });
    const servers = await Promise.all(started);
    let url = null;
    if (haproxy !== false && port !== 0) {
      const lbPort = port ?? (await freePort());
      const config = readFileSync(join(root, 'scripts/lb/haproxy.cfg'), 'utf8')
        .replace(/@BIND@$/m, () => `127.0.0.1:${lbPort}`)
        .replace(/^@SERVERS@$/m, () =>
          servers
            .map((server, index) => `    server switchyard${index + 1} 127.0.0.1:${server.port} check`)
            .join('\n'),
        );
      const configPath = join(tmp, 'haproxy.cfg');
      writeFileSync(configPath, config);
      // -db: stay in the foreground, so stopping the child stops HAProxy.
      const lb = spawn(HAPROXY, ['-db', '-f', configPath], { stdio: ['ignore', 'ignore', 'pipe'] });
      let lbOutput = '';
      lb.stderr.on('data', (chunk) => {
        lbOutput += chunk;
      });
      children.push(lb);
      url = `http://127.0.0.1:${lbPort}`;
      const deadline = Date.now() + 10_000;
      for (;;) {
        if (lb.exitCode !== null) throw new Error(`haproxy exited: ${lbOutput}`);
        try {
          const response = await fetch(`${url}/health`);
          await response.arrayBuffer();
          if (response.ok) break;
        } catch {}
        if (Date.now() > deadline) throw new Error(`haproxy did not answer in 10 s: ${lbOutput}`);
        await sleep(50);
      }
      log(`HAProxy at ${url} (pid ${lb.pid})`);
    }
    return { servers, url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
