import { type CacheProvider, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import type { Db } from '../../db/database';
import { pemCertificate, type SamlRuntimeSettings } from './sso-settings-service';
import { hashKey, putTransient, readTransient, takeTransient } from './sso-store';

/**
 * What the SAML service provider files share. SAML 2.0 service provider through `@node-saml/node-saml`: SP-initiated login, and validation
 * of the IdP's answer (signed assertion against the configured certificate, issuer, audience,
 * validity window, InResponseTo one of our own recent requests). Nothing here checks XML
 * signatures by hand. Used assertion ids are kept until they expire, so an assertion is accepted
 * once even if an attacker replays it within its validity.
 */

export type { SamlRuntimeSettings };

export const SAML_REQUEST_TTL_MS = 10 * 60 * 1000;
/** An assertion id stays refused at least this long (longer than any sane assertion validity). */
export const USED_ASSERTION_TTL_MS = 24 * 60 * 60 * 1000;
const CLOCK_SKEW_MS = 60 * 1000;

/** Who signed in, as the IdP named them: what a LogoutRequest must name again (SAML core §3.7.1). */
export interface SamlSubject {
  nameID: string;
  nameIDFormat: string;
  sessionIndex?: string;
  nameQualifier?: string;
  spNameQualifier?: string;
}

/** Our pending AuthnRequest ids in the database, so any instance can take the answer. */
export function requestCache(db: Db): CacheProvider {
  return {
    async saveAsync(key, value) {
      await putTransient(db, 'saml-request', hashKey(key), { value }, SAML_REQUEST_TTL_MS);
      return { value, createdAt: Date.now() };
    },
    async getAsync(key) {
      // node-saml reads it for the Response and for the SubjectConfirmation, then removes it.
      const found = (await readTransient(db, 'saml-request', hashKey(key))) as { value?: string } | undefined;
      return found?.value ?? null;
    },
    async removeAsync(key) {
      if (key === null) return null;
      const found = (await takeTransient(db, 'saml-request', hashKey(key))) as { value?: string } | undefined;
      return found?.value ?? null;
    },
  };
}

export const idpCertificate = pemCertificate;

export interface SamlEndpoints {
  /** The SP entity id (the server's public URL). */
  spEntityId: string;
  /** The assertion consumer service URL, `<public URL>/auth/saml/callback`. */
  acsUrl: string;
  /** Where the IdP answers a LogoutRequest, `<public URL>/auth/saml/logout`. */
  sloUrl: string;
}

export const samlEndpointsOf = (publicUrl: string): SamlEndpoints => ({
  spEntityId: publicUrl,
  acsUrl: `${publicUrl}/auth/saml/callback`,
  sloUrl: `${publicUrl}/auth/saml/logout`,
});

/** With an SP key pair, everything sent (AuthnRequest, LogoutRequest) is signed, RSA-SHA256. */
export const signingOptions = (settings: SamlRuntimeSettings | undefined) =>
  settings?.spSigning
    ? {
        privateKey: settings.spSigning.privateKey,
        publicCert: settings.spSigning.certificate,
        signatureAlgorithm: 'sha256' as const,
      }
    : {};

/** A node-saml instance for one request: settings and endpoints change at runtime. */
export function samlFor(
  cache: CacheProvider,
  settings: SamlRuntimeSettings,
  endpoints: SamlEndpoints,
  inResponseTo: ValidateInResponseTo = ValidateInResponseTo.always,
): SAML {
  return new SAML({
    callbackUrl: endpoints.acsUrl,
    entryPoint: settings.signOnUrl,
    issuer: endpoints.spEntityId,
    audience: endpoints.spEntityId,
    idpIssuer: settings.entityId,
    idpCert: idpCertificate(settings.certificate),
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: inResponseTo,
    requestIdExpirationPeriodMs: SAML_REQUEST_TTL_MS,
    cacheProvider: cache,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    disableRequestedAuthnContext: true,
    logoutCallbackUrl: endpoints.sloUrl,
    ...(settings.signOutUrl ? { logoutUrl: settings.signOutUrl } : {}),
    ...signingOptions(settings),
  });
}
