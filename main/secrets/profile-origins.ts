import { Type } from 'typebox';
import { type ProfileOrigin, ProfileOriginSchema } from '../../server/contract';
import { SafeIpcError } from '../ipc/ipc-errors';
import type { IpcHandlers } from '../ipc/ipc-registry';
import { isLoopbackAddress } from '../network/network-exposure';

/**
 * Remote server profiles main knows about: which origin each profile's console requests go to.
 * Main adds these origins to the window's connect-src and signs requests to exactly these origins
 * with the profile's token from the keychain. The file holds ids and origins only, never a token.
 */
export const ProfileOriginsFileSchema = Type.Object(
  { version: Type.Literal(1), origins: Type.Array(ProfileOriginSchema) },
  { additionalProperties: false },
);

/** Bounds the CSP header, which carries every origin. */
export const MAX_PROFILE_ORIGINS = 50;

function invalid(message: string, field: 'origin' | 'profile'): SafeIpcError {
  return new SafeIpcError('InvalidSettingsError', message, { field });
}

function isLoopbackHost(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '');
  // Chromium resolves localhost to loopback itself, never through DNS.
  return bare === 'localhost' || isLoopbackAddress(bare);
}

/**
 * An origin a token may be sent to: https anywhere, plain http only on this machine, where
 * nothing on the network can read the token. Written in origin form (scheme, host, port).
 */
export function checkProfileOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid('The server origin is not a URL.', 'origin');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalid('The server origin must use https.', 'origin');
  }
  if (url.origin !== value) {
    throw invalid(`Give the origin only, such as ${url.origin}, without path or trailing slash.`, 'origin');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw invalid(
      'The desktop app sends tokens to a remote server only over https; plain http is allowed on this machine only.',
      'origin',
    );
  }
  return url.origin;
}

export interface ProfileOriginRegistryOptions {
  /** The embedded server's origin, signed with the local profile's token; no remote profile may claim it. */
  appOrigin: string;
  /** The embedded server's profile id, reserved. */
  localProfile: string;
  initial: readonly ProfileOrigin[];
  /** Saves the whole list; registration fails when this does, so memory and file never disagree. */
  persist: (origins: readonly ProfileOrigin[]) => Promise<void>;
  /** Applies the list to the CSP and the request signer. */
  onChange: (origins: readonly ProfileOrigin[]) => void;
}

export interface ProfileOriginRegistry {
  list(): ProfileOrigin[];
  /** Returns whether the origin is new to the CSP (the console must reload to reach it). */
  register(profile: string, origin: string): Promise<{ reloadRequired: boolean }>;
  unregister(profile: string): Promise<boolean>;
}

/**
 * Keeps the entries of a saved file that are still acceptable: a file edited by hand, or an origin
 * that became the embedded server's after a port change, is dropped rather than trusted.
 */
export function acceptedProfileOrigins(
  saved: readonly ProfileOrigin[],
  options: Pick<ProfileOriginRegistryOptions, 'appOrigin' | 'localProfile'>,
  log?: (message: string) => void,
): ProfileOrigin[] {
  const result: ProfileOrigin[] = [];
  for (const entry of saved) {
    let origin: string;
    try {
      origin = checkProfileOrigin(entry.origin);
    } catch {
      log?.(`ignoring saved server profile ${entry.profile}: its origin is not acceptable`);
      continue;
    }
    const clash =
      entry.profile === options.localProfile ||
      origin === options.appOrigin ||
      result.some((kept) => kept.profile === entry.profile || kept.origin === origin);
    if (clash) {
      log?.(`ignoring saved server profile ${entry.profile}: it clashes with another profile`);
      continue;
    }
    if (result.length < MAX_PROFILE_ORIGINS) result.push({ profile: entry.profile, origin });
  }
  return result;
}

export function createProfileOriginRegistry(options: ProfileOriginRegistryOptions): ProfileOriginRegistry {
  let origins: ProfileOrigin[] = [...options.initial];
  // One change at a time, so two quick registrations cannot each save a list missing the other.
  let queue: Promise<unknown> = Promise.resolve();

  function serialised<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }

  async function commit(next: ProfileOrigin[]): Promise<void> {
    await options.persist(next);
    origins = next;
    options.onChange(next);
  }

  return {
    list: () => origins.map((entry) => ({ ...entry })),

    register(profile, value) {
      return serialised(async () => {
        if (profile === options.localProfile) {
          throw invalid('The embedded server needs no registration.', 'profile');
        }
        const origin = checkProfileOrigin(value);
        if (origin === options.appOrigin) {
          throw invalid('This is the embedded server; use the built-in connection for it.', 'origin');
        }
        const owner = origins.find((entry) => entry.origin === origin);
        if (owner !== undefined && owner.profile !== profile) {
          throw invalid(
            'Another connection already uses this server; one token per server is sent.',
            'origin',
          );
        }
        if (owner !== undefined) return { reloadRequired: false };
        const others = origins.filter((entry) => entry.profile !== profile);
        if (others.length >= MAX_PROFILE_ORIGINS) {
          throw invalid(`At most ${MAX_PROFILE_ORIGINS} remote servers can be connected.`, 'origin');
        }
        await commit([...others, { profile, origin }]);
        return { reloadRequired: true };
      });
    },

    unregister(profile) {
      return serialised(async () => {
        if (!origins.some((entry) => entry.profile === profile)) return false;
        await commit(origins.filter((entry) => entry.profile !== profile));
        return true;
      });
    },
  };
}

export type ProfileOriginChannels =
  | 'switchyard:profiles:origins'
  | 'switchyard:profiles:register-origin'
  | 'switchyard:profiles:unregister-origin';

/** The IPC handlers over a registry; the registry dispatch has already checked sender and payload shape. */
export function profileOriginHandlers(
  registry: ProfileOriginRegistry,
): Pick<IpcHandlers, ProfileOriginChannels> {
  return {
    'switchyard:profiles:origins': () => ({ origins: registry.list() }),
    'switchyard:profiles:register-origin': async ({ profile, origin }) => {
      const { reloadRequired } = await registry.register(profile, origin);
      return { reloadRequired, origins: registry.list() };
    },
    'switchyard:profiles:unregister-origin': async ({ profile }) => ({
      removed: await registry.unregister(profile),
    }),
  };
}
