import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  DESKTOP_CODE_TTL_MS,
  type SsoLoginContext,
  type SsoSession,
  type SsoSessionOrigin,
} from './sso-login-context';
import { hashKey, putTransient, takeTransient } from './sso-store';

interface DesktopCodePayload {
  userId: number;
  /** RFC 7636 S256 challenge the redeeming verifier must match. */
  challenge: string;
  origin: SsoSessionOrigin;
}

/** RFC 8252 hand-over: the desktop app gets a one-time code instead of a cookie. */
export function createDesktopCodes(context: SsoLoginContext) {
  const { db } = context;
  return {
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
      const session = await context.openSession(payload.userId);
      if (payload.origin) await context.rememberSsoSession(session.sessionId, payload.origin);
      return session;
    },
  };
}
