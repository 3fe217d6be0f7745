import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_NETWORK_SETTINGS } from './network-exposure';
import { readStartupNetwork } from './startup-network';

describe('readStartupNetwork', () => {
  let userData: string;
  beforeEach(async () => {
    userData = await mkdtemp(path.join(tmpdir(), 'switchyard-startup-network-'));
  });
  afterEach(() => rm(userData, { recursive: true, force: true }));

  const read = (baseUriPath = '') =>
    readStartupNetwork({ userData, baseUriPath, interfaces: () => ({}), log: () => {} });

  it('runs with the defaults on a first start: the console on the loopback admin port', async () => {
    const startup = await read();
    expect(startup.running).toEqual(DEFAULT_NETWORK_SETTINGS);
    expect(startup.serverUrl).toBe(`http://127.0.0.1:${DEFAULT_NETWORK_SETTINGS.adminPort}`);
    expect(startup.appOrigin).toBe(startup.serverUrl);
    expect(startup.consoleUrl).toBe(`${startup.serverUrl}/`);
  });

  it('reads network-settings.json from userData, with the base path in the URLs but not the origin', async () => {
    await writeFile(
      path.join(userData, 'network-settings.json'),
      JSON.stringify({ ...DEFAULT_NETWORK_SETTINGS, adminPort: 4343 }),
    );
    const startup = await read('/flags');
    expect(startup.running.adminPort).toBe(4343);
    expect(startup.serverUrl).toBe('http://127.0.0.1:4343/flags');
    expect(startup.appOrigin).toBe('http://127.0.0.1:4343');
    expect(startup.consoleUrl).toBe('http://127.0.0.1:4343/flags/');
  });
});
