import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A handler for one SDK hot path. It answers only the common, fully cached case (a known token,
 * a snapshot in memory, a valid request) and returns false for anything else, which Fastify
 * then handles with its full machinery: errors, loading, validation and their exact bodies. It
 * may answer synchronously (everything in memory: no promise hop) or through a promise.
 * A handler that answers sends `X-Content-Type-Options: nosniff` with its own headers (as Fastify's
 * answers do): one writeHead with prebuilt headers is the cheapest way to send them.
 */
export type FastHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  query: string,
) => boolean | Promise<boolean>;

export type Dispatch = (request: IncomingMessage, response: ServerResponse) => void;

export interface SdkFastPath {
  /** Serves `method path` (BASE_URI_PATH included, exact match) from `handler` when it can. */
  on(method: 'GET' | 'POST', path: string, handler: FastHandler): void;
  /** Wraps Fastify's request handler: a fast answer when there is one, Fastify otherwise. */
  wrap(fallback: Dispatch): Dispatch;
  /** From now on every request goes to Fastify (which answers 503 while closing). */
  close(): void;
  /** Called with the route path, method, status and milliseconds of every fast answer. */
  onAnswered(observer: (path: string, method: string, status: number, ms: number) => void): void;
  /** How many requests the fast path answered (tests and diagnostics). */
  readonly answered: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    sdkFastPath: SdkFastPath;
  }
}

/**
 * Why this exists: the benchmark's profile (issue 8) showed Fastify's per-request work (routing,
 * five hooks, query validation, reply bookkeeping) costing several times what serving an SDK's
 * precomputed body costs. SDKs poll these few endpoints constantly; everything else, and every
 * unusual request on these endpoints, still goes through Fastify.
 */
export function createSdkFastPath(): SdkFastPath {
  const handlers = new Map<string, { path: string; handler: FastHandler }>();
  let observer: ((path: string, method: string, status: number, ms: number) => void) | null = null;
  let closed = false;
  let answered = 0;

  return {
    get answered() {
      return answered;
    },
    on(method, path, handler) {
      handlers.set(`${method} ${path}`, { path, handler });
    },
    wrap(fallback) {
      return (request, response) => {
        const url = request.url ?? '';
        const queryStart = url.indexOf('?');
        const path = queryStart === -1 ? url : url.slice(0, queryStart);
        const route = closed ? undefined : handlers.get(`${request.method} ${path}`);
        if (!route) {
          fallback(request, response);
          return;
        }
        const started = performance.now();
        const finish = (served: boolean) => {
          if (!served) {
            fallback(request, response);
            return;
          }
          answered += 1;
          observer?.(route.path, request.method as string, response.statusCode, performance.now() - started);
        };
        let result: boolean | Promise<boolean>;
        try {
          result = route.handler(request, response, queryStart === -1 ? '' : url.slice(queryStart + 1));
        } catch {
          // A failing fast handler has written nothing: Fastify answers, with its error handling.
          fallback(request, response);
          return;
        }
        if (typeof result === 'boolean') finish(result);
        else result.then(finish, () => fallback(request, response));
      };
    },
    close() {
      closed = true;
    },
    onAnswered(next) {
      observer = next;
    },
  };
}

/** The largest JSON body the fast path reads; larger ones go to Fastify (its default bodyLimit). */
export const FAST_BODY_LIMIT = 1024 * 1024;

/**
 * Whether a POST may be read by a fast handler: JSON with a declared length within the limit.
 * Anything else (chunked, empty, other types) is decided before reading, so Fastify still can.
 */
export function isPlainJsonPost(request: IncomingMessage): boolean {
  const type = request.headers['content-type'];
  const length = Number(request.headers['content-length']);
  return (
    typeof type === 'string' &&
    /^application\/json\s*(;|$)/i.test(type) &&
    Number.isInteger(length) &&
    length > 0 &&
    length <= FAST_BODY_LIMIT
  );
}

/** The request body as text (the caller checked isPlainJsonPost). */
export function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.once('end', () => resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)));
    request.once('error', reject);
  });
}

/**
 * Escapes of NUL and of UTF-16 surrogates (`\u0000`, `\ud83d`): the text they decode to may be
 * unstorable, which Fastify's unstorable-text guard decides (hostile-input.ts). Real SDK bodies
 * never carry them, so testing for the escape alone is enough and cheap.
 */
const SUSPECT_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;

/**
 * JSON that Fastify's parser would refuse or treat specially (prototype poisoning), or whose
 * text the unstorable-text guard must see, is not parsed here.
 */
export function parseTrustedJson(body: Buffer): unknown {
  const text = body.toString('utf8');
  if (text.includes('__proto__') || text.includes('constructor') || SUSPECT_ESCAPE.test(text)) {
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
