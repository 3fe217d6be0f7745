import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BeforeSendResponse, WebRequestFilter } from 'electron';
import { afterEach, describe, expect, it } from 'vitest';
import { IPC_INVOKE_CHANNELS, type ProfileOrigin } from '../../server/contract';
import { type InvokeSender, type IpcHandlers, registerIpcHandlers } from '../ipc/ipc-registry';
import { readJsonFile, writeJsonFileAtomic } from '../settings/json-file';
import { buildContentSecurityPolicy } from '../window/content-security-policy';
import { FakeSecretStore } from './fake-secret-store';
import {
  acceptedProfileOrigins,
  checkProfileOrigin,
  createProfileOriginRegistry,
  MAX_PROFILE_ORIGINS,
  ProfileOriginsFileSchema,
  profileOriginHandlers,
} from './profile-origins';
import { type BeforeSendHeadersSession, installRequestSigner } from './request-signer';

const APP_ORIGIN = 'http://127.0.0.1:4242';
const LOCAL = 'local';

describe('checkProfileOrigin', () => {
  it.each([
    'https://flags.example.com',
    'https://flags.example.com:8443',
    'http://127.0.0.1:5000',
    'http://localhost:4343',
    'http://[::1]:4242',
  ])('accepts %s', (origin) => {
    expect(checkProfileOrigin(origin)).toBe(origin);
  });

  it.each([
    ['plain http to another machine', 'http://flags.example.com', /only over https/],
    ['plain http to a LAN address', 'http://192.168.1.20:4242', /only over https/],
    ['a path', 'https://flags.example.com/api', /origin only, such as https:\/\/flags.example.com/],
    ['a trailing slash', 'https://flags.example.com/', /without path or trailing slash/],
    ['credentials', 'https://user:pw@flags.example.com', /origin only/],
    ['a default port spelled out', 'https://flags.example.com:443', /origin only/],
    ['another scheme', 'ftp://flags.example.com', /must use https/],
    ['a javascript: URL', 'javascript:alert(1)', /must use https/],
    ['no URL at all', 'flags.example.com', /not a URL/],
    ['a host that only looks like loopback', 'http://127.0.0.1.evil.example', /only over https/],
  ])('rejects %s', (_label, origin, message) => {
    expect(() => checkProfileOrigin(origin)).toThrow(message);
  });
});

function makeRegistry(initial: ProfileOrigin[] = []) {
  const saved: ProfileOrigin[][] = [];
  const applied: ProfileOrigin[][] = [];
  let failSaving = false;
  const registry = createProfileOriginRegistry({
    appOrigin: APP_ORIGIN,
    localProfile: LOCAL,
    initial,
    persist: async (origins) => {
      if (failSaving) throw new Error('disk full');
      saved.push([...origins]);
    },
    onChange: (origins) => applied.push([...origins]),
  });
  return {
    registry,
    saved,
    applied,
    failNextSaves: () => {
      failSaving = true;
    },
  };
}

describe('profile origin registry', () => {
  it('registers an origin, saves and applies it, and says the console must reload for it', async () => {
    const { registry, saved, applied } = makeRegistry();
    expect(await registry.register('remote-a', 'https://flags.example.com')).toEqual({
      reloadRequired: true,
    });
    const expected = [{ profile: 'remote-a', origin: 'https://flags.example.com' }];
    expect(registry.list()).toEqual(expected);
    expect(saved).toEqual([expected]);
    expect(applied).toEqual([expected]);
  });

  it('is idempotent for the same profile and origin, and moves a profile to a new origin', async () => {
    const { registry, saved } = makeRegistry();
    await registry.register('remote-a', 'https://a.example.com');
    expect(await registry.register('remote-a', 'https://a.example.com')).toEqual({ reloadRequired: false });
    expect(saved).toHaveLength(1);
    expect(await registry.register('remote-a', 'https://b.example.com')).toEqual({ reloadRequired: true });
    expect(registry.list()).toEqual([{ profile: 'remote-a', origin: 'https://b.example.com' }]);
  });

  it('refuses the embedded server, the local profile and an origin another profile owns', async () => {
    const { registry, saved } = makeRegistry([{ profile: 'remote-a', origin: 'https://a.example.com' }]);
    await expect(registry.register('remote-b', APP_ORIGIN)).rejects.toMatchObject({
      name: 'InvalidSettingsError',
      field: 'origin',
    });
    await expect(registry.register(LOCAL, 'https://c.example.com')).rejects.toMatchObject({
      name: 'InvalidSettingsError',
      field: 'profile',
    });
    await expect(registry.register('remote-b', 'https://a.example.com')).rejects.toMatchObject({
      name: 'InvalidSettingsError',
      message: 'Another connection already uses this server; one token per server is sent.',
    });
    expect(saved).toEqual([]);
  });

  it('keeps the list unchanged when saving fails', async () => {
    const { registry, applied, failNextSaves } = makeRegistry();
    failNextSaves();
    await expect(registry.register('remote-a', 'https://a.example.com')).rejects.toThrow('disk full');
    expect(registry.list()).toEqual([]);
    expect(applied).toEqual([]);
  });

  it('caps the number of origins', async () => {
    const initial = Array.from({ length: MAX_PROFILE_ORIGINS }, (_, i) => ({
      profile: `remote-${i}`,
      origin: `https://s${i}.example.com`,
    }));
    const { registry } = makeRegistry(initial);
    await expect(registry.register('remote-new', 'https://new.example.com')).rejects.toThrow(/At most/);
  });

  it('unregisters a profile', async () => {
    const { registry, applied } = makeRegistry([{ profile: 'remote-a', origin: 'https://a.example.com' }]);
    expect(await registry.unregister('remote-a')).toBe(true);
    expect(await registry.unregister('remote-a')).toBe(false);
    expect(registry.list()).toEqual([]);
    expect(applied).toEqual([[]]);
  });

  it('serialises concurrent registrations so none is lost', async () => {
    const { registry, saved } = makeRegistry();
    await Promise.all([
      registry.register('remote-a', 'https://a.example.com'),
      registry.register('remote-b', 'https://b.example.com'),
    ]);
    expect(saved.at(-1)).toHaveLength(2);
  });
});

