import { type TSchema, Type } from 'typebox';
import { errorResponses } from '../../../contract';
import { perMinute } from '../../http/rate-limit';

/** What the SSO route files share in their schemas. */
export const tags = ['Auth'];
/** SAML messages arrive as forms of base64 XML; a signed assertion with groups stays well below. */
export const SAML_BODY_LIMIT_BYTES = 512 * 1024;
export const redirectResponse = { 302: Type.Null() };

/**
 * The options of a sign-in step the browser is sent to: open to all, under the login rate limit,
 * answering a redirect or an error page (400, 429).
 */
export function signInRedirectOptions<const Query extends TSchema>(
  loginRateLimitPerMinute: number,
  operationId: string,
  querystring: Query,
) {
  return {
    config: { permission: 'NONE' as const, rateLimit: perMinute(loginRateLimitPerMinute) },
    schema: {
      operationId,
      tags,
      querystring,
      response: { ...redirectResponse, ...errorResponses(400, 429) },
    },
  };
}
