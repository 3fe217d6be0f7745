import { describe, expect, it } from 'vitest';
import {
  createKeytarSecretStore,
  KEYTAR_MISSING,
  type KeytarBackend,
  loadKeytar,
} from './keytar-secret-store';
import { KEYCHAIN_UNAVAILABLE_MESSAGE, KeychainUnavailableError } from './secret-store';
import { describeSecretStoreContract } from './secret-store-contract';

/** Behaves like keytar on a Secret Service: one entry per (service, account). */
class InMemoryKeytar implements KeytarBackend {
  readonly entries = new Map<string, Map<string, string>>();

  async getPassword(service: string, account: string): Promise<string | null> {
    return this.entries.get(service)?.get(account) ?? null;
  }
  async setPassword(service: string, account: string, password: string): Promise<void> {
    const accounts = this.entries.get(service) ?? new Map<string, string>();
    accounts.set(account, password);
    this.entries.set(service, accounts);
  }
  async deletePassword(service: string, account: string): Promise<boolean> {
    return this.entries.get(service)?.delete(account) ?? false;
  }
  async findCredentials(service: string): Promise<Array<{ account: string; password: string }>> {
    return [...(this.entries.get(service) ?? new Map<string, string>())].map(([account, password]) => ({
      account,
      password,
    }));
  }
}

/** What keytar does on Linux without a D-Bus session (STACK-NOTES §3). */
class NoDbusKeytar implements KeytarBackend {
  calls = 0;
  private fail(): never {
    this.calls += 1;
    throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
  }
  getPassword = async (): Promise<string | null> => this.fail();
  setPassword = async (): Promise<void> => this.fail();
  deletePassword = async (): Promise<boolean> => this.fail();
  findCredentials = async (): Promise<Array<{ account: string; password: string }>> => this.fail();
}

describeSecretStoreContract('KeytarSecretStore on an in-memory backend', async () => ({
  store: createKeytarSecretStore({ load: async () => new InMemoryKeytar() }),
}));

describe('KeytarSecretStore', () => {
  it('keeps one keychain service per profile and the key as the account', async () => {
    const backend = new InMemoryKeytar();
    const store = createKeytarSecretStore({ serviceName: 'Switchyard', load: async () => backend });
    await store.set('local', 'admin-token', '*:*.abc');
    await store.set('prod.eu', 'personal-access-token', 'user:def');
    expect([...backend.entries.keys()]).toEqual(['Switchyard/local', 'Switchyard/prod.eu']);
    expect(backend.entries.get('Switchyard/local')).toEqual(new Map([['admin-token', '*:*.abc']]));
  });

  it('lists only known key names from the service', async () => {
    const backend = new InMemoryKeytar();
    await backend.setPassword('Switchyard/local', 'something-else', 'x');
    await backend.setPassword('Switchyard/local', 'admin-token', 'y');
    const store = createKeytarSecretStore({ load: async () => backend });
    expect(await store.list('local')).toEqual(['admin-token']);
  });

  it('refuses to persist without D-Bus, with a typed error that explains why', async () => {
    const backend = new NoDbusKeytar();
    const store = createKeytarSecretStore({ load: async () => backend });
    const failure = await store.set('local', 'admin-token', '*:*.secret').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(KeychainUnavailableError);
    expect(failure).toMatchObject({
      name: 'KeychainUnavailableError',
      message: `${KEYCHAIN_UNAVAILABLE_MESSAGE} (Cannot autolaunch D-Bus without X11 $DISPLAY)`,
    });
    expect((failure as Error).message).not.toContain('*:*.secret');
    await expect(store.get('local', 'admin-token')).rejects.toBeInstanceOf(KeychainUnavailableError);
    await expect(store.list('local')).rejects.toBeInstanceOf(KeychainUnavailableError);
    expect(backend.calls).toBe(3);
  });

  it('reports unavailability instead of throwing from availability()', async () => {
    const store = createKeytarSecretStore({ load: async () => new NoDbusKeytar() });
    expect(await store.availability()).toEqual({
      available: false,
      reason: `${KEYCHAIN_UNAVAILABLE_MESSAGE} (Cannot autolaunch D-Bus without X11 $DISPLAY)`,
    });
  });

  it('treats a native module that fails to load as no keychain, and retries the load later', async () => {
    let attempts = 0;
    const backend = new InMemoryKeytar();
    const store = createKeytarSecretStore({
      load: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('libsecret-1.so.0: cannot open shared object file');
        return backend;
      },
    });
    await expect(store.set('local', 'admin-token', 'x')).rejects.toMatchObject({
      name: 'KeychainUnavailableError',
      message: `${KEYCHAIN_UNAVAILABLE_MESSAGE} (libsecret-1.so.0: cannot open shared object file)`,
    });
    await store.set('local', 'admin-token', 'x');
    expect(await store.get('local', 'admin-token')).toBe('x');
    expect(attempts).toBe(2);
  });

  it('refuses clearly, and stores nothing, when keytar is not installed (issue 12 §7)', async () => {
    const missing = async () => {
      throw Object.assign(new Error("Cannot find package 'keytar' imported from dist/main/main.js"), {
        code: 'ERR_MODULE_NOT_FOUND',
      });
    };
    const store = createKeytarSecretStore({ load: () => loadKeytar(missing) });
    expect(await store.availability()).toEqual({
      available: false,
      reason: `${KEYCHAIN_UNAVAILABLE_MESSAGE} (${KEYTAR_MISSING})`,
    });
    await expect(store.set('local', 'admin-token', 'x')).rejects.toMatchObject({
      name: 'KeychainUnavailableError',
      message: `${KEYCHAIN_UNAVAILABLE_MESSAGE} (${KEYTAR_MISSING})`,
    });
    // CommonJS loaders say MODULE_NOT_FOUND; other load failures keep their own message.
    const commonJs = Object.assign(new Error("Cannot find module 'keytar'"), { code: 'MODULE_NOT_FOUND' });
    await expect(loadKeytar(() => Promise.reject(commonJs))).rejects.toThrow(KEYTAR_MISSING);
    const broken = new Error('libsecret-1.so.0: cannot open shared object file');
    await expect(loadKeytar(() => Promise.reject(broken))).rejects.toBe(broken);
  });

  it('loads the real module through the default importer when it is installed', async () => {
    const loaded = await loadKeytar().catch((error: Error) => error);
    if (loaded instanceof Error) expect(loaded.message).toBe(KEYTAR_MISSING);
    else expect(typeof loaded.findCredentials).toBe('function');
  });
});
