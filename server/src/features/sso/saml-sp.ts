import { type Profile, SAML } from '@node-saml/node-saml';
import type { Db } from '../../db/database';
import { createSamlLogoutServiceProvider } from './saml-logout-sp';
import {
  idpCertificate,
  requestCache,
  type SamlEndpoints,
  type SamlRuntimeSettings,
  samlFor,
  signingOptions,
  USED_ASSERTION_TTL_MS,
} from './saml-sp-config';
import { hashKey, putTransient } from './sso-store';

export {
  SAML_REQUEST_TTL_MS,
  type SamlEndpoints,
  type SamlRuntimeSettings,
  type SamlSubject,
  samlEndpointsOf,
} from './saml-sp-config';

/**
 * SAML 2.0 service provider through `@node-saml/node-saml` (see saml-sp-config.ts): sign-in and
 * metadata here, single logout in saml-logout-sp.ts, both over one request cache.
 */
export function createSamlServiceProvider(db: Db) {
  const cache = requestCache(db);
  return {
    loginUrl(settings: SamlRuntimeSettings, endpoints: SamlEndpoints, relayState: string): Promise<string> {
      return samlFor(cache, settings, endpoints).getAuthorizeUrlAsync(relayState, undefined, {});
    },

    /** The validated profile; throws when any check fails or the assertion was seen before. */
    async validate(
      settings: SamlRuntimeSettings,
      endpoints: SamlEndpoints,
      samlResponse: string,
    ): Promise<Profile> {
      const { profile } = await samlFor(cache, settings, endpoints).validatePostResponseAsync({
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
    ...createSamlLogoutServiceProvider(db, cache),
  };
}
export type SamlServiceProvider = ReturnType<typeof createSamlServiceProvider>;
