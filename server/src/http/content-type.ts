import type { FastifyInstance } from 'fastify';
import { ApiError } from '../lib/errors';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json(?:\s*;|$)/i;

/**
 * Unleash answers 415 ContentTypeError when a route that takes a body receives anything but
 * JSON (shared/unleash/API.md §1). Fastify would otherwise parse text/plain as a string.
 */
export function registerJsonOnlyBodies(app: FastifyInstance): void {
  app.removeContentTypeParser(['text/plain']);
  app.addHook('onRoute', (route) => {
    if (!route.schema?.body) return;
    const previous = route.preValidation;
    const check = async (request: { headers: Record<string, unknown> }) => {
      const contentType = request.headers['content-type'];
      if (typeof contentType !== 'string' || !JSON_TYPE.test(contentType)) {
        throw new ApiError('ContentTypeError', 'Content-Type must be application/json');
      }
    };
    route.preValidation = previous ? [check, ...(Array.isArray(previous) ? previous : [previous])] : check;
  });
}