describe('acceptedProfileOrigins', () => {
  it('drops saved entries that are invalid, clash, or became the embedded server', () => {
    const logged: string[] = [];
    const kept = acceptedProfileOrigins(
      [
        { profile: 'remote-a', origin: 'https://a.example.com' },
        { profile: 'remote-b', origin: 'http://lan.example.com' },
        { profile: 'remote-c', origin: APP_ORIGIN },
        { profile: 'remote-d', origin: 'https://a.example.com' },
        { profile: LOCAL, origin: 'https://l.example.com' },
      ],
      { appOrigin: APP_ORIGIN, localProfile: LOCAL },
      (message) => logged.push(message),
    );
    expect(kept).toEqual([{ profile: 'remote-a', origin: 'https://a.example.com' }]);
    expect(logged).toHaveLength(4);
  });
});

describe('profile origins file', () => {
  let dir: string | null = null;
  afterEach(async () => {
    if (dir !== null) await rm(dir, { recursive: true, force: true });
    dir = null;
  });

  it('holds profile ids and origins only, and reads back', async () => {
    dir = await mkdtemp(join(tmpdir(), 'switchyard-origins-'));
    const file = join(dir, 'server-profiles.json');
    const secrets = new FakeSecretStore();
    await secrets.set('remote-a', 'admin-token', '*:*.do-not-persist');
    const { registry } = makeRegistryWithFile(file);
    await registry.register('remote-a', 'https://a.example.com');
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('do-not-persist');
    expect(await readJsonFile(file, ProfileOriginsFileSchema)).toEqual({
      version: 1,
      origins: [{ profile: 'remote-a', origin: 'https://a.example.com' }],
    });
  });
});

function makeRegistryWithFile(file: string) {
  const registry = createProfileOriginRegistry({
    appOrigin: APP_ORIGIN,
    localProfile: LOCAL,
    initial: [],
    persist: (origins) => writeJsonFileAtomic(file, { version: 1, origins }),
    onChange: () => {},
  });
  return { registry };
}

type SignerListener = Parameters<BeforeSendHeadersSession['webRequest']['onBeforeSendHeaders']>[1];

class FakeWebRequestSession implements BeforeSendHeadersSession {
  filter: WebRequestFilter | null = null;
  listener: SignerListener = null;
  webRequest = {
    onBeforeSendHeaders: (filter: WebRequestFilter, listener: SignerListener) => {
      this.filter = filter;
      this.listener = listener;
    },
  };

  send(url: string): Promise<BeforeSendResponse> {
    return new Promise((resolve, reject) => {
      if (this.listener === null) reject(new Error('no listener'));
      else this.listener({ url, requestHeaders: {} }, resolve);
    });
  }
}

type Handler = (event: InvokeSender, ...args: unknown[]) => Promise<unknown>;

/**
 * main.ts's wiring in miniature: the IPC registry with the real dispatch, the registry's handlers,
 * the request signer on a stand-in session and the CSP rebuilt on change.
 */
