import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../lib/errors';
import type { App } from './app-type';

/**
 * Network exposure (issue 7): which requests a peer on the network may make.
 *
 * The SDK surfaces are what Unleash's SDKs, the frontend SDKs, Unleash Edge and OpenFeature's
 * OFREP providers call: the client API, the frontend API, OFREP, Edge's token validation, and
 * liveness/readiness for load balancers.
 * Everything else (admin API, auth, console, API docs, Prometheus metrics) is the operator's
 * surface. Prometheus stays with the operator on purpose: its labels name routes, applications
 * and flags, and a scraper on another machine can use the admin listener when it is exposed.
 */
export const SDK_SURFACE_PREFIXES = [
  '/api/client',
  '/api/frontend',
  '/ofrep',
  '/edge',
  '/health',
  '/ready',
] as const;

export interface NetworkExposureOptions {
  baseUriPath: string;
  /** ADMIN_LOOPBACK_ONLY: the operator's surface answers loopback peers only, on every listener. */
  adminLoopbackOnly: boolean;
  /** How the SDK listener hands a request to the app; default Fastify's own handler (`app.routing`). */
  dispatch?: (request: http.IncomingMessage, response: http.ServerResponse) => void;
  /** Makes the SDK listener's server (the app passes its socket policy); default: like the main one. */
  createServer?: (handler: http.RequestListener) => http.Server;
}

export interface SdkListenOptions {
  host: string;
  port: number;
}

/** The app's second listener (SDK_HOST/SDK_PORT), serving the SDK surfaces only. */
export interface SdkListener {
  /** Opens the listener on the same app; it closes with the app (`app.close()`). */
  listen(options: SdkListenOptions): Promise<AddressInfo>;
  /** The bound address, or null when the listener is not open. */
  address(): AddressInfo | null;
  /** Cuts every connection still open: the end of a graceful shutdown's grace period. */
  closeAllConnections(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** See server/src/http/network-exposure.ts. */
    sdkListener: SdkListener;
  }
}

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.x: the only peers that are this machine for certain. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const lower = address.toLowerCase();
  if (lower === '::1' || lower === '0:0:0:0:0:0:0:1') return true;
  const v4 = lower.startsWith('::ffff:') ? lower.slice('::ffff:'.length) : lower;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** Whether a path relative to BASE_URI_PATH belongs to an SDK surface. */
export function isSdkPath(relativePath: string): boolean {
  return SDK_SURFACE_PREFIXES.some(
    (prefix) => relativePath === prefix || relativePath.startsWith(`${prefix}/`),
  );
}

function stripBase(path: string, baseUriPath: string): string | null {
  if (baseUriPath === '') return path;
  if (path === baseUriPath) return '/';
  return path.startsWith(`${baseUriPath}/`) ? path.slice(baseUriPath.length) : null;
}

