import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database';
import type { Logger } from '../../lib/logger';
import { createSession, deleteSessionsOfUser } from '../auth';
import type { UserService } from '../users';
import type { OidcClient, PendingOidcLogin } from './oidc-client';
import { type Provisioning, SsoRefusal } from './provisioning';
import { type SamlEndpoints, type SamlServiceProvider, type SamlSubject, samlEndpointsOf } from './saml-sp';
import { groupsFromClaim, valueAtPath } from './sso-rules';
import type { SsoSettingsService } from './sso-settings-service';
import { hashKey, putTransient, takeTransient } from './sso-store';

/** A pending login lives as long as someone may take to sign in at the provider. */
export const PENDING_LOGIN_TTL_MS = 10 * 60 * 1000;
/** RFC 8252 hand-over: the desktop app exchanges its code at once. */
export const DESKTOP_CODE_TTL_MS = 60 * 1000;

export interface SsoLoginEvent {
  userId: number;
  provider: 'oidc' | 'saml';
  created: boolean;
  /** The e-mail the identity provider asserted. */
  email: string | undefined;
}

export interface SsoSessionOrigin {
  provider: 'oidc' | 'saml';
  idToken?: string;
  /** SAML: whom the IdP signed in, named again in the LogoutRequest. */
  samlSubject?: SamlSubject;
}

interface DesktopCodePayload {
  userId: number;
  /** RFC 7636 S256 challenge the redeeming verifier must match. */
  challenge: string;
  origin: SsoSessionOrigin;
}

export interface SsoSession {
  sessionId: string;
  expiresAt: Date;
  userId: number;
}

/**
 * The end of every single sign-on: provisioning, the session (the same `unleash-session` the
 * password login makes), `onSsoLogin`, and for the desktop app a one-time code instead of a cookie.
 */
