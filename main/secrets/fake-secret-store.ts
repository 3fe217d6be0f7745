import type { SecretKey, SecretsAvailability } from '../../server/contract';
import { assertSecretAddress, KeychainUnavailableError, type SecretStore } from './secret-store';

/** An in-memory SecretStore for tests of code that uses one; it passes the same contract suite. */
export class FakeSecretStore implements SecretStore {
  private readonly values = new Map<string, string>();
  /** Set to false to act like a machine without a keychain. */
  available = true;

  private check(): void {
    if (!this.available) throw new KeychainUnavailableError('fake keychain switched off');
  }

  async availability(): Promise<SecretsAvailability> {
    return this.available
      ? { available: true, reason: null }
      : { available: false, reason: new KeychainUnavailableError('fake keychain switched off').message };
  }

  async get(profile: string, key: SecretKey): Promise<string | null> {
    assertSecretAddress(profile, key);
    this.check();
    return this.values.get(`${profile}/${key}`) ?? null;
  }

  async set(profile: string, key: SecretKey, value: string): Promise<void> {
    assertSecretAddress(profile, key);
    if (value === '') throw new TypeError('A secret cannot be empty.');
    this.check();
    this.values.set(`${profile}/${key}`, value);
  }

  async delete(profile: string, key: SecretKey): Promise<boolean> {
    assertSecretAddress(profile, key);
    this.check();
    return this.values.delete(`${profile}/${key}`);
  }

  async list(profile: string): Promise<SecretKey[]> {
    assertSecretAddress(profile, 'admin-token');
    this.check();
    const prefix = `${profile}/`;
    return [...this.values.keys()]
      .filter((name) => name.startsWith(prefix))
      .map((name) => name.slice(prefix.length) as SecretKey)
      .sort();
  }
}
