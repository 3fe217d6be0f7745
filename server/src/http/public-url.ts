import type { FastifyRequest } from 'fastify';

/**
 * The server's public base URL for links handed out (invites, password resets): UNLEASH_URL
 * when configured, otherwise the address the request came in on, with BASE_URI_PATH.
 */
export function publicUrlOf(
  request: FastifyRequest,
  config: { publicUrl: string | null; baseUriPath: string },
): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}${config.baseUriPath}`;
}
