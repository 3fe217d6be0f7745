import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../../server/src/db/embedded-postgres';
import { startServer } from '../../server/src/index';
import { createLogger } from '../../server/src/lib/logger';

/**
 * Proves "any PostgreSQL 13 or later": the same server code runs against PostgreSQL 13 binaries
 * and refuses PostgreSQL 12 with a clear message. .ci/run installs the old binary packages
 * (no Docker here) and points OLD_POSTGRES_DIR at them; on CI the test must not be skipped.
 */
const oldPostgresDir = process.env.OLD_POSTGRES_DIR;
const logger = createLogger('silent');

if (!oldPostgresDir && process.env.CI === 'true') {
  throw new Error('OLD_POSTGRES_DIR is not set: .ci/run must install the PostgreSQL 12 and 13 binaries');
}

describe.skipIf(!oldPostgresDir)('oldest supported PostgreSQL', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function startOld(major: 12 | 13): Promise<EmbeddedPostgres> {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `switchyard-pg${major}-`));
    await fs.chmod(dataDir, 0o755);
    const postgres = await startEmbeddedPostgres({
      dataDir,
      logger,
      binariesPackageDir: path.join(oldPostgresDir!, 'node_modules', `pg${major}`),
    });
    cleanups.push(async () => {
      await postgres.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    });
    return postgres;
  }

  it('migrates and serves on PostgreSQL 13', async () => {
    const postgres = await startOld(13);
    const server = await startServer({
      config: loadConfig({ DATABASE_URL: postgres.connectionString, PORT: '0', DATA_DIR: os.tmpdir() }),
      logger,
    });
    cleanups.push(server.stop);
    expect(server.postgresVersion).toMatch(/^13\./);
    expect((await fetch(`${server.url}/ready`)).status).toBe(200);
    expect(await (await fetch(`${server.url}/health`)).json()).toEqual({ health: 'GOOD' });
  });

  it('refuses PostgreSQL 12 with a clear message', async () => {
    const postgres = await startOld(12);
    await expect(
      startServer({
        config: loadConfig({ DATABASE_URL: postgres.connectionString, PORT: '0', DATA_DIR: os.tmpdir() }),
        logger,
      }),
    ).rejects.toThrowError(/PostgreSQL 12\.\d+ is not supported: Switchyard needs PostgreSQL 13 or later/);
  });
});
