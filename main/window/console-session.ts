import type { ProfileOrigin } from '../../server/contract';
import {
  acceptedProfileOrigins,
  createProfileOriginRegistry,
  type ProfileOriginRegistry,
  ProfileOriginsFileSchema,
} from '../secrets/profile-origins';
import {
  type BeforeSendHeadersSession,
  installRequestSigner,
  type RequestSigner,
} from '../secrets/request-signer';
import type { SecretStore } from '../secrets/secret-store';
import { readJsonFile, writeJsonFileAtomic } from '../settings/json-file';
import { type CookieJarLike, restoreSsoSessions } from '../sso/sso-session-cookie';
import {
  buildContentSecurityPolicy,
  type HeadersReceivedSession,
  installContentSecurityPolicy,
} from './content-security-policy';
import { denyAllPermissions, type PermissionSession } from './session-hardening';

/** The parts of Electron's Session the console's wiring uses. */
export type ConsoleSessionLike = HeadersReceivedSession &
  BeforeSendHeadersSession &
  PermissionSession & { cookies: CookieJarLike };

/** What the console session needs at start: its signer, the remote profiles, and their URLs. */
export interface ConsoleSessionWiring<S extends ConsoleSessionLike = ConsoleSessionLike> {
  consoleSession: S;
  signer: RequestSigner;
  profileOrigins: ProfileOriginRegistry;
  serverUrlOf: (profile: string) => string | undefined;
}

export interface ConsoleSessionOptions {
  /** server-profiles.json in userData: the remote profiles the console registered. */
  profileOriginsFile: string;
  appOrigin: string;
  serverUrl: string;
  localProfile: string;
  secrets: SecretStore;
  log: (message: string, error?: unknown) => void;
}

/**
 * Hardens the console's session (CSP, no permissions), signs its requests to the local server and
 * the remote profiles the console registered earlier, and restores their single sign-on sessions.
 */
export async function wireConsoleSession<S extends ConsoleSessionLike>(
  consoleSession: S,
  options: ConsoleSessionOptions,
): Promise<ConsoleSessionWiring<S>> {
  const { appOrigin, serverUrl, localProfile, secrets, log } = options;
  // Remote server profiles the console registered earlier: re-applied before the window loads.
  const savedOrigins = acceptedProfileOrigins(
    (await readJsonFile(options.profileOriginsFile, ProfileOriginsFileSchema))?.origins ?? [],
    { appOrigin, localProfile },
    log,
  );
  const signedOrigins = (origins: readonly ProfileOrigin[]) =>
    new Map([[appOrigin, localProfile], ...origins.map((entry) => [entry.origin, entry.profile] as const)]);
  const policyFor = (origins: readonly ProfileOrigin[]) =>
    buildContentSecurityPolicy({ connectOrigins: origins.map((entry) => entry.origin) });
  let contentSecurityPolicy = policyFor(savedOrigins);

  installContentSecurityPolicy(consoleSession, () => contentSecurityPolicy);
  denyAllPermissions(consoleSession);
  const signer = installRequestSigner(consoleSession, {
    secrets,
    profiles: signedOrigins(savedOrigins),
    log,
  });
  const profileOrigins = createProfileOriginRegistry({
    appOrigin,
    localProfile,
    initial: savedOrigins,
    persist: (origins) => writeJsonFileAtomic(options.profileOriginsFile, { version: 1, origins }),
    onChange: (origins) => {
      contentSecurityPolicy = policyFor(origins);
      signer.setProfiles(signedOrigins(origins));
    },
  });
  const serverUrlOf = (profile: string) =>
    profile === localProfile
      ? serverUrl
      : profileOrigins.list().find((entry) => entry.profile === profile)?.origin;
  // Single sign-on sessions live in the keychain; the console's cookie jar gets them back each start.
  await restoreSsoSessions(
    secrets,
    consoleSession.cookies,
    [localProfile, ...savedOrigins.map((entry) => entry.profile)].flatMap((profile) => {
      const url = serverUrlOf(profile);
      return url === undefined ? [] : [{ profile, serverUrl: url }];
    }),
    log,
  );
  return { consoleSession, signer, profileOrigins, serverUrlOf };
}
