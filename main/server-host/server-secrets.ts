import type { SecretStore } from '../secrets/secret-store';
import {
  ensureBundleSigningKey,
  ensureEmbeddedDatabasePassword,
  ensureSecretsEncryptionKey,
} from './database-password';

export interface ServerSecrets {
  /** Null on an external database: the embedded one is not started. */
  embeddedDatabasePassword: string | null;
  secretsEncryptionKey: string | null;
  bundleSigningKey: string | null;
}

/**
 * The keychain-held values the hosted server starts with, created on first start. Only the
 * embedded database's password is required: without it the server could not start safely.
 */
export async function readServerSecrets(
  secrets: SecretStore,
  options: { profile: string; databaseUrl: string | null; log: (message: string, error?: unknown) => void },
): Promise<ServerSecrets> {
  const { profile, databaseUrl, log } = options;
  const embeddedDatabasePassword = databaseUrl
    ? null
    : await ensureEmbeddedDatabasePassword(secrets, profile);
  // Without a keychain the server still starts (on an external database): only storing
  // integration and SSO secrets is refused, with the reason, until a keychain is there.
  const secretsEncryptionKey = await ensureSecretsEncryptionKey(secrets, profile).catch((error) => {
    log('no secrets encryption key: integrations and SSO cannot store secrets', error);
    return null;
  });
  // Bundles this desktop exports are signed with a key that lives in the keychain only.
  const bundleSigningKey = await ensureBundleSigningKey(secrets, profile).catch((error) => {
    log('no bundle signing key in the keychain: the server keeps its own, sealed', error);
    return null;
  });
  return { embeddedDatabasePassword, secretsEncryptionKey, bundleSigningKey };
}
