import { inflateRawSync } from 'node:zlib';
import { type CacheProvider, type Profile, ValidateInResponseTo } from '@node-saml/node-saml';
import type { Db } from '../../db/database';
import {
  type SamlEndpoints,
  type SamlRuntimeSettings,
  type SamlSubject,
  samlFor,
  USED_ASSERTION_TTL_MS,
} from './saml-sp-config';
import { hashKey, putTransient } from './sso-store';

/** The LogoutResponse must answer one of our pending LogoutRequests, once: its id is taken from the cache. */
async function takePendingLogoutRequest(cache: CacheProvider, xml: string): Promise<void> {
  const inResponseTo = /^\s*(?:<\?xml[^>]*>\s*)?<[^>]*\sInResponseTo="([^"]+)"/.exec(xml)?.[1];
  if (!inResponseTo || (await cache.removeAsync(inResponseTo)) === null) {
    throw new Error('The LogoutResponse answers no pending LogoutRequest');
  }
}

/** Checks the IdP's LogoutResponse (status Success, InResponseTo ours, signature when signed). */
async function validateRedirectLogoutResponse(
  cache: CacheProvider,
  settings: SamlRuntimeSettings,
  endpoints: SamlEndpoints,
  query: Record<string, string>,
  rawQuery: string,
): Promise<void> {
  await samlFor(cache, settings, endpoints).validateRedirectAsync(query, rawQuery);
  // node-saml accepts a LogoutResponse without InResponseTo and leaves the request id in place:
  // here it must answer one of our LogoutRequests, once.
  const xml = inflateRawSync(Buffer.from(query.SAMLResponse ?? '', 'base64'), {
    maxOutputLength: 1024 * 1024,
  }).toString('utf8');
  await takePendingLogoutRequest(cache, xml);
}

/**
 * The IdP's LogoutResponse on the HTTP-POST binding: signed over the whole document (node-saml
 * refuses it otherwise), status Success, answering one of our pending LogoutRequests, once.
 */
async function validatePostLogoutResponse(
  cache: CacheProvider,
  settings: SamlRuntimeSettings,
  endpoints: SamlEndpoints,
  samlResponse: string,
): Promise<void> {
  // node-saml looks for InResponseTo on a <Response> only, so "always" would refuse every
  // LogoutResponse: it is checked below against our pending LogoutRequests instead.
  const result = await samlFor(
    cache,
    settings,
    endpoints,
    ValidateInResponseTo.never,
  ).validatePostResponseAsync({
    SAMLResponse: samlResponse,
  });
  if (result.profile || !result.loggedOut) throw new Error('Not a LogoutResponse');
  // Comments are outside the signature (exclusive c14n): read the signed markup without them.
  const xml = Buffer.from(samlResponse, 'base64')
    .toString('utf8')
    .replace(/<!--[\s\S]*?-->/g, '');
  const status = /<(?:\w+:)?StatusCode\s[^>]*Value="([^"]+)"/.exec(xml)?.[1];
  if (status !== 'urn:oasis:names:tc:SAML:2.0:status:Success') {
    throw new Error(`The LogoutResponse is not a success (${status ?? 'no status'})`);
  }
  await takePendingLogoutRequest(cache, xml);
}

/**
 * An IdP-initiated LogoutRequest, signed (HTTP-POST: over the document; HTTP-Redirect: the
 * query signature, which node-saml would skip when absent, so it is required here), from the
 * configured issuer, within its validity, and taken once.
 */
async function validateLogoutRequest(
  db: Db,
  cache: CacheProvider,
  settings: SamlRuntimeSettings,
  endpoints: SamlEndpoints,
  message: { samlRequest: string } | { query: Record<string, string>; rawQuery: string },
): Promise<Profile> {
  const saml = samlFor(cache, settings, endpoints);
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
}

/** SAML single logout, both directions and both bindings, on the sign-in's request cache. */
export function createSamlLogoutServiceProvider(db: Db, cache: CacheProvider) {
  return {
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
      return samlFor(cache, settings, endpoints).getLogoutUrlAsync(
        subject as unknown as Profile,
        relayState,
        {},
      );
    },

    validateLogoutResponse: (
      settings: SamlRuntimeSettings,
      endpoints: SamlEndpoints,
      query: Record<string, string>,
      rawQuery: string,
    ): Promise<void> => validateRedirectLogoutResponse(cache, settings, endpoints, query, rawQuery),

    validatePostLogoutResponse: (
      settings: SamlRuntimeSettings,
      endpoints: SamlEndpoints,
      samlResponse: string,
    ): Promise<void> => validatePostLogoutResponse(cache, settings, endpoints, samlResponse),

    validateLogoutRequest: (
      settings: SamlRuntimeSettings,
      endpoints: SamlEndpoints,
      message: { samlRequest: string } | { query: Record<string, string>; rawQuery: string },
    ): Promise<Profile> => validateLogoutRequest(db, cache, settings, endpoints, message),

    /** Our LogoutResponse (success) to the IdP's sign-out URL, signed when an SP key is set. */
    logoutResponseUrl(
      settings: SamlRuntimeSettings,
      endpoints: SamlEndpoints,
      request: Profile,
      relayState: string,
    ): Promise<string> {
      return samlFor(cache, settings, endpoints).getLogoutResponseUrlAsync(request, relayState, {}, true);
    },
  };
}
