import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../../contract';
import { publicUrlOf } from '../../http/public-url';
import { ApiError } from '../../lib/errors';
import { samlEndpointsOf } from './saml-sp';
import type { SsoLoginService } from './sso-login-service';
import { isLoopbackRedirect } from './sso-rules';
import type { SsoSettingsService } from './sso-settings-service';

/** Holds the random key of a pending OIDC login (its state lives in the database). */
export const SSO_PENDING_COOKIE = 'switchyard-sso';

export interface SsoRouteOptions {
  settings: SsoSettingsService;
  logins: SsoLoginService;
  config: { publicUrl: string | null; baseUriPath: string; trustProxy?: boolean | number | string[] };
  loginRateLimitPerMinute: number;
}

/** What the SSO route files share: the services, the base path and the browser hand-overs. */
export interface SsoRouteContext extends SsoRouteOptions {
  base: string;
  /** Path of the pending-login cookie: only the /auth/ routes need it. */
  cookiePath: string;
  /** Where the browser goes when a sign-in is refused: the sign-in screen shows the reason. */
  refused(reply: FastifyReply, message: string): FastifyReply;
  setSessionCookie(
    request: FastifyRequest,
    reply: FastifyReply,
    session: { sessionId: string; expiresAt: Date },
  ): void;
  samlEndpoints(request: FastifyRequest): ReturnType<typeof samlEndpointsOf>;
}

export function createSsoRouteContext(options: SsoRouteOptions): SsoRouteContext {
  const base = options.config.baseUriPath;
  return {
    ...options,
    base,
    cookiePath: `${base}/auth/`,
    refused: (reply, message) => reply.redirect(`${base}/login?errorMsg=${encodeURIComponent(message)}`, 302),
    setSessionCookie(request, reply, session) {
      reply.setCookie(SESSION_COOKIE, session.sessionId, {
        path: base || '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        expires: session.expiresAt,
      });
    },
    samlEndpoints: (request) => samlEndpointsOf(publicUrlOf(request, options.config)),
  };
}

/** RFC 8252: the desktop app's redirect must be a loopback URL; anything else is refused. */
export function desktopOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (isLoopbackRedirect(value)) return value;
  throw new ApiError(
    'BadDataError',
    'desktop must be a loopback URL such as http://127.0.0.1:<port>/callback',
    {
      details: [{ message: 'desktop must be a loopback http URL (RFC 8252)', path: 'desktop' }],
    },
  );
}

/**
 * A desktop sign-in must be PKCE-bound (RFC 7636): without `desktopChallenge`, whoever sees the
 * loopback redirect's code could redeem it.
 */
export function requireDesktopChallenge(desktop: string | undefined, challenge: string | undefined): void {
  if (desktop === undefined || challenge !== undefined) return;
  throw new ApiError('BadDataError', 'desktopChallenge is required with desktop (RFC 7636 S256)', {
    details: [
      { message: 'desktopChallenge is required with desktop (RFC 7636 S256)', path: 'desktopChallenge' },
    ],
  });
}
