import type { FastifyRequest } from 'fastify';

const LOOPBACK_NAMES = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;

function hostOfSocket(request: FastifyRequest): string | null {
  const { localAddress, localPort } = request.raw.socket;
  if (!localAddress || !localPort) return null;
  const address = localAddress.startsWith('::ffff:') ? localAddress.slice(7) : localAddress;
  return `${address.includes(':') ? `[${address}]` : address}:${localPort}`;
}

/**
 * The server's public base URL for links handed out (invites, password resets), with
 * BASE_URI_PATH. UNLEASH_URL when configured. Otherwise never a Host header that nobody vouches
 * for (issue 12 §6: a forged Host would put an attacker's site in a reset link): the request's
 * host when a trusted proxy (TRUST_PROXY) or loopback named it, else the address and port of the
 * socket the request came in on.
 */
export function publicUrlOf(
  request: FastifyRequest,
  config: { publicUrl: string | null; baseUriPath: string; trustProxy?: boolean | number | string[] },
): string {
  if (config.publicUrl) return config.publicUrl;
  const proxied = config.trustProxy !== undefined && config.trustProxy !== false;
  const host =
    proxied || LOOPBACK_NAMES.test(request.host) ? request.host : (hostOfSocket(request) ?? 'localhost');
  return `${request.protocol}://${host}${config.baseUriPath}`;
}
