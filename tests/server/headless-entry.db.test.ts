import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../helpers/spawn-server';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  // When the tests run as root, the embedded PostgreSQL runs as `postgres` and must reach it.
  await fs.chmod(dir, 0o755);
  return dir;
}

function postmasterPid(dataDir: string): Promise<number | null> {
  return fs
    .readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
    .then((content) => Number(content.split('\n')[0]))
    .catch(() => null);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const ADMIN_TOKEN = '*:*.headless-entry-admin-token-0123456789';

describe('headless entry on embedded PostgreSQL', () => {
  let dataDir: string;
  let key: string;
  beforeAll(async () => {
    dataDir = await tempDir('switchyard-entry-');
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('starts from nothing, answers /health over HTTP and stops cleanly on SIGTERM', async () => {
    // No SECRETS_ENCRYPTION_KEY, as a plain `npm start`: secrets can be saved all the same (issue 31 §1).
    // Two workers, as a plain `npm start` runs on this 2-core machine: the primary owns the
    // embedded PostgreSQL and the generated key, the workers share them.
    const server = spawnServer({
      WORKERS: '2',
      DATA_DIR: dataDir,
      PORT: '0',
      SECRETS_ENCRYPTION_KEY: '',
      INIT_ADMIN_API_TOKENS: ADMIN_TOKEN,
    });
    const url = await server.ready;
    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ health: 'GOOD' });
    expect((await fetch(`${url}/ready`)).status).toBe(200);
    const uiConfig = await fetch(`${url}/api/admin/ui-config`, { headers: { authorization: ADMIN_TOKEN } });
    expect((await uiConfig.json()).canStoreSecrets).toBe(true);
    const keyFile = path.join(dataDir, 'secrets-encryption-key');
    expect((await fs.stat(keyFile)).mode & 0o777).toBe(0o600);
    key = await fs.readFile(keyFile, 'utf8');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(server.stdout() + server.stderr()).not.toContain('SECRETS_ENCRYPTION_KEY');

    expect(server.stdout()).toContain('(2 worker processes)');
    const pid = await postmasterPid(dataDir);
    expect(pid).toBeGreaterThan(0);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    // The embedded PostgreSQL went down with it.
    expect(alive(pid!)).toBe(false);
    // initdb and three processes: beside other test files on two cores this outlasts the default.
  }, 120_000);

  it('restarts after kill -9 left an orphaned PostgreSQL behind', async () => {
    const first = spawnServer({ DATA_DIR: dataDir, PORT: '0' });
    await first.ready;
    const orphan = await postmasterPid(dataDir);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(alive(orphan!)).toBe(true);

    const second = spawnServer({ DATA_DIR: dataDir, PORT: '0', SECRETS_ENCRYPTION_KEY: '' });
    const url = await second.ready;
    expect((await fetch(`${url}/health`)).status).toBe(200);
    expect(alive(orphan!)).toBe(false);
    // The key made on the first start is kept, so the secrets sealed with it stay readable.
    expect(await fs.readFile(path.join(dataDir, 'secrets-encryption-key'), 'utf8')).toBe(key);
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
  }, 120_000);
});

describe('embedded database password handed over by the desktop app', () => {
  it('uses EMBEDDED_DATABASE_PASSWORD for the cluster and writes no password file', async () => {
    const dataDir = await tempDir('switchyard-keychain-pw-');
    try {
      const first = spawnServer({
        DATA_DIR: dataDir,
        PORT: '0',
        EMBEDDED_DATABASE_PASSWORD: 'from-the-keychain-1',
      });
      expect((await fetch(`${await first.ready}/ready`)).status).toBe(200);
      first.child.kill('SIGTERM');
      await first.exited;
      await expect(fs.access(path.join(dataDir, 'postgres-password'))).rejects.toThrow();
      // Its SECRETS_ENCRYPTION_KEY (from the keychain) is used: no key file either.
      await expect(fs.access(path.join(dataDir, 'secrets-encryption-key'))).rejects.toThrow();

      // The cluster really took that password: another one cannot connect.
      const wrong = spawnServer({ DATA_DIR: dataDir, PORT: '0', EMBEDDED_DATABASE_PASSWORD: 'not-the-one' });
      expect((await wrong.exited).code).toBe(1);
      expect(wrong.stderr()).toContain('password authentication failed');

      const again = spawnServer({
        DATA_DIR: dataDir,
        PORT: '0',
        EMBEDDED_DATABASE_PASSWORD: 'from-the-keychain-1',
      });
      expect((await fetch(`${await again.ready}/health`)).status).toBe(200);
      again.child.kill('SIGTERM');
      expect((await again.exited).code).toBe(0);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('headless entry configuration errors', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it.each([
    [{ PORT: 'abc' }, 'switchyard: PORT must be an integer between 0 and 65535, got "abc"'],
    [
      { DATABASE_URL: 'mysql://h/db' },
      'switchyard: DATABASE_URL must use the postgres:// scheme, got "mysql://"',
    ],
    [{ LOG_LEVEL: 'chatty' }, 'switchyard: LOG_LEVEL must be one of'],
    [{ DATA_DIR: '/etc/hostname/data' }, 'switchyard: DATA_DIR /etc/hostname/data is not writable: ENOTDIR'],
  ])('%o ends the process with one line and exit code 78', async (env, line) => {
    const server = spawnServer(env);
    const { code } = await server.exited;
    expect(code).toBe(78);
    const lines = server.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(line);
  });

  it('a port in use ends the process with a clear line and exit code 1', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const server = spawnServer({ PORT: String(port), DATABASE_URL: database.url, DATA_DIR: os.tmpdir() });
      const { code } = await server.exited;
      expect(code).toBe(1);
      expect(server.stderr().trim()).toBe(
        `switchyard: port ${port} on 127.0.0.1 is already in use; choose another with PORT=<port> (0 picks a free one)`,
      );
    } finally {
      blocker.close();
    }
  });

  it('an unreachable database ends the process naming the database without its password', async () => {
    const server = spawnServer({ DATABASE_URL: 'postgres://u:hunter2@127.0.0.1:1/x', DATA_DIR: os.tmpdir() });
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.stderr()).toContain('cannot connect to PostgreSQL at postgres://u:***@127.0.0.1:1/x');
    expect(server.stderr()).not.toContain('hunter2');
  });

  it('serves on an external DATABASE_URL', async () => {
    const server = spawnServer({ DATABASE_URL: database.url, DATA_DIR: os.tmpdir(), PORT: '0' });
    const url = await server.ready;
    expect((await fetch(`${url}/ready`)).status).toBe(200);
    server.child.kill('SIGINT');
    expect((await server.exited).code).toBe(0);
  });
});
