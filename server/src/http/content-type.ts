import type { FastifyInstance } from 'fastify';
import { ApiError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes an HTML form post (SAML's HTTP-POST binding), not JSON: it registers its own
     * form parser and this JSON-only check leaves it alone.
     */
    formBody?: boolean;
  }
}

// As Unleash (type-is with application/json): any parameters, any letter case, no other JSON types.
const JSON_TYPE = /^application\/json(?:\s*;|$)/i;
/** SCIM's own media type (RFC 7644 §3.1), accepted besides JSON on routes that say so. */
const SCIM_JSON_TYPE = /^application\/scim\+json(?:\s*;|$)/i;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route also takes `application/scim+json` bodies (the /scim/v2 API). */
    scimJson?: boolean;
  }
}

/** Parses `application/scim+json` as JSON, within the same body limit (the SCIM routes register it). */
export function registerScimJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/scim+json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

/**
 * Body handling as Unleash's express.json() does it (pinned by http-conventions.test.ts):
 * - a route that takes a body answers 415 ContentTypeError unless it is JSON (shared/unleash/API.md §1);
 * - an empty body sent with `Content-Type: application/json` (scripts and HTTP wrappers send the
 *   header on every request) is no body: a route without a body schema sees `undefined`; a route
 *   with one sees `{}`, as express.json() gives Unleash, so a schema whose properties are all
 *   optional passes and one with required properties answers 400 BadDataError naming them;
 * - a route that takes no body ignores whatever body and type it is sent (Unleash answers
 *   200 to `POST …/on` with text/plain or XML), but malformed JSON is still 400, as in Unleash.
 */
export function registerJsonOnlyBodies(app: FastifyInstance): void {
  app.removeContentTypeParser(['text/plain', 'application/json']);
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
  // Any other type is read (within bodyLimit) and dropped: the route-level check below refuses it
  // where a body is expected, and routes without a body never look at it.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
  app.addHook('onRoute', (route) => {
    if (!route.schema?.body || route.config?.formBody) return;
    const previous = route.preValidation;
    const scimJson = route.config?.scimJson === true;
    const check = async (request: { headers: Record<string, unknown>; body: unknown }) => {
      const contentType = request.headers['content-type'];
      const accepted =
        typeof contentType === 'string' &&
        (JSON_TYPE.test(contentType) || (scimJson && SCIM_JSON_TYPE.test(contentType)));
      if (!accepted) {
        throw new ApiError('ContentTypeError', 'Content-Type must be application/json');
      }
      if (request.body === undefined) request.body = {};
    };
    route.preValidation = previous ? [check, ...(Array.isArray(previous) ? previous : [previous])] : check;
  });
}
