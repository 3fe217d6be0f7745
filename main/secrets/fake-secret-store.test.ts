import { describe, expect, it } from 'vitest';
import { FakeSecretStore } from './fake-secret-store';
import { describeSecretStoreContract } from './secret-store-contract';

describeSecretStoreContract('FakeSecretStore', async () => ({ store: new FakeSecretStore() }));

describe('FakeSecretStore without a keychain', () => {
  it('refuses to store', async () => {
    const store = new FakeSecretStore();
    store.available = false;
    await expect(store.set('local', 'admin-token', 'x')).rejects.toMatchObject({
      name: 'KeychainUnavailableError',
    });
    expect((await store.availability()).available).toBe(false);
  });
});
