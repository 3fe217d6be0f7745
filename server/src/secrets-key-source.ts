import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Config, ConfigError } from './config';
import type { Logger } from './lib/logger';
import { parseSecretsKey } from './lib/secret-box';

/** Beside the embedded database's own password (DATA_DIR/postgres-password), mode 0600 as well. */
export const SECRETS_KEY_FILE = 'secrets-encryption-key';

/** The command the startup warning and docs/configuration.md give for making a key. */
export const MAKE_SECRETS_KEY_COMMAND = `node -e "console.log(require('crypto').randomBytes(32).toString('hex'))"`;

/**
 * The key sealing integration and SSO secrets (issue 31 §1). SECRETS_ENCRYPTION_KEY wins; with the
 * embedded database and no key, one is made on first start and kept in DATA_DIR, so a plain
 * `npm start` can save secrets as the desktop app (keychain) does. With DATABASE_URL the data
 * folder is not what instances share, so no key is invented there: one line says how to set one.
 */
export async function resolveSecretsKey(
  config: Pick<Config, 'secretsKey' | 'databaseUrl' | 'dataDir'>,
  logger: Logger,
  { warn = true }: { warn?: boolean } = {},
): Promise<Buffer | null> {
  if (config.secretsKey) return config.secretsKey;
  if (config.databaseUrl === null) return loadOrCreateKeyFile(path.join(config.dataDir, SECRETS_KEY_FILE));
  // A cluster worker's primary has said it once for the whole server (WORKERS > 1).
  if (!warn) return null;
  logger.warn(
    'SECRETS_ENCRYPTION_KEY is not set: integration and single sign-on secrets cannot be saved and integrations are not delivered. ' +
      `Make a key with ${MAKE_SECRETS_KEY_COMMAND}, set SECRETS_ENCRYPTION_KEY to it on every instance sharing this database, and restart`,
  );
  return null;
}

async function readKeyFile(file: string): Promise<Buffer | null> {
  let raw: string;
  try {
    raw = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const key = parseSecretsKey(raw);
    if (key) return key;
  } catch {
    // An unreadable key must never be replaced silently: secrets sealed with it would be lost.
  }
  throw new ConfigError(
    `${file} does not hold a secrets key (64 hex digits); restore it, or set SECRETS_ENCRYPTION_KEY`,
  );
}

async function loadOrCreateKeyFile(file: string): Promise<Buffer> {
  const existing = await readKeyFile(file);
  if (existing) return existing;
  const created = randomBytes(32);
  try {
    // `wx`: of two starts racing on one data folder, the second reads the first one's key.
    await fs.writeFile(file, created.toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const raced = await readKeyFile(file);
    if (raced) return raced;
  }
  return created;
}