function requestPath(url: string): string {
  const pathname = (url.split('?')[0] ?? url).replace(/\/{2,}/g, '/');
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/**
 * Classifies by the route the router matched, not by the URL text, so spellings the router
 * treats as the same path (`//api//client`, `%63lient`) cannot smuggle a request across. Only a
 * request that matched no route or a catch-all (CORS preflight `OPTIONS *`) is classified by its
 * path: it can reach nothing but the JSON 404 or the preflight answer.
 */
export function isSdkSurfaceRequest(request: FastifyRequest, baseUriPath: string): boolean {
  const pattern = request.is404 ? undefined : request.routeOptions.url;
  const relativePattern = pattern === undefined ? null : stripBase(pattern, baseUriPath);
  if (relativePattern !== null && relativePattern !== '*' && relativePattern !== '/*') {
    return isSdkPath(relativePattern);
  }
  const relativePath = stripBase(requestPath(request.url), baseUriPath);
  return relativePath !== null && isSdkPath(relativePath);
}

function notFound(request: FastifyRequest, baseUriPath: string): ApiError {
  const path = request.url.split('?')[0] ?? request.url;
  const relative = stripBase(path, baseUriPath) ?? path;
  // The same messages as the app's not-found handler (Unleash's "Unknown paths").
  return new ApiError(
    'NotFoundError',
    relative.startsWith('/api/')
      ? `The path you were looking for (${path}) is not available.`
      : `The page you were looking for (${path}) does not exist.`,
  );
}

function closeServer(server: http.Server): Promise<void> {
  // No new connections; idle keep-alive connections close now (Node does that in close()).
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * A connection whose request was in flight when closing began turns idle after its response and
 * would then stay open for the whole keep-alive timeout, holding the close up; reap those too.
 */
function reapIdleConnections(servers: http.Server[]): () => void {
  const timer = setInterval(() => {
    for (const server of servers) server.closeIdleConnections();
  }, 100);
  timer.unref();
  return () => clearInterval(timer);
}

function sameAsMain(main: http.Server, dispatch: http.RequestListener): http.Server {
  const created = http.createServer(dispatch);
  created.keepAliveTimeout = main.keepAliveTimeout;
  created.requestTimeout = main.requestTimeout;
  created.headersTimeout = main.headersTimeout;
  created.maxRequestsPerSocket = main.maxRequestsPerSocket;
  created.timeout = main.timeout;
  return created;
}

/**
 * Adds the exposure policy to every request of the app (register it before auth, so a refused
 * peer learns nothing about tokens) and decorates the app with its SDK listener.
 *
 * The SDK listener is a plain node:http server dispatching into the app's own request handler
 * (`app.routing`, the handler Fastify gives its main server): one app, one set of routes and
 * state, two sockets. Requests are told apart by the socket that accepted them, never by headers
 * a client controls; the same goes for the peer address (the socket's, not X-Forwarded-For).
 */
export function registerNetworkExposure(app: App, options: NetworkExposureOptions): SdkListener {
  const { baseUriPath, adminLoopbackOnly } = options;
  const sdkSockets = new WeakSet<Socket>();
  let server: http.Server | null = null;

  // A callback hook, not an async one: it runs on every SDK request and never waits for anything.
  app.addHook('onRequest', (request, _reply, done) => {
    const sdkSurface = isSdkSurfaceRequest(request, baseUriPath);
    if (sdkSockets.has(request.raw.socket)) {
      done(sdkSurface ? undefined : notFound(request, baseUriPath));
      return;
    }
    if (adminLoopbackOnly && !sdkSurface && !isLoopbackAddress(request.raw.socket.remoteAddress)) {
      done(
        new ApiError(
          'ForbiddenError',
          'This server answers admin requests only from its own machine (ADMIN_LOOPBACK_ONLY). SDKs may use /api/client and /api/frontend.',
        ),
      );
      return;
    }
    done();
  });

  // Runs before Fastify closes its own server; new requests on either listener already get 503.
  app.addHook('preClose', async () => {
    const listening = [app.server, server].filter((s): s is http.Server => s?.listening === true);
    if (listening.length === 0) return;
    const stopReaping = reapIdleConnections(listening);
    app.server.once('close', stopReaping);
    if (server?.listening) await closeServer(server);
  });

  const listener: SdkListener = {
    async listen({ host, port }) {
      if (server !== null) throw new Error('the SDK listener is already open');
      const dispatch = options.dispatch ?? ((req, res) => app.routing(req, res));
      const created = options.createServer
        ? options.createServer(dispatch)
        : sameAsMain(app.server, dispatch);
      created.on('connection', (socket: Socket) => sdkSockets.add(socket));
      await new Promise<void>((resolve, reject) => {
        created.once('error', reject);
        created.listen({ host, port }, () => {
          created.off('error', reject);
          resolve();
        });
      });
      server = created;
      return created.address() as AddressInfo;
    },
    address() {
      const address = server?.listening ? server.address() : null;
      return typeof address === 'object' ? address : null;
    },
    closeAllConnections() {
      server?.closeAllConnections();
    },
  };
  app.decorate('sdkListener', listener);
  return listener;
}
