import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { NetworkSettings } from '../../server/contract';
import {
  adminBaseUrl,
  DEFAULT_NETWORK_SETTINGS,
  isLoopbackAddress,
  listSdkAddresses,
  networkSettingsToServerEnv,
  validateNetworkSettings,
} from './network-exposure';

function v4(address: string, internal = false): NetworkInterfaceInfo {
  return {
    address,
    netmask: '255.255.255.0',
    family: 'IPv4',
    mac: '00:00:00:00:00:00',
    internal,
    cidr: null,
  };
}
function v6(address: string, scopeid = 0, internal = false): NetworkInterfaceInfo {
  return {
    address,
    netmask: 'ffff:ffff:ffff:ffff::',
    family: 'IPv6',
    mac: '00:00:00:00:00:00',
    internal,
    cidr: null,
    scopeid,
  };
}

const interfaces = {
  lo: [v4('127.0.0.1', true), v6('::1', 0, true)],
  eth0: [v6('fe80::1c2:3ff:fe4a:1', 2), v6('2001:db8::10'), v4('192.168.1.20')],
  wlan0: [v4('10.0.0.7')],
  down: undefined,
};

const exposed: NetworkSettings = { ...DEFAULT_NETWORK_SETTINGS, sdkEnabled: true };

describe('networkSettingsToServerEnv', () => {
  it('keeps everything on loopback by default', () => {
    expect(networkSettingsToServerEnv(DEFAULT_NETWORK_SETTINGS)).toEqual({
      HOST: '127.0.0.1',
      PORT: '4242',
      ADMIN_LOOPBACK_ONLY: 'true',
    });
  });

  it('adds the SDK listener when exposed', () => {
    expect(networkSettingsToServerEnv({ ...exposed, sdkHost: '192.168.1.20', sdkPort: 8080 })).toEqual({
      HOST: '127.0.0.1',
      PORT: '4242',
      ADMIN_LOOPBACK_ONLY: 'true',
      SDK_HOST: '192.168.1.20',
      SDK_PORT: '8080',
    });
  });

  it('turns the loopback guard off only when the admin host is not loopback', () => {
    expect(
      networkSettingsToServerEnv({ ...DEFAULT_NETWORK_SETTINGS, adminHost: '0.0.0.0' }).ADMIN_LOOPBACK_ONLY,
    ).toBe('false');
    expect(
      networkSettingsToServerEnv({ ...DEFAULT_NETWORK_SETTINGS, adminHost: '::1' }).ADMIN_LOOPBACK_ONLY,
    ).toBe('true');
  });
});

describe('validateNetworkSettings', () => {
  it('accepts the defaults', () => {
    expect(validateNetworkSettings(DEFAULT_NETWORK_SETTINGS)).toEqual(DEFAULT_NETWORK_SETTINGS);
  });

  it('rejects a host that is not an IP address', () => {
    expect(() => validateNetworkSettings({ ...DEFAULT_NETWORK_SETTINGS, sdkHost: '1.2.3' })).toThrow(
      'sdkHost must be an IP address.',
    );
  });

  it('rejects an SDK listener on the admin port when the addresses overlap', () => {
    const clash = { ...exposed, sdkPort: 4242 };
    expect(() => validateNetworkSettings(clash)).toThrow(
      expect.objectContaining({
        name: 'InvalidSettingsError',
        message: 'The SDK listener needs a port of its own.',
        field: 'sdkPort',
      }),
    );
    expect(validateNetworkSettings({ ...clash, sdkHost: '192.168.1.20' })).toEqual({
      ...clash,
      sdkHost: '192.168.1.20',
    });
  });
});

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.10.0.5', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['192.168.1.20', false],
    ['::', false],
  ])('%s -> %s', (host, loopback) => {
    expect(isLoopbackAddress(host)).toBe(loopback);
  });
});

describe('listSdkAddresses', () => {
  it('offers only the loopback URL while SDK exposure is off', () => {
    expect(listSdkAddresses(interfaces, DEFAULT_NETWORK_SETTINGS, '/flags')).toEqual([
      { interface: 'loopback', family: 'IPv4', address: '127.0.0.1', url: 'http://127.0.0.1:4242/flags/api' },
    ]);
  });

  it('lists every external IPv4 address for 0.0.0.0', () => {
    expect(listSdkAddresses(interfaces, exposed)).toEqual([
      { interface: 'eth0', family: 'IPv4', address: '192.168.1.20', url: 'http://192.168.1.20:4243/api' },
      { interface: 'wlan0', family: 'IPv4', address: '10.0.0.7', url: 'http://10.0.0.7:4243/api' },
    ]);
  });

  it('adds routable IPv6 addresses for :: and skips link-local ones', () => {
    expect(
      listSdkAddresses(interfaces, { ...exposed, sdkHost: '::' }, 'flags/').map((entry) => entry.url),
    ).toEqual([
      'http://192.168.1.20:4243/flags/api',
      'http://10.0.0.7:4243/flags/api',
      'http://[2001:db8::10]:4243/flags/api',
    ]);
  });

  it('lists only the chosen address when bound to one', () => {
    expect(listSdkAddresses(interfaces, { ...exposed, sdkHost: '10.0.0.7' })).toEqual([
      { interface: 'wlan0', family: 'IPv4', address: '10.0.0.7', url: 'http://10.0.0.7:4243/api' },
    ]);
    expect(listSdkAddresses(interfaces, { ...exposed, sdkHost: '172.16.0.1' })).toEqual([]);
  });
});

describe('adminBaseUrl', () => {
  it('reaches a wildcard admin listener through loopback', () => {
    expect(adminBaseUrl(DEFAULT_NETWORK_SETTINGS)).toBe('http://127.0.0.1:4242');
    expect(adminBaseUrl({ ...DEFAULT_NETWORK_SETTINGS, adminHost: '0.0.0.0' }, '/base/')).toBe(
      'http://127.0.0.1:4242/base',
    );
    expect(adminBaseUrl({ ...DEFAULT_NETWORK_SETTINGS, adminHost: '::' })).toBe('http://[::1]:4242');
  });
});
