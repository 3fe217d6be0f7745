/** SECRETS_ENCRYPTION_KEY of test apps and spawned test servers (a fixed key, tests only). */
export const TEST_SECRETS_KEY = '5e'.repeat(32);
