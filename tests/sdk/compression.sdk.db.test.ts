import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Unleash } from 'unleash-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeSdk } from './node-sdk';
import { addFlag, type SdkTestServer, startSdkTestServer, waitFor } from './sdk-server';

// Issue 21: client features (and delta) bodies go out precompressed per revision, query and
// encoding, with Vary: Accept-Encoding and per-encoding ETags that keep SDK caches working.
// Real HTTP throughout: the SDK fast path only sees requests that come over a socket.

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const decoded = (raw: Raw): Buffer =>
  raw.headers['content-encoding'] === 'gzip'
    ? gunzipSync(raw.body)
    : raw.headers['content-encoding'] === 'br'
      ? brotliDecompressSync(raw.body)
      : raw.body;

let s: SdkTestServer;
let token: string;

/** Asks until the compressed variant has been built (the first asks get identity meanwhile). */
const compressedAnswer = (path: string, headers: Record<string, string>, coding = 'gzip') =>
  waitFor(`${coding} ${path}`, async () => {
    const raw = await get(`${s.url}${path}`, { authorization: token, ...headers });
    return raw.headers['content-encoding'] === coding ? raw : undefined;
  });

beforeAll(async () => {
  s = await startSdkTestServer();
  for (let i = 0; i < 12; i++) {
    await addFlag(s, {
      name: `compress.flag-${i}`,
      description: `a flag whose description makes the body worth compressing ${'x'.repeat(80)}`,
      strategies: [
        {
          name: 'flexibleRollout',
          parameters: { rollout: '50', stickiness: 'default', groupId: `g${i}` },
          constraints: [{ contextName: 'appName', operator: 'IN', values: ['web', 'ios'] }],
        },
      ],
    });
  }
  token = await s.createToken({ type: 'client', environment: 'development' });
});

afterAll(async () => {
  await s?.stop();
});

