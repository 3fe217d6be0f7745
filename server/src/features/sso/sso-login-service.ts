import type { Db } from '../../db/database';
import { createSession } from '../auth';
import { createDesktopCodes } from './desktop-code-service';
import { createOidcLogins } from './oidc-login-service';
import type { Provisioning } from './provisioning';
import { createSamlLogins, createSamlLogouts } from './saml-login-service';
import { samlEndpointsOf } from './saml-sp';
import type { SsoLoginContext, SsoLoginDeps, SsoSession, SsoSessionOrigin } from './sso-login-context';
import { hashKey, putTransient, takeTransient } from './sso-store';

export {
  DESKTOP_CODE_TTL_MS,
  PENDING_LOGIN_TTL_MS,
  type SsoLoginEvent,
  type SsoSession,
  type SsoSessionOrigin,
} from './sso-login-context';

/**
 * The end of every single sign-on: provisioning, the session (the same `unleash-session` the
 * password login makes), `onSsoLogin`, and for the desktop app a one-time code instead of a cookie.
 * Each sign-in capability is its own factory over the shared context.
 */
export function createSsoLoginService(db: Db, deps: SsoLoginDeps) {
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

  const context: SsoLoginContext = { db, deps, openSession, complete, rememberSsoSession };

  return {
    openSession,
    complete,
    rememberSsoSession,
    ...createOidcLogins(context),
    ...createSamlLogins(context),
    ...createSamlLogouts(context),
    ...createDesktopCodes(context),
    singleSignOutUrl: (sessionId: string, postLogoutRedirectUri: string, publicUrl: string) =>
      singleSignOutUrl(context, sessionId, postLogoutRedirectUri, publicUrl),
  };
}
export type SsoLoginService = ReturnType<typeof createSsoLoginService>;

/**
 * Where the identity provider ends its session too: OIDC's end-session endpoint when single
 * sign-out is on, SAML's sign-out URL when one is set.
 */
async function singleSignOutUrl(
  { db, deps }: SsoLoginContext,
  sessionId: string,
  postLogoutRedirectUri: string,
  publicUrl: string,
): Promise<string | undefined> {
  const origin = (await takeTransient(db, 'sso-session', hashKey(sessionId))) as SsoSessionOrigin | undefined;
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
}
