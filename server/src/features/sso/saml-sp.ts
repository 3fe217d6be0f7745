import { inflateRawSync } from 'node:zlib';
import { type CacheProvider, type Profile, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import type { Db } from '../../db/database';
import { pemCertificate, type SamlRuntimeSettings } from './sso-settings-service';
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

export type { SamlRuntimeSettings };

/** Who signed in, as the IdP named them: what a LogoutRequest must name again (SAML core §3.7.1). */
export interface SamlSubject {
  nameID: string;
  nameIDFormat: string;
  sessionIndex?: string;
  nameQualifier?: string;
  spNameQualifier?: string;
}

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

const idpCertificate = pemCertificate;

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
const signingOptions = (settings: SamlRuntimeSettings | undefined) =>
  settings?.spSigning
    ? {
        privateKey: settings.spSigning.privateKey,
        publicCert: settings.spSigning.certificate,
        signatureAlgorithm: 'sha256' as const,
      }
    : {};

export function createSamlServiceProvider(db: Db) {
  const cache = requestCache(db);

  function samlFor(
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

    /**
     * SP-initiated single logout (HTTP-Redirect binding): a LogoutRequest naming the subject and
     * session index of the sign-in, signed when an SP key is configured. Its id is kept like an
     * AuthnRequest's, so the IdP's LogoutResponse must answer it.
     */
    logoutUrl(
      settings: SamlRuntimeSettings,
      endpoints: SamlEndpoints,
      subject: SamlSubject,
      relayState: string,
    ): Promise<string> {
      return samlFor(settings, endpoints).getLogoutUrlAsync(subject as unknown as Profile, relayState, {});
    },

    /** Checks the IdP's LogoutResponse (status Success, InResponseTo ours, signature when signed). */
    async validateLogoutResponse(
      settings: SamlRuntimeSettings,
      endpoints: SamlEndpoints,
      query: Record<string, string>,
      rawQuery: string,
    ): Promise<void> {
      await samlFor(settings, endpoints).validateRedirectAsync(query, rawQuery);
      // node-saml accepts a LogoutResponse without InResponseTo and leaves the request id in place:
      // here it must answer one of our LogoutRequests, once.
      const xml = inflateRawSync(Buffer.from(query.SAMLResponse ?? '', 'base64'), {
        maxOutputLength: 1024 * 1024,
      }).toString('utf8');
      const inResponseTo = /^\s*(?:<\?xml[^>]*>\s*)?<[^>]*\sInResponseTo="([^"]+)"/.exec(xml)?.[1];
      if (!inResponseTo || (await cache.removeAsync(inResponseTo)) === null) {
        throw new Error('The LogoutResponse answers no pending LogoutRequest');
      }
    },

    /**
     * The IdP's LogoutResponse on the HTTP-POST binding: signed over the whole document (node-saml
     * refuses it otherwise), status Success, answering one of our pending LogoutRequests, once.
     */
    async validatePostLogoutResponse(
      settings: SamlRuntimeSettings,
      endpoints: SamlEndpoints,
      samlResponse: string,
    ): Promise<void> {
      // node-saml looks for InResponseTo on a <Response> only, so "always" would refuse every
      // LogoutResponse: it is checked below against our pending LogoutRequests instead.
      const result = await samlFor(settings, endpoints, ValidateInResponseTo.never).validatePostResponseAsync(
        {
          SAMLResponse: samlResponse,
        },
      );
      if (result.profile || !result.loggedOut) throw new Error('Not a LogoutResponse');
      // Comments are outside the signature (exclusive c14n): read the signed markup without them.
      const xml = Buffer.from(samlResponse, 'base64')
        .toString('utf8')
        .replace(/<!--[\s\S]*?-->/g, '');
      const status = /<(?:\w+:)?StatusCode\s[^>]*Value="([^"]+)"/.exec(xml)?.[1];
      if (status !== 'urn:oasis:names:tc:SAML:2.0:status:Success') {
        throw new Error(`The LogoutResponse is not a success (${status ?? 'no status'})`);
      }
      const inResponseTo = /^\s*(?:<\?xml[^>]*>\s*)?<[^>]*\sInResponseTo="([^"]+)"/.exec(xml)?.[1];
      if (!inResponseTo || (await cache.removeAsync(inResponseTo)) === null) {
        throw new Error('The LogoutResponse answers no pending LogoutRequest');
      }
    },

    /**
     * An IdP-initiated LogoutRequest, signed (HTTP-POST: over the document; HTTP-Redirect: the
     * query signature, which node-saml would skip when absent, so it is required here), from the
     * configured issuer, within its validity, and taken once.
     */
    async validateLogoutRequest(
      settings: SamlRuntimeSettings,
      endpoints: SamlEndpoints,
      message: { samlRequest: string } | { query: Record<string, string>; rawQuery: string },
    ): Promise<Profile> {
      const saml = samlFor(settings, endpoints);
      let result: { profile: Profile | null };
      if ('samlRequest' in message) {
        result = await saml.validatePostRequestAsync({ SAMLRequest: message.samlRequest });
      } else {
        if (!message.query.Signature) throw new Error('The LogoutRequest is not signed');
        result = await saml.validateRedirectAsync(message.query, message.rawQuery);
      }
      const { profile } = result;
      if (!profile?.ID || !profile.nameID) throw new Error('The LogoutRequest names no one');
      const fresh = await putTransient(
        db,
        'saml-assertion',
        hashKey(`logout:${profile.ID}`),
        {},
        USED_ASSERTION_TTL_MS,
      );
      if (!fresh) throw new Error('The LogoutRequest was already taken');
      return profile;
    },

    /** Our LogoutResponse (success) to the IdP's sign-out URL, signed when an SP key is set. */
    logoutResponseUrl(
      settings: SamlRuntimeSettings,
      endpoints: SamlEndpoints,
      request: Profile,
      relayState: string,
    ): Promise<string> {
      return samlFor(settings, endpoints).getLogoutResponseUrlAsync(request, relayState, {}, true);
    },

    metadata(settings: SamlRuntimeSettings | undefined, endpoints: SamlEndpoints): string {
      const saml = new SAML({
        callbackUrl: endpoints.acsUrl,
        logoutCallbackUrl: endpoints.sloUrl,
        issuer: endpoints.spEntityId,
        idpCert: settings ? idpCertificate(settings.certificate) : 'unused',
        identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
        wantAssertionsSigned: true,
        ...signingOptions(settings),
      });
      // With an SP key pair the metadata publishes its certificate (use="signing") and says
      // AuthnRequestsSigned; without one, neither.
      return saml.generateServiceProviderMetadata(null, settings?.spSigning?.certificate ?? null);
    },
  };
}
export type SamlServiceProvider = ReturnType<typeof createSamlServiceProvider>;