describe('client features compression', () => {
  it('sends gzip with a weak ETag, Vary and exact length; the bytes decode to the identity body', async () => {
    const plain = await get(`${s.url}/api/client/features`, { authorization: token });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{8}:\d+:v1"$/);

    const gzip = await compressedAnswer('/api/client/features', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toBe('Accept-Encoding');
    expect(gzip.headers.etag).toBe(`W/${etag}`);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
    expect(gzip.body.length).toBeLessThan(plain.body.length / 3);
    expect(decoded(gzip)).toEqual(plain.body);
  });

  it('prefers brotli when offered alongside gzip, and honours q-values', async () => {
    const br = await compressedAnswer(
      '/api/client/features',
      { 'accept-encoding': 'gzip, deflate, br' },
      'br',
    );
    expect(br.headers['content-encoding']).toBe('br');
    const plain = await get(`${s.url}/api/client/features`, { authorization: token });
    expect(decoded(br)).toEqual(plain.body);
    const gzipPreferred = await get(`${s.url}/api/client/features`, {
      authorization: token,
      'accept-encoding': 'br;q=0.2, gzip;q=0.9',
    });
    expect(gzipPreferred.headers['content-encoding']).toBe('gzip');
    const refused = await get(`${s.url}/api/client/features`, {
      authorization: token,
      'accept-encoding': 'gzip;q=0, br;q=0',
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toEqual(plain.body);
  });

  it('answers 304 to either ETag in any encoding, with the ETag and Vary the 200 would carry', async () => {
    const plain = await get(`${s.url}/api/client/features`, { authorization: token });
    const strong = String(plain.headers.etag);
    for (const [sent, acceptEncoding, expected] of [
      [strong, undefined, strong],
      [`W/${strong}`, 'gzip', `W/${strong}`],
      [strong, 'gzip', `W/${strong}`],
      [`W/${strong}`, undefined, strong],
      [`"other", W/${strong}`, 'br', `W/${strong}`],
    ] as const) {
      const answer = await get(`${s.url}/api/client/features`, {
        authorization: token,
        'if-none-match': sent,
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      });
      expect(answer.status, `${sent} / ${acceptEncoding}`).toBe(304);
      expect(answer.headers.etag).toBe(expected);
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.body.length).toBe(0);
    }
  });

  it('sends compressed bytes at once to a client refusing identity, right after a change', async () => {
    await s.adminOk(
      'POST',
      '/api/admin/projects/default/features/compress.flag-0/environments/development/off',
      undefined,
      200,
    );
    const answer = await get(`${s.url}/api/client/features`, {
      authorization: token,
      'accept-encoding': 'identity;q=0, gzip',
    });
    expect(answer.headers['content-encoding']).toBe('gzip');
    const payload = JSON.parse(decoded(answer).toString()) as {
      features: { name: string; enabled: boolean }[];
    };
    expect(payload.features.find((f) => f.name === 'compress.flag-0')?.enabled).toBe(false);
    await s.adminOk(
      'POST',
      '/api/admin/projects/default/features/compress.flag-0/environments/development/on',
      undefined,
      200,
    );
  });

  it('gives the same headers through Fastify as through the fast path', async () => {
    // An escaped query is left to Fastify by the fast path; the unescaped one is served by it.
    const viaFastPath = await compressedAnswer('/api/client/features?namePrefix=compress.', {
      'accept-encoding': 'gzip',
    });
    const viaFastify = await get(`${s.url}/api/client/features?namePrefix=compress%2E`, {
      authorization: token,
      'accept-encoding': 'gzip',
    });
    for (const header of ['etag', 'vary', 'content-encoding', 'content-type', 'content-length']) {
      expect(viaFastify.headers[header], header).toBe(viaFastPath.headers[header]);
    }
    expect(decoded(viaFastify)).toEqual(decoded(viaFastPath));
  });

  it('compresses delta hydrations too', async () => {
    const plain = await get(`${s.url}/api/client/delta`, { authorization: token });
    expect(plain.status).toBe(200);
    const gzip = await compressedAnswer('/api/client/delta', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.vary).toBe('Accept-Encoding');
    expect(decoded(gzip)).toEqual(plain.body);
  });
});

describe('the real Node SDK (unleash-client) through a recording proxy', () => {
  let sdk: Unleash | undefined;
  let proxy: ReturnType<typeof createServer> | undefined;
  afterAll(async () => {
    sdk?.destroy();
    await new Promise((resolve) => proxy?.close(resolve) ?? resolve(undefined));
  });

  it('gets gzip, then 304s on every poll, and the new body after a change', async () => {
    const seen: { status: number; encoding?: string; ifNoneMatch?: string; acceptEncoding?: string }[] = [];
    const upstream = new URL(s.url);
    proxy = createServer((incoming, outgoing) => {
      const forward = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: incoming.url,
          method: incoming.method,
          headers: incoming.headers,
        },
        (answer) => {
          if (incoming.url?.startsWith('/api/client/features')) {
            seen.push({
              status: answer.statusCode ?? 0,
              encoding: answer.headers['content-encoding'],
              ifNoneMatch: incoming.headers['if-none-match'],
              acceptEncoding: incoming.headers['accept-encoding'],
            });
          }
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      incoming.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy?.listen(0, '127.0.0.1', resolve));
    const port = (proxy.address() as AddressInfo).port;
    // Warm the gzip variant of the SDK's query (its spec version decides segment inlining) so
    // its first fetch already gets it; a fresh revision's first askers get identity meanwhile.
    await compressedAnswer('/api/client/features', {
      'accept-encoding': 'gzip,deflate',
      'unleash-client-spec': '5.2.0',
    });

    const started = await startNodeSdk({
      url: `http://127.0.0.1:${port}`,
      token,
      appName: 'compression-test',
      refreshInterval: 100,
    });
    sdk = started.unleash;
    expect(sdk.isEnabled('compress.flag-3', { appName: 'web', userId: 'u' }) !== undefined).toBe(true);
    expect(sdk.getFeatureToggleDefinition('compress.flag-3')?.enabled).toBe(true);
    await waitFor('three 304s', () => (seen.filter((r) => r.status === 304).length >= 3 ? true : undefined));
    expect(seen[0]?.acceptEncoding).toMatch(/gzip/);
    expect(seen.some((r) => r.status === 200 && r.encoding === 'gzip')).toBe(true);
    const afterFirst = seen.slice(1);
    expect(afterFirst.every((r) => r.ifNoneMatch?.startsWith('W/"'))).toBe(true);

    await s.adminOk(
      'POST',
      '/api/admin/projects/default/features/compress.flag-3/environments/development/off',
      undefined,
      200,
    );
    await waitFor('the SDK seeing the change', () =>
      sdk?.getFeatureToggleDefinition('compress.flag-3')?.enabled === false ? true : undefined,
    );
    const count = seen.length;
    await waitFor('304s again', () =>
      seen.slice(count).filter((r) => r.status === 304).length >= 2 ? true : undefined,
    );
    expect(started.errors).toEqual([]);
  });
});
