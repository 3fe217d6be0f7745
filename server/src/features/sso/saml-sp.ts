import { type CacheProvider, type Profile, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import type { SamlSettings } from '../../../contract';
import type { Db } from '../../db/database';
import { hashKey, putTransient, readTransient, takeTransient } from './sso-store';

/**
 * SAML 2.0 service provider through `@node-saml/node-saml`: SP-initiated login, and validation
 * of the IdP's answer (signed assertion against the configured certificate, issuer, audience,
 * validity window, InResponseTo one of our own recent requests). Nothing here checks XML
 * signatures by hand. Used assertion ids are kept until they expire, so an assertion is accepted
 * once even if an attacker replays it within its validity.
 */

export const SAML_REQUEST_TTL_MS = 10 * 60 * 1000;
/** An assertion id stays refused at least this long (longer than any sane assertion validity). */
const USED_ASSERTION_TTL_MS = 24 * 60 * 60 * 1000;
const CLOCK_SKEW_MS = 60 * 1000;

export type SamlRuntimeSettings = SamlSettings & { entityId: string; signOnUrl: string; certificate: string };

/** Our pending AuthnRequest ids in the database, so any instance can take the answer. */
function requestCache(db: Db): CacheProvider {
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

/** The IdP's certificate as node-saml wants it: PEM, or the bare base64 body admins often paste. */
function idpCertificate(certificate: string): string {
  const trimmed = certificate.trim();
  if (trimmed.includes('BEGIN CERTIFICATE')) return trimmed;
  return `-----BEGIN CERTIFICATE-----\n${trimmed.replace(/\s+/g, '')}\n-----END CERTIFICATE-----`;
}

export interface SamlEndpoints {
  /** The SP entity id (the server's public URL). */
  spEntityId: string;
  /** The assertion consumer service URL, `<public URL>/auth/saml/callback`. */
  acsUrl: string;
}

export function createSamlServiceProvider(db: Db) {
  const cache = requestCache(db);

  function samlFor(settings: SamlRuntimeSettings, endpoints: SamlEndpoints): SAML {
    return new SAML({
      callbackUrl: endpoints.acsUrl,
      entryPoint: settings.signOnUrl,
      issuer: endpoints.spEntityId,
      audience: endpoints.spEntityId,
      idpIssuer: settings.entityId,
      idpCert: idpCertificate(settings.certificate),
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: SAML_REQUEST_TTL_MS,
      cacheProvider: cache,
      acceptedClockSkewMs: CLOCK_SKEW_MS,
      identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      disableRequestedAuthnContext: true,
      ...(settings.signOutUrl ? { logoutUrl: settings.signOutUrl } : {}),
    });
  }

  return {
    loginUrl(settings: SamlRuntimeSettings, endpoints: SamlEndpoints, relayState: string): Promise<string> {
      return samlFor(settings, endpoints).getAuthorizeUrlAsync(relayState, undefined, {});
    },

    /** The validated profile; throws when any check fails or the assertion was seen before. */
    async validate(
      settings: SamlRuntimeSettings,
      endpoints: SamlEndpoints,
      samlResponse: string,
    ): Promise<Profile> {
      const { profile } = await samlFor(settings, endpoints).validatePostResponseAsync({
        SAMLResponse: samlResponse,
      });
      if (!profile) throw new Error('The SAML answer carries no assertion');
      const assertionId = /^\s*<[^>]*\sID="([^"]+)"/.exec(profile.getAssertionXml?.() ?? '')?.[1];
      if (!assertionId) throw new Error('The SAML assertion has no ID');
      const fresh = await putTransient(db, 'saml-assertion', hashKey(assertionId), {}, USED_ASSERTION_TTL_MS);
      if (!fresh) throw new Error('The SAML assertion was already used');
      return profile;
    },

    metadata(settings: SamlRuntimeSettings | undefined, endpoints: SamlEndpoints): string {
      const saml = new SAML({
        callbackUrl: endpoints.acsUrl,
        issuer: endpoints.spEntityId,
        idpCert: settings ? idpCertificate(settings.certificate) : 'unused',
        identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
        wantAssertionsSigned: true,
      });
      // Requests are not signed, so the metadata names no SP certificate.
      return saml.generateServiceProviderMetadata(null, null);
    },
  };
}
export type SamlServiceProvider = ReturnType<typeof createSamlServiceProvider>;