function wireMain() {
  const secrets = new FakeSecretStore();
  const session = new FakeWebRequestSession();
  const signer = installRequestSigner(session, { secrets, profiles: new Map([[APP_ORIGIN, LOCAL]]) });
  let policy = buildContentSecurityPolicy();
  const registry = createProfileOriginRegistry({
    appOrigin: APP_ORIGIN,
    localProfile: LOCAL,
    initial: [],
    persist: async () => {},
    onChange: (origins) => {
      policy = buildContentSecurityPolicy({ connectOrigins: origins.map((entry) => entry.origin) });
      signer.setProfiles(
        new Map([[APP_ORIGIN, LOCAL], ...origins.map((entry) => [entry.origin, entry.profile] as const)]),
      );
    },
  });
  const refuse = () => {
    throw new Error('not part of this test');
  };
  const handlers = Object.fromEntries(
    Object.keys(IPC_INVOKE_CHANNELS).map((channel) => [channel, refuse]),
  ) as unknown as IpcHandlers;
  Object.assign(handlers, profileOriginHandlers(registry));
  const registered = new Map<string, Handler>();
  registerIpcHandlers(
    { handle: (channel, listener) => registered.set(channel, listener), removeHandler: () => {} },
    { appOrigin: APP_ORIGIN, handlers },
  );
  const invoke = (
    channel: string,
    payload: unknown,
    url = `${APP_ORIGIN}/connections`,
    parent: unknown = null,
  ) => registered.get(channel)?.({ senderFrame: { url, parent } }, payload);
  return { secrets, session, registry, invoke, policy: () => policy };
}

describe('profile origins over IPC, with the request signer and CSP', () => {
  it('signs requests to the registered origin with that profile token, and no other origin', async () => {
    const { secrets, session, invoke, policy } = wireMain();
    await secrets.set('remote-a', 'admin-token', '*:*.remote-a-token');
    await secrets.set(LOCAL, 'admin-token', '*:*.local-token');

    expect(await session.send('https://a.example.com/api/admin/projects')).toEqual({});
    const answer = await invoke('switchyard:profiles:register-origin', {
      profile: 'remote-a',
      origin: 'https://a.example.com',
    });
    expect(answer).toEqual({
      ok: true,
      value: { reloadRequired: true, origins: [{ profile: 'remote-a', origin: 'https://a.example.com' }] },
    });
    expect(policy()).toContain("connect-src 'self' https://a.example.com;");
    expect(session.filter).toEqual({ urls: [`${APP_ORIGIN}/*`, 'https://a.example.com/*'] });

    expect((await session.send('https://a.example.com/api/admin/projects')).requestHeaders).toEqual({
      Authorization: '*:*.remote-a-token',
    });
    expect((await session.send(`${APP_ORIGIN}/api/admin/projects`)).requestHeaders).toEqual({
      Authorization: '*:*.local-token',
    });
    for (const other of [
      'https://a.example.com.evil.example/api/admin/projects',
      'https://b.example.com/api/admin/projects',
      'http://a.example.com/api/admin/projects',
      'https://a.example.com:8443/api/admin/projects',
    ]) {
      expect(await session.send(other), other).toEqual({});
    }

    expect(await invoke('switchyard:profiles:unregister-origin', { profile: 'remote-a' })).toEqual({
      ok: true,
      value: { removed: true },
    });
    expect(await session.send('https://a.example.com/api/admin/projects')).toEqual({});
    expect(policy()).toContain("connect-src 'self';");
  });

  it('rejects bad origins with the field they concern', async () => {
    const { invoke, registry } = wireMain();
    const plainHttp = await invoke('switchyard:profiles:register-origin', {
      profile: 'remote-a',
      origin: 'http://flags.example.com',
    });
    expect(plainHttp).toMatchObject({ ok: false, error: { name: 'InvalidSettingsError', field: 'origin' } });
    const withPath = await invoke('switchyard:profiles:register-origin', {
      profile: 'remote-a',
      origin: 'https://flags.example.com/unleash',
    });
    expect(withPath).toMatchObject({ ok: false, error: { name: 'ValidationError' } });
    const badProfile = await invoke('switchyard:profiles:register-origin', {
      profile: 'Remote A',
      origin: 'https://flags.example.com',
    });
    expect(badProfile).toMatchObject({ ok: false, error: { name: 'ValidationError' } });
    expect(registry.list()).toEqual([]);
  });

  it('refuses a sender that is not the console top frame, changing nothing', async () => {
    const { invoke, registry } = wireMain();
    const payload = { profile: 'remote-a', origin: 'https://evil.example' };
    const foreign = await invoke('switchyard:profiles:register-origin', payload, 'https://evil.example/');
    const subframe = await invoke('switchyard:profiles:register-origin', payload, `${APP_ORIGIN}/`, {
      url: `${APP_ORIGIN}/`,
    });
    expect(foreign).toMatchObject({ ok: false, error: { name: 'ForbiddenSenderError' } });
    expect(subframe).toMatchObject({ ok: false, error: { name: 'ForbiddenSenderError' } });
    expect(registry.list()).toEqual([]);
    expect(await invoke('switchyard:profiles:origins', {})).toEqual({ ok: true, value: { origins: [] } });
  });
});
