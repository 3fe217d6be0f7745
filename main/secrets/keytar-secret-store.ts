import type { SecretsAvailability } from '../../server/contract';
import { assertSecretAddress, isSecretKey, KeychainUnavailableError, type SecretStore } from './secret-store';

/** keytar's functions, so tests can hand in an in-memory backend. */
export interface KeytarBackend {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
}

/** Said when keytar is not installed: it is an optional dependency (issue 12 §7). */
export const KEYTAR_MISSING =
  'keytar, the optional OS keychain module, is not installed; on Linux install libsecret-1-dev and run npm install again';

function isModuleMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}

/**
 * Loaded on first use: keytar is a native, optional module, and a machine without it (no
 * libsecret, no prebuilt binary) still starts the app, the server and the tests; only storing
 * or reading a token is refused, with KEYTAR_MISSING, never written elsewhere.
 */
export async function loadKeytar(
  importKeytar: () => Promise<unknown> = () => import('keytar'),
): Promise<KeytarBackend> {
  let module: KeytarBackend & { default?: KeytarBackend };
  try {
    module = (await importKeytar()) as KeytarBackend & { default?: KeytarBackend };
  } catch (error) {
    if (isModuleMissing(error)) throw new Error(KEYTAR_MISSING, { cause: error });
    throw error;
  }
  return module.default ?? module;
}

export interface KeytarSecretStoreOptions {
  /** Prefix of the keychain service names; one service per profile, e.g. `Switchyard/local`. */
  serviceName?: string;
  load?: () => Promise<KeytarBackend>;
}

function detailOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]?.slice(0, 200) ?? '';
}

export function createKeytarSecretStore(options: KeytarSecretStoreOptions = {}): SecretStore {
  const serviceName = options.serviceName ?? 'Switchyard';
  const load = options.load ?? loadKeytar;
  let backend: Promise<KeytarBackend> | null = null;

  const service = (profile: string): string => `${serviceName}/${profile}`;

  function backendOrLoad(): Promise<KeytarBackend> {
    if (backend === null) {
      const loading = load();
      backend = loading;
      // A failed load is retried on the next call, e.g. once libsecret is installed.
      loading.catch(() => {
        if (backend === loading) backend = null;
      });
    }
    return backend;
  }

  /**
   * Every keytar failure (no D-Bus, no Secret Service, a locked collection, a
   * missing native module) becomes KeychainUnavailableError. There is no plain
   * text fallback: a failed set leaves the token unsaved.
   */
  async function withKeychain<T>(operation: (keytar: KeytarBackend) => Promise<T>): Promise<T> {
    try {
      return await operation(await backendOrLoad());
    } catch (error) {
      throw new KeychainUnavailableError(detailOf(error), { cause: error });
    }
  }

  return {
    async availability(): Promise<SecretsAvailability> {
      try {
        await withKeychain((keytar) => keytar.findCredentials(service('availability-probe')));
        return { available: true, reason: null };
      } catch (error) {
        return { available: false, reason: error instanceof Error ? error.message : String(error) };
      }
    },

    async get(profile, key) {
      assertSecretAddress(profile, key);
      return withKeychain((keytar) => keytar.getPassword(service(profile), key));
    },

    async set(profile, key, value) {
      assertSecretAddress(profile, key);
      if (value === '') throw new TypeError('A secret cannot be empty.');
      await withKeychain((keytar) => keytar.setPassword(service(profile), key, value));
    },

    async delete(profile, key) {
      assertSecretAddress(profile, key);
      return withKeychain((keytar) => keytar.deletePassword(service(profile), key));
    },

    async list(profile) {
      assertSecretAddress(profile, 'admin-token');
      const credentials = await withKeychain((keytar) => keytar.findCredentials(service(profile)));
      return credentials
        .map((credential) => credential.account)
        .filter(isSecretKey)
        .sort();
    },
  };
}
