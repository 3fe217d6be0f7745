import { createRequire } from 'node:module';
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

const MISSING_KEYTAR =
  'The keychain test needs keytar, an optional dependency that was not installed (on Linux its build needs ' +
  "libsecret's headers): install libsecret-1-dev, run npm install again, then run the test in a D-Bus session as below. " +
  SETUP;

const needsDbus = process.platform === 'linux';
const hasKeytar = (() => {
  try {
    createRequire(import.meta.url).resolve('keytar');
    return true;
  } catch {
    return false;
  }
})();
const hasDbus = !needsDbus || Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
const hasKeychain = hasKeytar && hasDbus;
const inCi = process.env.CI === 'true';

const serviceName = `switchyard-test-${process.pid}-${Date.now().toString(36)}`;

if (!hasKeychain && inCi) {
  describe('KeytarSecretStore on the system keychain', () => {
    it('has a keychain to test against', () => {
      throw new Error(hasKeytar ? SETUP : MISSING_KEYTAR);
    });
  });
} else if (!hasKeytar) {
  // Locally, a machine without libsecret installs without keytar (issue 12 §7): say why this is skipped.
  describe('KeytarSecretStore on the system keychain', () => {
    it.skip(`skipped: ${MISSING_KEYTAR}`, () => {});
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
