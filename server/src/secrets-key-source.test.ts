import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from './config';
import { createLogger } from './lib/logger';
import { resolveSecretsKey, SECRETS_KEY_FILE } from './secrets-key-source';

const KEY = Buffer.alloc(32, 7);

describe('the secrets key at start (issue 31 §1)', () => {
  let dataDir: string;
  let warnings: string[];
  const logger = () =>
    createLogger(
      'info',
      new Writable({
        write(chunk, _encoding, done) {
          warnings.push(JSON.parse(String(chunk)).msg);
          done();
        },
      }),
    );
  const embedded = (secretsKey: Buffer | null = null) =>
    resolveSecretsKey({ secretsKey, databaseUrl: null, dataDir }, logger());

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'switchyard-secrets-key-'));
    warnings = [];
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('with the embedded database, makes a key on first start in an owner-only file and reuses it', async () => {
    const first = await embedded();
    expect(first?.length).toBe(32);
    const file = path.join(dataDir, SECRETS_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toBe(first?.toString('hex'));
    expect(await embedded()).toEqual(first);
    expect(warnings).toEqual([]);
  });

  it('prefers SECRETS_ENCRYPTION_KEY and then writes no file', async () => {
    expect(await embedded(KEY)).toBe(KEY);
    await expect(stat(path.join(dataDir, SECRETS_KEY_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses to start over a damaged key file instead of replacing it', async () => {
    await writeFile(path.join(dataDir, SECRETS_KEY_FILE), 'not a key', { mode: 0o600 });
    await expect(embedded()).rejects.toBeInstanceOf(ConfigError);
    expect(await readFile(path.join(dataDir, SECRETS_KEY_FILE), 'utf8')).toBe('not a key');
  });

  it('with DATABASE_URL and no key, makes none and says in one line how to set one', async () => {
    const key = await resolveSecretsKey(
      { secretsKey: null, databaseUrl: 'postgres://db/switchyard', dataDir },
      logger(),
    );
    expect(key).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^SECRETS_ENCRYPTION_KEY is not set: .* cannot be saved/);
    expect(warnings[0]).toContain(`node -e "console.log(require('crypto').randomBytes(32).toString('hex'))"`);
    await expect(stat(path.join(dataDir, SECRETS_KEY_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('a cluster worker stays quiet: its primary has said it once for the server', async () => {
    const key = await resolveSecretsKey(
      { secretsKey: null, databaseUrl: 'postgres://db/switchyard', dataDir },
      logger(),
      { warn: false },
    );
    expect(key).toBeNull();
    expect(warnings).toEqual([]);
  });
});
