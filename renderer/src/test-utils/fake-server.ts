/**
 * An admin API stand-in for component tests: a `fetch` that routes to handlers in memory, answers
 * unknown paths with Unleash's 404 body, records every request, and can be switched "offline"
 * (fetch rejects as a browser does when the server is unreachable).
 */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

export type FakeHandler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeServer {
  origin: string;
  fetch: typeof fetch;
  requests: FakeRequest[];
  offline: boolean;
  /** Answers `METHOD path` (exact path, no query) with a handler, an `answer(...)`, or a fixed 200 body. */
  on(method: string, path: string, handler: FakeHandler): FakeServer;
  on(method: string, path: string, reply: unknown): FakeServer;
  /** Requests made to `METHOD path`, in order. */
  calls(method: string, path: string): FakeRequest[];
}

export const TEST_ORIGIN = 'http://switchyard.test';

const ANSWER = Symbol('fake answer');
type MarkedAnswer = FakeAnswer & { [ANSWER]: true };

/** A status and body for `on`, as opposed to a plain value, which `on` sends as a 200 body. */
export function answer(status: number, body?: unknown): MarkedAnswer {
  return { status, body, [ANSWER]: true };
}

export function unleashError(
  status: number,
  name: string,
  message: string,
  details?: Array<{ message: string; path?: string }>,
): MarkedAnswer {
  return answer(status, {
    id: '5b3f0c1e-0000-4000-8000-000000000000',
    name,
    message,
    details: details ?? [{ message }],
  });
}

function isMarked(value: unknown): value is MarkedAnswer {
  return typeof value === 'object' && value !== null && ANSWER in value;
}

export function createFakeServer(origin = TEST_ORIGIN): FakeServer {
  const routes = new Map<string, FakeHandler>();
  const server: FakeServer = {
    origin,
    requests: [],
    offline: false,
    on(method: string, path: string, reply: unknown) {
      const handler: FakeHandler =
        typeof reply === 'function'
          ? (reply as FakeHandler)
          : isMarked(reply)
            ? () => reply
            : () => ({ body: reply });
      routes.set(`${method.toUpperCase()} ${path}`, handler);
      return server;
    },
    calls: (method, path) =>
      server.requests.filter((r) => r.method === method.toUpperCase() && r.path === path),
    fetch: async (input, init) => {
      if (server.offline) throw new TypeError('Failed to fetch');
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((value, key) => {
        headers[key] = value;
      });
      const rawBody = typeof init?.body === 'string' ? init.body : undefined;
      const request: FakeRequest = {
        method: (init?.method ?? 'GET').toUpperCase(),
        path: url.pathname,
        query: url.searchParams,
        body: rawBody === undefined ? undefined : JSON.parse(rawBody),
        headers,
      };
      server.requests.push(request);
      const handler = routes.get(`${request.method} ${request.path}`);
      const answer = handler
        ? await handler(request)
        : unleashError(
            404,
            'NotFoundError',
            `The path you were looking for (${request.path}) is not available.`,
          );
      const status = answer.status ?? 200;
      if (answer.body === undefined || status === 204) return new Response(null, { status });
      return new Response(JSON.stringify(answer.body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    },
  };
  server.on('GET', '/health', { health: 'GOOD' });
  server.on('GET', '/api/admin/user', {
    user: { id: 1, name: 'Ada Admin', username: 'admin' },
    // Ada is an admin: screens offer her everything (tests of other roles answer their own grants).
    permissions: [{ permission: 'ADMIN' }],
  });
  return server;
}
