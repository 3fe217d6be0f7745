import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One request a receiver got. `body` is the raw bytes, `text` the body (gunzipped when gzip). */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json(): unknown;
}

export type Responder = (
  request: ReceivedRequest,
  index: number,
) => {
  status: number;
  body?: string;
  delayMs?: number;
};

export interface LoopbackReceiver {
  url: string;
  requests: ReceivedRequest[];
  /** Changes how later requests are answered. */
  respond(responder: Responder): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 standing in for a provider's API (Slack, Datadog...), recording
 * every request and answering as the test says (status, body, delay).
 */
export async function startReceiver(
  responder: Responder = () => ({ status: 200, body: '{"ok":true}' }),
): Promise<LoopbackReceiver> {
  let answer = responder;
  const requests: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const text =
        req.headers['content-encoding'] === 'gzip'
          ? gunzipSync(body).toString('utf8')
          : body.toString('utf8');
      const received: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        text,
        json: () => JSON.parse(text),
      };
      const index = requests.length;
      requests.push(received);
      const { status, body: reply = '{"ok":true}', delayMs = 0 } = answer(received, index);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' }).end(reply);
      };
      if (delayMs > 0) setTimeout(send, delayMs).unref();
      else send();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond(next) {
      answer = next;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} requests, got ${requests.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls `check` until it returns a value that is not undefined/false, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
