import type { FastifyInstance } from 'fastify';

/** Sent with every answer (issue 12 §6): a browser never guesses another type than the one declared. */
export const NOSNIFF_HEADER = ['x-content-type-options', 'nosniff'] as const;

/**
 * Headers every answer carries, errors included. The SDK fast path writes its own answers with
 * the same header in their prebuilt headers (sdk-fast-path.ts), so both paths stay alike.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header(NOSNIFF_HEADER[0], NOSNIFF_HEADER[1]);
    done(null, payload);
  });
}
