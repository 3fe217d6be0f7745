import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { SecretKey } from '../../server/contract';
import type { SecretStore } from '../secrets/secret-store';

/**
 * Secrets main creates on first start, keeps in the OS keychain (never in a file) and hands to
 * the hosted server in its environment. Without a keychain this throws KeychainUnavailableError,
 * and the app says so instead of falling back to plain text.
 */
async function ensureKeychainSecret(
  secrets: SecretStore,
  profile: string,
  name: SecretKey,
  generate: () => string,
): Promise<string> {
  const existing = await secrets.get(profile, name);
  if (existing) return existing;
  const created = generate();
  await secrets.set(profile, name, created);
  return created;
}

/** The embedded PostgreSQL's password (EMBEDDED_DATABASE_PASSWORD). */
export function ensureEmbeddedDatabasePassword(
  secrets: SecretStore,
  profile: string,
  generate: () => string = () => randomBytes(24).toString('hex'),
): Promise<string> {
  return ensureKeychainSecret(secrets, profile, 'embedded-database-password', generate);
}

/**
 * The key sealing secrets the server reads back (integration tokens, SSO client secrets;
 * server/src/lib/secret-box.ts), handed over as SECRETS_ENCRYPTION_KEY: 32 random bytes.
 */
export function ensureSecretsEncryptionKey(
  secrets: SecretStore,
  profile: string,
  generate: () => string = () => randomBytes(32).toString('hex'),
): Promise<string> {
  return ensureKeychainSecret(secrets, profile, 'secrets-encryption-key', generate);
}

/**
 * The Ed25519 key signing this instance's air-gap bundles (issue 18), handed over as
 * SWITCHYARD_BUNDLE_SIGNING_KEY: PKCS#8 DER in base64, so the private key never sits in the
 * database or a file on the desktop.
 */
export function ensureBundleSigningKey(
  secrets: SecretStore,
  profile: string,
  generate: () => string = () =>
    generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
): Promise<string> {
  return ensureKeychainSecret(secrets, profile, 'bundle-signing-key', generate);
}
