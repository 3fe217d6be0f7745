import { randomBytes } from 'node:crypto';
import type { SecretStore } from '../secrets/secret-store';

/**
 * The embedded PostgreSQL password of the desktop app lives in the OS keychain, never in a
 * file: main creates it on first start and hands it to the hosted server in its environment.
 * Without a keychain this throws KeychainUnavailableError, and the app says so instead of
 * falling back to plain text.
 */
export async function ensureEmbeddedDatabasePassword(
  secrets: SecretStore,
  profile: string,
  generate: () => string = () => randomBytes(24).toString('hex'),
): Promise<string> {
  const existing = await secrets.get(profile, 'embedded-database-password');
  if (existing) return existing;
  const created = generate();
  await secrets.set(profile, 'embedded-database-password', created);
  return created;
}
