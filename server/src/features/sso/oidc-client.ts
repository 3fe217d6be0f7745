import * as oidc from 'openid-client';
import type { OidcRuntimeSettings } from './sso-settings-service';

/**
 * OpenID Connect through `openid-client` (a certified relying-party library): discovery, the
 * authorization code flow with PKCE, state and nonce, and ID token validation (issuer, audience,
 * expiry, nonce, and the signature against the provider's JWKS). A key id the JWKS lacks (the
 * provider rotated its keys) fails that one sign-in and makes the next one discover afresh. Nothing here checks a JWT by hand.
 */

const CACHE_MS = 10 * 60 * 1000;
/** oauth4webapi's code (openid-client passes it on) for an ID token signed with a key id not in the JWKS. */
const KEY_SELECTION_FAILED = 'OAUTH_KEY_SELECTION_FAILED';
const DISCOVERY_TIMEOUT_S = 10;

/** Plain http is accepted for a provider on this machine only (development, tests). */
function isLoopbackHost(url: URL): boolean {
  return url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
}

export interface PendingOidcLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  returnTo: string;
  desktop?: string;
  /** RFC 7636 S256 challenge the desktop app's code must be redeemed with (RFC 8252 §8.1). */
  desktopChallenge?: string;
}

/** Discovers the provider `settings` name (loopback http allowed; ID token signatures always checked). */
function discover(settings: OidcRuntimeSettings): Promise<oidc.Configuration> {
  const server = new URL(settings.discoverUrl.replace(/\/\.well-known\/openid-configuration\/?$/, ''));
  return oidc.discovery(
    server,
    settings.clientId,
    {
      client_secret: settings.secret,
      id_token_signed_response_alg: settings.idTokenSigningAlgorithm ?? 'RS256',
    },
    undefined,
    {
      timeout: DISCOVERY_TIMEOUT_S,
      execute: [
        ...(server.protocol === 'http:' && isLoopbackHost(server) ? [oidc.allowInsecureRequests] : []),
        // Verify the ID token's signature even though it came straight from the token endpoint.
        oidc.enableNonRepudiationChecks,
      ],
    },
  );
}

/** One discovery kept for CACHE_MS per provider settings; a failed one is not kept. */
function createDiscoveryCache() {
  let cached: { key: string; at: number; config: Promise<oidc.Configuration> } | undefined;

  function configFor(settings: OidcRuntimeSettings): Promise<oidc.Configuration> {
    const key = JSON.stringify([
      settings.discoverUrl,
      settings.clientId,
      settings.secret,
      settings.idTokenSigningAlgorithm,
    ]);
    if (cached && cached.key === key && Date.now() - cached.at < CACHE_MS) return cached.config;
    const config = discover(settings).catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    cached = { key, at: Date.now(), config };
    return config;
  }

  /** Drops the cached discovery if it is still the one that produced `config`, never a newer one. */
  function forget(config: oidc.Configuration) {
    const entry = cached;
    entry?.config.then(
      (current) => {
        if (current === config && cached === entry) cached = undefined;
      },
      // A failed discovery already cleared itself; its caller handles the error.
      () => {},
    );
  }

  return { configFor, forget };
}

/** The provider's authorization URL (PKCE, state, nonce) and what the callback must find again. */
async function authorizationRequest(
  config: oidc.Configuration,
  settings: OidcRuntimeSettings,
  redirectUri: string,
  returnTo: string,
  desktop: string | undefined,
): Promise<{ url: string; pending: PendingOidcLogin }> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const scopes = ['openid', 'email', 'profile', ...(settings.addGroupsScope ? ['groups'] : [])];
  const parameters: Record<string, string> = {
    redirect_uri: redirectUri,
    scope: scopes.join(' '),
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  };
  if (settings.acrValues) parameters.acr_values = settings.acrValues;
  const url = oidc.buildAuthorizationUrl(config, parameters).href;
  return {
    url,
    pending: { state, nonce, codeVerifier, redirectUri, returnTo, ...(desktop ? { desktop } : {}) },
  };
}

/** The ID token's claims, completed from the userinfo answer when e-mail or groups are missing. */
async function claimsWithUserInfo(
  config: oidc.Configuration,
  settings: OidcRuntimeSettings,
  tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
): Promise<Record<string, unknown>> {
  const claims = tokens.claims();
  if (!claims) throw new Error('The provider sent no ID token');
  let all: Record<string, unknown> = { ...claims };
  // Some providers put e-mail and groups only in the userinfo answer.
  if (
    (!all.email || (settings.enableGroupSyncing && !all[settings.groupJsonPath ?? 'groups'])) &&
    tokens.access_token
  ) {
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub).catch(() => undefined);
    if (info) all = { ...info, ...all };
  }
  return all;
}

export function createOidcClient() {
  const { configFor, forget } = createDiscoveryCache();

  return {
    /** The provider's authorization URL and what the callback must find again. */
    async start(
      settings: OidcRuntimeSettings,
      redirectUri: string,
      returnTo: string,
      desktop: string | undefined,
    ): Promise<{ url: string; pending: PendingOidcLogin }> {
      const config = await configFor(settings);
      return authorizationRequest(config, settings, redirectUri, returnTo, desktop);
    },

    /** Exchanges the code and validates the ID token; throws on any failed check. */
    async finish(
      settings: OidcRuntimeSettings,
      pending: PendingOidcLogin,
      currentUrl: URL,
    ): Promise<{ claims: Record<string, unknown>; idToken: string | undefined }> {
      const config = await configFor(settings);
      const tokens = await oidc
        .authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        })
        .catch((error: unknown) => {
          // A key id the cached JWKS lacks: the provider rotated its keys. openid-client refetches
          // the JWKS only once its copy is a minute old, so this sign-in fails; the next one starts
          // from a fresh discovery and JWKS instead of failing until then.
          if ((error as { code?: unknown }).code === KEY_SELECTION_FAILED) forget(config);
          throw error;
        });
      return { claims: await claimsWithUserInfo(config, settings, tokens), idToken: tokens.id_token };
    },

    /** Where to send the browser for single sign-out, when the provider has an end-session endpoint. */
    async endSessionUrl(settings: OidcRuntimeSettings, idToken: string, postLogoutRedirectUri: string) {
      const config = await configFor(settings);
      if (!config.serverMetadata().end_session_endpoint) return undefined;
      return oidc.buildEndSessionUrl(config, {
        id_token_hint: idToken,
        post_logout_redirect_uri: postLogoutRedirectUri,
      }).href;
    },
  };
}
export type OidcClient = ReturnType<typeof createOidcClient>;