export function createSsoLoginService(
  db: Db,
  deps: {
    settings: SsoSettingsService;
    provisioning: Provisioning;
    oidc: OidcClient;
    saml: SamlServiceProvider;
    users: UserService;
    sessionTtlMs: number;
    logger: Logger;
    /** Told after each successful single sign-on (login history is wired here). */
    onSsoLogin: (event: SsoLoginEvent) => Promise<void>;
  },
) {
  async function openSession(userId: number): Promise<SsoSession> {
    const session = await createSession(db, userId, deps.sessionTtlMs);
    return { sessionId: session.id, expiresAt: session.expiresAt, userId };
  }

  async function complete(
    provider: 'oidc' | 'saml',
    identity: { email: string | undefined; name: string | undefined; groups: string[] | undefined },
    policy: Parameters<Provisioning['provision']>[1],
  ): Promise<number> {
    const { userId, created } = await deps.provisioning.provision({ provider, ...identity }, policy);
    await deps.users.recordSuccessfulLogin(db, userId);
    await deps.onSsoLogin({ userId, provider, created, email: identity.email });
    return userId;
  }

  /** Keeps how a session was signed in (and the OIDC ID token), for single sign-out. */
  async function rememberSsoSession(sessionId: string, origin: SsoSessionOrigin) {
    await putTransient(db, 'sso-session', hashKey(sessionId), origin, deps.sessionTtlMs);
  }

  return {
    openSession,
    complete,

    async startOidc(
      redirectUri: string,
      returnTo: string,
      desktop: string | undefined,
      desktopChallenge?: string,
    ) {
      const settings = await deps.settings.oidcRuntime();
      if (!settings) throw new SsoRefusal('OpenID Connect sign-in is not enabled.');
      const started = await deps.oidc.start(settings, redirectUri, returnTo, desktop);
      const pending: PendingOidcLogin = {
        ...started.pending,
        ...(desktop && desktopChallenge ? { desktopChallenge } : {}),
      };
      const { url } = started;
      const cookie = randomBytes(32).toString('base64url');
      await putTransient(db, 'oidc-login', hashKey(cookie), pending, PENDING_LOGIN_TTL_MS);
      return { url, cookie };
    },

    /** Validates the callback and signs the user in; the pending login is used up either way. */
    async finishOidc(cookie: string | undefined, currentUrl: URL) {
      const pending = cookie
        ? ((await takeTransient(db, 'oidc-login', hashKey(cookie))) as PendingOidcLogin | undefined)
        : undefined;
      if (!pending) throw new SsoRefusal('This sign-in has expired or was already used: start again.');
      const settings = await deps.settings.oidcRuntime();
      if (!settings) throw new SsoRefusal('OpenID Connect sign-in is not enabled.');
      let result: Awaited<ReturnType<OidcClient['finish']>>;
      try {
        result = await deps.oidc.finish(settings, pending, currentUrl);
      } catch (error) {
        deps.logger.warn({ err: error }, 'OpenID Connect sign-in refused');
        throw new SsoRefusal('The identity provider’s answer could not be verified.');
      }
      const { claims } = result;
      const userId = await complete(
        'oidc',
        {
          email: typeof claims.email === 'string' ? claims.email : undefined,
          name: typeof claims.name === 'string' ? claims.name : undefined,
          groups: groupsFromClaim(valueAtPath(claims, settings.groupJsonPath || 'groups')),
        },
        settings,
      );
      return { userId, pending, idToken: result.idToken };
    },

    rememberSsoSession,

    /**
     * Where the identity provider ends its session too: OIDC's end-session endpoint when single
     * sign-out is on, SAML's sign-out URL when one is set.
     */
    async singleSignOutUrl(
      sessionId: string,
      postLogoutRedirectUri: string,
      publicUrl: string,
    ): Promise<string | undefined> {
      const origin = (await takeTransient(db, 'sso-session', hashKey(sessionId))) as
        | SsoSessionOrigin
        | undefined;
      if (origin?.provider === 'saml') {
        const settings = await deps.settings.samlRuntime();
        if (!settings?.signOutUrl) return undefined;
        // A session from before single logout kept no subject: the IdP's sign-out page then.
        if (!origin.samlSubject) return settings.signOutUrl;
        // The IdP answers at our SingleLogoutService, which ends on the signed-out page.
        return deps.saml
          .logoutUrl(settings, samlEndpointsOf(publicUrl), origin.samlSubject, '')
          .catch((error: unknown) => {
            deps.logger.warn({ err: error }, 'SAML LogoutRequest could not be made');
            return settings.signOutUrl;
          });
      }
      if (!origin?.idToken) return undefined;
      const settings = await deps.settings.oidcRuntime();
      if (!settings?.enableSingleSignOut) return undefined;
      return deps.oidc.endSessionUrl(settings, origin.idToken, postLogoutRedirectUri).catch(() => undefined);
    },

    async startSaml(
      endpoints: SamlEndpoints,
      returnTo: string,
      desktop: string | undefined,
      desktopChallenge?: string,
    ) {
      const settings = await deps.settings.samlRuntime();
      if (!settings) throw new SsoRefusal('SAML sign-in is not enabled.');
      // The IdP posts back cross-site, where no Lax cookie comes along: RelayState carries where to
      // go (checked again on return); the request id is kept in the database by the SP library.
      const relayState = JSON.stringify({
        r: returnTo,
        ...(desktop ? { d: desktop, ...(desktopChallenge ? { c: desktopChallenge } : {}) } : {}),
      });
      return deps.saml.loginUrl(settings, endpoints, relayState);
    },

    async finishSaml(endpoints: SamlEndpoints, samlResponse: string) {
      const settings = await deps.settings.samlRuntime();
      if (!settings) throw new SsoRefusal('SAML sign-in is not enabled.');
      let profile: Awaited<ReturnType<SamlServiceProvider['validate']>>;
      try {
        profile = await deps.saml.validate(settings, endpoints, samlResponse);
      } catch (error) {
        deps.logger.warn({ err: error }, 'SAML sign-in refused');
        throw new SsoRefusal('The identity provider’s answer could not be verified.');
      }
      const email = [
        profile.email,
        profile.mail,
        profile['urn:oid:0.9.2342.19200300.100.1.3'],
        profile.nameID,
      ].find((value): value is string => typeof value === 'string' && value.includes('@'));
      const name = [profile.displayName, profile.name, profile.cn].find(
        (value): value is string => typeof value === 'string',
      );
      const userId = await complete(
        'saml',
        { email, name, groups: groupsFromClaim(profile[settings.groupJsonPath || 'groups']) },
        settings,
      );
      const subject: SamlSubject = {
        nameID: profile.nameID,
        nameIDFormat: profile.nameIDFormat,
        ...(typeof profile.sessionIndex === 'string' ? { sessionIndex: profile.sessionIndex } : {}),
        ...(typeof profile.nameQualifier === 'string' ? { nameQualifier: profile.nameQualifier } : {}),
        ...(typeof profile.spNameQualifier === 'string' ? { spNameQualifier: profile.spNameQualifier } : {}),
      };
      return { userId, subject };
    },

    /** The IdP's answer to our LogoutRequest; throws when it is not a valid success answering ours. */
    async finishSamlLogout(endpoints: SamlEndpoints, query: Record<string, string>, rawQuery: string) {
      const settings = await deps.settings.samlRuntime();
      if (!settings) throw new SsoRefusal('SAML sign-in is not enabled.');
      await deps.saml.validateLogoutResponse(settings, endpoints, query, rawQuery);
    },

    /** The IdP's LogoutResponse on the HTTP-POST binding; throws unless it answers ours with success. */
    async finishSamlPostLogout(endpoints: SamlEndpoints, samlResponse: string) {
      const settings = await deps.settings.samlRuntime();
      if (!settings) throw new SsoRefusal('SAML sign-in is not enabled.');
      await deps.saml.validatePostLogoutResponse(settings, endpoints, samlResponse);
    },

    /**
     * IdP-initiated single logout: a valid LogoutRequest ends every session of the user it names
     * (the NameID is the e-mail, as requested at sign-in). Answers where to send the browser: the
     * IdP's sign-out URL with our LogoutResponse, or undefined when none is set. Throws when the
     * request is not valid.
     */
    async takeSamlLogoutRequest(
      endpoints: SamlEndpoints,
      message: Parameters<SamlServiceProvider['validateLogoutRequest']>[2],
      relayState: string,
    ): Promise<string | undefined> {
      const settings = await deps.settings.samlRuntime();
      if (!settings) throw new SsoRefusal('SAML sign-in is not enabled.');
      const request = await deps.saml.validateLogoutRequest(settings, endpoints, message);
      const user = request.nameID.includes('@')
        ? await deps.users.findByLogin(db, request.nameID)
        : undefined;
      if (user) {
        await deleteSessionsOfUser(db, user.id);
        deps.logger.info(
          { userId: user.id },
          'SAML single logout from the identity provider ended the user’s sessions',
        );
      }
      if (!settings.signOutUrl) return undefined;
      return deps.saml.logoutResponseUrl(settings, endpoints, request, relayState);
    },

    samlMetadata: (
      endpoints: SamlEndpoints,
      settings: Awaited<ReturnType<SsoSettingsService['samlRuntime']>>,
    ) => deps.saml.metadata(settings, endpoints),

    /**
     * The desktop app's one-time code, bound to its PKCE challenge and carrying how the user signed
     * in, so the session it becomes gets single sign-out like a browser's.
     */
    async issueDesktopCode(userId: number, challenge: string, origin: SsoSessionOrigin): Promise<string> {
      const code = randomBytes(32).toString('base64url');
      const payload: DesktopCodePayload = { userId, challenge, origin };
      await putTransient(db, 'desktop-code', hashKey(code), payload, DESKTOP_CODE_TTL_MS);
      return code;
    },

    /**
     * One use, within a minute: the desktop app's code becomes a session token for its keychain. A
     * code issued for a PKCE challenge needs the matching verifier (RFC 7636 S256); any failed
     * attempt uses the code up too.
     */
    async redeemDesktopCode(code: string, codeVerifier?: string): Promise<SsoSession | undefined> {
      const payload = (await takeTransient(db, 'desktop-code', hashKey(code))) as
        | Partial<DesktopCodePayload>
        | undefined;
      if (!payload?.userId) return undefined;
      // Every desktop code is PKCE-bound; one without a challenge (older, or forged) is refused.
      if (typeof payload.challenge !== 'string' || !codeVerifier) return undefined;
      const computed = Buffer.from(createHash('sha256').update(codeVerifier).digest('base64url'));
      const expected = Buffer.from(payload.challenge);
      if (computed.length !== expected.length || !timingSafeEqual(computed, expected)) return undefined;
      const session = await openSession(payload.userId);
      if (payload.origin) await rememberSsoSession(session.sessionId, payload.origin);
      return session;
    },
  };
}
export type SsoLoginService = ReturnType<typeof createSsoLoginService>;
