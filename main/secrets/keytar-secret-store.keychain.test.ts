import { afterAll, describe, expect, it } from 'vitest';
import { createKeytarSecretStore, loadKeytar } from './keytar-secret-store';
import { describeSecretStoreContract } from './secret-store-contract';

/**
 * The keytar store against the real OS keychain. On Linux that needs a D-Bus
 * session with an unlocked Secret Service; locally the test skips without one,
 * in CI it fails so a missing keychain cannot pass unnoticed.
 */
const SETUP =
  'The keychain test needs a D-Bus session with an unlocked Secret Service (DBUS_SESSION_BUS_ADDRESS is unset). ' +
  'Install gnome-keyring, dbus-x11 and libsecret-1-0, then run the tests inside a session: ' +
  "dbus-run-session -- sh -c 'echo pass | gnome-keyring-daemon --unlock --components=secrets >/dev/null; " +
  "npx vitest run main/secrets'";

const needsDbus = process.platform === 'linux';
const hasKeychain = !needsDbus || Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
const inCi = process.env.CI === 'true';

const serviceName = `switchyard-test-${process.pid}-${Date.now().toString(36)}`;

if (!hasKeychain && inCi) {
  describe('KeytarSecretStore on the system keychain', () => {
    it('has a keychain to test against', () => {
      throw new Error(SETUP);
    });
  });
} else {
  describe.skipIf(!hasKeychain)('KeytarSecretStore on the system keychain', () => {
    describeSecretStoreContract('KeytarSecretStore on the system keychain', async () => ({
      store: createKeytarSecretStore({ serviceName }),
    }));

    afterAll(async () => {
      const keytar = await loadKeytar();
      for (const profile of ['raw-check']) {
        for (const { account } of await keytar.findCredentials(`${serviceName}/${profile}`)) {
          await keytar.deletePassword(`${serviceName}/${profile}`, account);
        }
      }
    });

    it('writes items other keytar clients can find under service and account', async () => {
      const store = createKeytarSecretStore({ serviceName });
      await store.set('raw-check', 'personal-access-token', 'user:keychain-check');
      const keytar = await loadKeytar();
      expect(await keytar.findCredentials(`${serviceName}/raw-check`)).toEqual([
        { account: 'personal-access-token', password: 'user:keychain-check' },
      ]);
      expect(await store.delete('raw-check', 'personal-access-token')).toBe(true);
      expect(await keytar.findCredentials(`${serviceName}/raw-check`)).toEqual([]);
    });
  });
}
