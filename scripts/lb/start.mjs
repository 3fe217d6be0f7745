// `node scripts/lb/start.mjs [--instances 3] [--port 4242]`: N Switchyard instances on the
// PostgreSQL of DATABASE_URL, behind HAProxy on --port (README "Running several instances").
// Ctrl-C stops everything. Other variables (INIT_*_API_TOKENS, SECRETS_ENCRYPTION_KEY...) are
// passed to every instance: they must be the same everywhere.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCluster } from './cluster.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const index = argv.indexOf(`--${name}`);
  return index >= 0 && argv[index + 1] ? Number(argv[index + 1]) : fallback;
};
const instances = option('instances', 3);
const port = option('port', 4242);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !Number.isInteger(instances) || instances < 1 || !Number.isInteger(port)) {
  console.error('usage: DATABASE_URL=postgres://… node scripts/lb/start.mjs [--instances 3] [--port 4242]');
  process.exit(2);
}

const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const log = (line) => process.stderr.write(`lb: ${line}\n`);
const cluster = await startCluster({
  databaseUrl,
  instances,
  port,
  log,
  env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
});
console.log(`Switchyard (${instances} instances) is running behind HAProxy at ${cluster.url}`);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log('stopping');
    cluster.stop().finally(() => process.exit(0));
  });
}
// An instance that dies is reported; HAProxy's health check takes it out of the rotation.
for (const server of cluster.servers) {
  server.child.once('exit', (code, signal) => {
    if (!stopping) log(`instance at ${server.url} exited (${signal ?? code}); the others keep serving`);
  });
}
