import { Type } from 'typebox';

/** What the SSO route files share in their schemas. */
export const tags = ['Auth'];
/** SAML messages arrive as forms of base64 XML; a signed assertion with groups stays well below. */
export const SAML_BODY_LIMIT_BYTES = 512 * 1024;
export const redirectResponse = { 302: Type.Null() };
