import { ApiError } from '../api/api-error';
import type { Platform } from '../platform/platform';
import { registerProfileServer } from '../platform/server-registration';
import { type ConnectionProfile, type ConsoleCore, EMBEDDED_PROFILE } from './console-core';

const SETTINGS_PROFILES = 'profiles';
const SETTINGS_ACTIVE = 'active-profile';

/** Remote profile URLs: http(s) only, no credentials, no query or fragment; trailing slashes dropped. */
export function normaliseServerUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw badField('url', 'Enter a full URL such as https://flags.example.com');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw badField('url', 'The URL must start with http:// or https://');
  }
  if (url.username || url.password) {
    throw badField('url', 'Put credentials in the sign-in form, not in the URL');
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function badField(field: string, message: string): ApiError {
  return new ApiError({
    status: 400,
    errorName: 'BadDataError',
    message,
    details: [{ path: `/body/${field}`, message }],
  });
}

export interface ProfileControl {
  /**
   * Loads the saved profiles and resolves the active one's server. True when the desktop page must
   * reload first (its CSP does not allow the active server yet).
   */
  load(): Promise<boolean>;
  resolveServerUrl(): Promise<void>;
  addProfile(name: string, url: string): Promise<ConnectionProfile>;
  removeProfile(id: string): Promise<void>;
  switchProfile(id: string): Promise<void>;
}

export interface ProfileDependencies {
  /** Runs once the active profile changed and its server URL is known. */
  checkSession(): Promise<void>;
  forgetServerData(profileId: string): Promise<void>;
  stopProbing(): void;
}

/** The connection profiles, kept in the key-value store's settings, and which one is active. */
export function createConnectionProfiles(core: ConsoleCore, deps: ProfileDependencies): ProfileControl {
  const { get, set, services } = core;
  const { platform } = services;

  async function switchProfile(id: string): Promise<void> {
    if (!get().profiles.some((p) => p.id === id)) return;
    deps.stopProbing();
    set({
      activeProfileId: id,
      connectivity: 'unknown',
      session: { status: 'checking' },
      shownFromCache: {},
    });
    await persistProfiles(core);
    await resolveServerUrl(core);
    await deps.checkSession();
  }

  return {
    load: () => loadProfiles(core),
    resolveServerUrl: () => resolveServerUrl(core),
    addProfile: (name, url) => addProfile(core, name, url),
    async removeProfile(id) {
      if (id === EMBEDDED_PROFILE.id) return;
      await platform.credentials.clear(id).catch(() => {});
      await platform.desktop?.unregisterServerOrigin(id).catch(() => {});
      await deps.forgetServerData(id);
      const wasActive = get().activeProfileId === id;
      set((state) => ({ profiles: state.profiles.filter((p) => p.id !== id) }));
      if (wasActive) await switchProfile(EMBEDDED_PROFILE.id);
      else await persistProfiles(core);
    },
    switchProfile,
  };
}

async function persistProfiles(core: ConsoleCore): Promise<void> {
  const { kv } = core.services;
  await kv.put(
    'settings',
    SETTINGS_PROFILES,
    core.get().profiles.filter((p) => p.id !== EMBEDDED_PROFILE.id),
  );
  await kv.put('settings', SETTINGS_ACTIVE, core.get().activeProfileId);
}

async function resolveServerUrl(core: ConsoleCore): Promise<void> {
  let url: string | null = core.activeProfile().url;
  if (url === null) url = await core.services.platform.embeddedServerUrl().catch(() => null);
  core.set({ serverUrl: url });
}

async function loadProfiles(core: ConsoleCore): Promise<boolean> {
  const { kv } = core.services;
  const savedProfiles = (await kv.get<ConnectionProfile[]>('settings', SETTINGS_PROFILES)) ?? [];
  const savedActive = await kv.get<string>('settings', SETTINGS_ACTIVE);
  const profiles = [EMBEDDED_PROFILE, ...savedProfiles.filter((p) => p.id !== EMBEDDED_PROFILE.id)];
  const activeProfileId = profiles.find((p) => p.id === savedActive)?.id ?? EMBEDDED_PROFILE.id;
  core.set({ profiles, activeProfileId });
  if (await reRegisterRemoteServers(core.services.platform, profiles, activeProfileId)) return true;
  await resolveServerUrl(core);
  return false;
}

/**
 * The desktop app's main keeps remote servers' origins in its own settings; if that file was lost
 * (or the console's profiles came from elsewhere), tell main again. True when the active
 * profile's server was unknown to main, so this page's CSP does not allow it yet.
 */
async function reRegisterRemoteServers(
  platform: Platform,
  profiles: ConnectionProfile[],
  activeId: string,
): Promise<boolean> {
  if (!platform.desktop) return false;
  let activeNeedsReload = false;
  for (const profile of profiles) {
    if (profile.url === null) continue;
    const reloadRequired = await registerProfileServer(platform, profile.id, profile.url).catch(() => false);
    if (reloadRequired && profile.id === activeId) activeNeedsReload = true;
  }
  return activeNeedsReload;
}

async function addProfile(core: ConsoleCore, name: string, url: string): Promise<ConnectionProfile> {
  const { platform } = core.services;
  const normalised = normaliseServerUrl(url);
  const trimmed = name.trim();
  if (!trimmed) throw badField('name', 'Give the connection a name');
  const id = `remote-${core.services
    .newId()
    .replace(/[^a-z0-9]/gi, '')
    .slice(0, 12)
    .toLowerCase()}`;
  const profile: ConnectionProfile = { id, name: trimmed, url: normalised };
  const reloadRequired = await registerProfileServer(platform, id, normalised);
  core.set((state) => ({ profiles: [...state.profiles, profile] }));
  await persistProfiles(core);
  // The page keeps the CSP it loaded with; the saved profile survives the reload.
  if (reloadRequired) platform.desktop?.reloadConsole();
  return profile;
}
