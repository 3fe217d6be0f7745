import { describe, expect, it } from 'vitest';
import { FakeSecretStore } from '../secrets/fake-secret-store';
import { readServerSecrets } from './server-secrets';

describe('readServerSecrets', () => {
  it('creates every secret once on the embedded database and returns the same ones later', async () => {
    const secrets = new FakeSecretStore();
    const options = { profile: 'local', databaseUrl: null, log: () => {} };
    const first = await readServerSecrets(secrets, options);
    expect(first.embeddedDatabasePassword).toMatch(/^[0-9a-f]{48}$/);
    expect(first.secretsEncryptionKey).toEqual(expect.any(String));
    expect(first.bundleSigningKey).toEqual(expect.any(String));
    expect(await readServerSecrets(secrets, options)).toEqual(first);
  });

  it('starts on an external database without a keychain: no password, no keys, both logged', async () => {
    const secrets = new FakeSecretStore();
    secrets.available = false;
    const logged: string[] = [];
    const result = await readServerSecrets(secrets, {
      profile: 'local',
      databaseUrl: 'postgres://db.example.com/flags',
      log: (message) => logged.push(message),
    });
    expect(result).toEqual({
      embeddedDatabasePassword: null,
      secretsEncryptionKey: null,
      bundleSigningKey: null,
    });
    expect(logged).toEqual([
      'no secrets encryption key: integrations and SSO cannot store secrets',
      'no bundle signing key in the keychain: the server keeps its own, sealed',
    ]);
  });

  it('refuses the embedded database without a keychain (its password has nowhere safe to live)', async () => {
    const secrets = new FakeSecretStore();
    secrets.available = false;
    await expect(
      readServerSecrets(secrets, { profile: 'local', databaseUrl: null, log: () => {} }),
    ).rejects.toThrow();
  });
});
