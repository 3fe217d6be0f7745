import { isIP } from 'node:net';
import type { NetworkInterfaceInfo } from 'node:os';
import type { NetworkSettings, SdkAddress } from '../../server/contract';
import { SafeIpcError } from '../ipc/ipc-errors';

/**
 * Environment variables main passes to the hosted server to shape its listeners.
 * HOST and PORT already exist in server/src/main.ts; the others are new:
 * - ADMIN_LOOPBACK_ONLY=true: admin API, auth and console refuse any peer that is not
 *   loopback, on every listener, whatever the bind address.
 * - SDK_HOST/SDK_PORT: when set, a second listener that serves only the SDK surfaces
 *   (/api/client/*, /api/frontend/*, /health, /ready) and answers 404 to everything else.
 */
export const SERVER_NETWORK_ENV = {
  host: 'HOST',
  port: 'PORT',
  adminLoopbackOnly: 'ADMIN_LOOPBACK_ONLY',
  sdkHost: 'SDK_HOST',
  sdkPort: 'SDK_PORT',
} as const;

export const DEFAULT_NETWORK_SETTINGS: NetworkSettings = {
  adminHost: '127.0.0.1',
  adminPort: 4242,
  sdkEnabled: false,
  sdkHost: '0.0.0.0',
  sdkPort: 4243,
};

const WILDCARDS = new Set(['0.0.0.0', '::']);

export function isWildcardAddress(host: string): boolean {
  return WILDCARDS.has(host);
}

export function isLoopbackAddress(host: string): boolean {
  const lower = host.toLowerCase();
  if (lower === '::1') return true;
  const v4 = lower.startsWith('::ffff:') ? lower.slice(7) : lower;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/** Throws InvalidSettingsError (safe for the console) when settings cannot be bound as given. */
export function validateNetworkSettings(settings: NetworkSettings): NetworkSettings {
  for (const [field, host] of [
    ['adminHost', settings.adminHost],
    ['sdkHost', settings.sdkHost],
  ] as const) {
    if (isIP(host) === 0) {
      throw new SafeIpcError('InvalidSettingsError', `${field} must be an IP address.`, { field });
    }
  }
  if (settings.sdkEnabled && settings.sdkPort === settings.adminPort) {
    const overlap =
      settings.sdkHost === settings.adminHost ||
      isWildcardAddress(settings.sdkHost) ||
      isWildcardAddress(settings.adminHost);
    if (overlap) {
      throw new SafeIpcError('InvalidSettingsError', 'The SDK listener needs a port of its own.', {
        field: 'sdkPort',
      });
    }
  }
  return settings;
}

export function networkSettingsToServerEnv(settings: NetworkSettings): Record<string, string> {
  const env: Record<string, string> = {
    [SERVER_NETWORK_ENV.host]: settings.adminHost,
    [SERVER_NETWORK_ENV.port]: String(settings.adminPort),
    [SERVER_NETWORK_ENV.adminLoopbackOnly]: String(isLoopbackAddress(settings.adminHost)),
  };
  if (settings.sdkEnabled) {
    env[SERVER_NETWORK_ENV.sdkHost] = settings.sdkHost;
    env[SERVER_NETWORK_ENV.sdkPort] = String(settings.sdkPort);
  }
  return env;
}

function hostForUrl(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}

function normaliseBasePath(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** Where main, the tray and the window reach the admin listener from this machine. */
export function adminBaseUrl(settings: NetworkSettings, basePath = ''): string {
  const host = isWildcardAddress(settings.adminHost)
    ? settings.adminHost === '::'
      ? '::1'
      : '127.0.0.1'
    : settings.adminHost;
  return `http://${hostForUrl(host)}:${settings.adminPort}${normaliseBasePath(basePath)}`;
}

type InterfaceTable = NodeJS.Dict<NetworkInterfaceInfo[]>;

/**
 * The SDK URLs other machines can use, from `os.networkInterfaces()`. Loopback and
 * link-local IPv6 (which needs a zone id no SDK accepts) are left out; with SDK
 * exposure off, only the loopback URL on the admin listener is offered.
 */
export function listSdkAddresses(
  interfaces: InterfaceTable,
  settings: NetworkSettings,
  basePath = '',
): SdkAddress[] {
  const path = `${normaliseBasePath(basePath)}/api`;
  if (!settings.sdkEnabled) {
    const url = `${adminBaseUrl(settings)}${path}`;
    const address = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return [{ interface: 'loopback', family: address.includes(':') ? 'IPv6' : 'IPv4', address, url }];
  }
  const wantsV4 = settings.sdkHost === '0.0.0.0' || settings.sdkHost === '::';
  const wantsV6 = settings.sdkHost === '::';
  const result: SdkAddress[] = [];
  for (const [name, entries] of Object.entries(interfaces)) {
    for (const entry of entries ?? []) {
      if (entry.internal) continue;
      const family = entry.family === 'IPv6' ? 'IPv6' : 'IPv4';
      if (family === 'IPv6' && entry.address.toLowerCase().startsWith('fe80:')) continue;
      if (entry.address !== settings.sdkHost && !(family === 'IPv4' ? wantsV4 : wantsV6)) continue;
      result.push({
        interface: name,
        family,
        address: entry.address,
        url: `http://${hostForUrl(entry.address)}:${settings.sdkPort}${path}`,
      });
    }
  }
  return result.sort((a, b) => (a.family === b.family ? 0 : a.family === 'IPv4' ? -1 : 1));
}
