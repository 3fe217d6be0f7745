import type { NetworkSettings } from '../../server/contract';
import { networkSettingsToServerEnv } from '../network/network-exposure';

/**
 * Variables the server needs from the user's environment. Everything else stays
 * behind, so tokens or database URLs exported in a shell never reach the server
 * by accident.
 */
const INHERITED = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'LANG',
  'LC_ALL',
  'LC_CTYPE',
  'TZ',
  'TMPDIR',
  'TEMP',
  'TMP',
  'SystemRoot',
  'SYSTEMROOT',
  'windir',
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
  'ProgramData',
] as const;

export interface ServerEnvInput {
  inherit: NodeJS.ProcessEnv;
  dataDir: string;
  network: NetworkSettings;
  /** External PostgreSQL; when absent the server starts its embedded one under DATA_DIR. */
  databaseUrl?: string | null;
  logLevel?: string;
  baseUriPath?: string;
  /** The embedded database password from the keychain; the server then keeps no password file. */
  embeddedDatabasePassword?: string | null;
  /** SECRETS_ENCRYPTION_KEY from the keychain: seals integration and SSO secrets at rest. */
  secretsEncryptionKey?: string | null;
  /** SWITCHYARD_BUNDLE_SIGNING_KEY from the keychain: signs the bundles this instance exports. */
  bundleSigningKey?: string | null;
}

export function buildServerEnv(input: ServerEnvInput): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of INHERITED) {
    const value = input.inherit[name];
    if (value !== undefined) env[name] = value;
  }
  Object.assign(env, networkSettingsToServerEnv(input.network), {
    NODE_ENV: 'production',
    // The desktop app serves its operator: one process, not one per core (issue 34).
    WORKERS: '1',
    DATA_DIR: input.dataDir,
    LOG_LEVEL: input.logLevel ?? 'info',
    BASE_URI_PATH: input.baseUriPath ?? '',
  });
  if (input.databaseUrl) env.DATABASE_URL = input.databaseUrl;
  else if (input.embeddedDatabasePassword) env.EMBEDDED_DATABASE_PASSWORD = input.embeddedDatabasePassword;
  if (input.secretsEncryptionKey) env.SECRETS_ENCRYPTION_KEY = input.secretsEncryptionKey;
  if (input.bundleSigningKey) env.SWITCHYARD_BUNDLE_SIGNING_KEY = input.bundleSigningKey;
  return env;
}
