import http from 'node:http';
import type { HttpTimeouts } from '../config';

/**
 * Every listener of the app (main and SDK) is made here, so they share one socket policy; the
 * SDK fast path runs inside the handler, after Node has parsed the headers, and its body reads
 * fall under the same request timeout.
 */
export function createHttpServer(handler: http.RequestListener, timeouts: HttpTimeouts): http.Server {
  const server = http.createServer(
    {
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.headersMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      // Node enforces the two timeouts above on this tick (30 s by default, which would stretch
      // a 10 s bound to 40 s); a pass over the open connections each second costs little.
      connectionsCheckingInterval: Math.min(1000, timeouts.headersMs),
    },
    handler,
  );
  return server;
}
