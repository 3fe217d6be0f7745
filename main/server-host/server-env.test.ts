import { describe, expect, it } from 'vitest';
import { DEFAULT_NETWORK_SETTINGS } from '../network/network-exposure';
import { buildServerEnv } from './server-env';

describe('buildServerEnv', () => {
  it('passes the server settings and only an allowlist of the user environment', () => {
    const env = buildServerEnv({
      inherit: { PATH: '/usr/bin', HOME: '/home/a', GITHUB_TOKEN: 'ghp_x', DATABASE_URL: 'postgres://leak' },
      dataDir: '/home/a/.config/Switchyard/server',
      network: { ...DEFAULT_NETWORK_SETTINGS, sdkEnabled: true },
      baseUriPath: '/flags',
    });
    expect(env).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/a',
      HOST: '127.0.0.1',
      PORT: '4242',
      ADMIN_LOOPBACK_ONLY: 'true',
      SDK_HOST: '0.0.0.0',
      SDK_PORT: '4243',
      NODE_ENV: 'production',
      WORKERS: '1',
      DATA_DIR: '/home/a/.config/Switchyard/server',
      LOG_LEVEL: 'info',
      BASE_URI_PATH: '/flags',
    });
  });

  it('hands the keychain password of the embedded database over, unless an external database is used', () => {
    const embedded = buildServerEnv({
      inherit: {},
      dataDir: '/d',
      network: DEFAULT_NETWORK_SETTINGS,
      embeddedDatabasePassword: 'from-keychain',
    });
    expect(embedded.EMBEDDED_DATABASE_PASSWORD).toBe('from-keychain');
    const external = buildServerEnv({
      inherit: {},
      dataDir: '/d',
      network: DEFAULT_NETWORK_SETTINGS,
      databaseUrl: 'postgres://db/x',
      embeddedDatabasePassword: 'from-keychain',
    });
    expect(external.EMBEDDED_DATABASE_PASSWORD).toBeUndefined();
  });

  it('hands the keychain secrets encryption key over with an embedded or an external database', () => {
    for (const databaseUrl of [null, 'postgres://db/x']) {
      const env = buildServerEnv({
        inherit: { SECRETS_ENCRYPTION_KEY: 'from-shell' },
        dataDir: '/d',
        network: DEFAULT_NETWORK_SETTINGS,
        databaseUrl,
        secretsEncryptionKey: 'ab'.repeat(32),
      });
      expect(env.SECRETS_ENCRYPTION_KEY).toBe('ab'.repeat(32));
    }
  });

  it('hands the keychain bundle signing key over as SWITCHYARD_BUNDLE_SIGNING_KEY, never one from the shell', () => {
    const env = buildServerEnv({
      inherit: { SWITCHYARD_BUNDLE_SIGNING_KEY: 'from-shell' },
      dataDir: '/d',
      network: DEFAULT_NETWORK_SETTINGS,
      bundleSigningKey: 'MC4CAQAwBQYDK2VwBCIEI-keychain',
    });
    expect(env.SWITCHYARD_BUNDLE_SIGNING_KEY).toBe('MC4CAQAwBQYDK2VwBCIEI-keychain');
    const without = buildServerEnv({
      inherit: { SWITCHYARD_BUNDLE_SIGNING_KEY: 'from-shell' },
      dataDir: '/d',
      network: DEFAULT_NETWORK_SETTINGS,
    });
    expect(without.SWITCHYARD_BUNDLE_SIGNING_KEY).toBeUndefined();
  });

  it('sets DATABASE_URL only when configured', () => {
    const env = buildServerEnv({
      inherit: {},
      dataDir: '/d',
      network: DEFAULT_NETWORK_SETTINGS,
      databaseUrl: 'postgres://u:p@db/flags',
      logLevel: 'debug',
    });
    expect(env.DATABASE_URL).toBe('postgres://u:p@db/flags');
    expect(env.LOG_LEVEL).toBe('debug');
    expect(env.BASE_URI_PATH).toBe('');
  });
});
