import type { Db } from '../../db/database';
import type { Logger } from '../../lib/logger';
import type { UserService } from '../users';
import type { OidcClient } from './oidc-client';
import type { Provisioning } from './provisioning';
import type { SamlServiceProvider, SamlSubject } from './saml-sp';
import type { SsoSettingsService } from './sso-settings-service';

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

export interface SsoSession {
  sessionId: string;
  expiresAt: Date;
  userId: number;
}

export interface SsoLoginDeps {
  settings: SsoSettingsService;
  provisioning: Provisioning;
  oidc: OidcClient;
  saml: SamlServiceProvider;
  users: UserService;
  sessionTtlMs: number;
  logger: Logger;
  /** Told after each successful single sign-on (login history is wired here). */
  onSsoLogin: (event: SsoLoginEvent) => Promise<void>;
}

/** What the sign-in capabilities share: the database, the dependencies and the session steps. */
export interface SsoLoginContext {
  db: Db;
  deps: SsoLoginDeps;
  openSession(userId: number): Promise<SsoSession>;
  /** Provisions the user, records the sign-in and tells `onSsoLogin`; answers the user id. */
  complete(
    provider: 'oidc' | 'saml',
    identity: { email: string | undefined; name: string | undefined; groups: string[] | undefined },
    policy: Parameters<Provisioning['provision']>[1],
  ): Promise<number>;
  rememberSsoSession(sessionId: string, origin: SsoSessionOrigin): Promise<void>;
}
