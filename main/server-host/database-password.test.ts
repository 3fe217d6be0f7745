import { createPrivateKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FakeSecretStore } from '../secrets/fake-secret-store';
import { KeychainUnavailableError } from '../secrets/secret-store';
import {
  ensureBundleSigningKey,
  ensureEmbeddedDatabasePassword,
  ensureSecretsEncryptionKey,
} from './database-password';

describe('embedded database password', () => {
  it('creates the password once, keeps it in the keychain and returns it on every later start', async () => {
    const secrets = new FakeSecretStore();
    let generated = 0;
    const generate = () => `pw-${++generated}`;
    expect(await ensureEmbeddedDatabasePassword(secrets, 'local', generate)).toBe('pw-1');
    expect(await secrets.get('local', 'embedded-database-password')).toBe('pw-1');
    expect(await ensureEmbeddedDatabasePassword(secrets, 'local', generate)).toBe('pw-1');
    expect(generated).toBe(1);
  });

  it('generates a long random password by default', async () => {
    const password = await ensureEmbeddedDatabasePassword(new FakeSecretStore(), 'local');
    expect(password).toMatch(/^[0-9a-f]{48}$/);
  });

  it('refuses to go on without a keychain rather than writing the password anywhere else', async () => {
    const secrets = new FakeSecretStore();
    secrets.available = false;
    await expect(ensureEmbeddedDatabasePassword(secrets, 'local')).rejects.toBeInstanceOf(
      KeychainUnavailableError,
    );
  });

  it('keeps the secrets encryption key beside it: 32 random bytes in hex, created once', async () => {
    const secrets = new FakeSecretStore();
    const key = await ensureSecretsEncryptionKey(secrets, 'local');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await ensureSecretsEncryptionKey(secrets, 'local')).toBe(key);
    expect(await secrets.get('local', 'secrets-encryption-key')).toBe(key);
  });

  it('keeps the bundle signing key there too: an Ed25519 PKCS#8 key, created once', async () => {
    const secrets = new FakeSecretStore();
    const key = await ensureBundleSigningKey(secrets, 'local');
    const parsed = createPrivateKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'pkcs8' });
    expect(parsed.asymmetricKeyType).toBe('ed25519');
    expect(await ensureBundleSigningKey(secrets, 'local')).toBe(key);
    expect(await secrets.get('local', 'bundle-signing-key')).toBe(key);
  });
});
