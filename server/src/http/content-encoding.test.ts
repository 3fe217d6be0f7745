import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  acceptedCodings,
  EncodedBody,
  ifNoneMatchHits,
  MIN_COMPRESSED_BYTES,
  parseAcceptEncoding,
} from './content-encoding';

const big = Buffer.from(
  JSON.stringify({ features: Array.from({ length: 200 }, (_, i) => ({ name: `flag-${i}` })) }),
);

describe('Accept-Encoding negotiation', () => {
  it.each([
    [undefined, [], true],
    ['', [], true],
    ['gzip', ['gzip'], true],
    ['gzip, deflate, br', ['br', 'gzip'], true],
    ['br;q=0.5, gzip', ['gzip', 'br'], true],
    ['gzip;q=0', [], true],
    ['GZIP;Q=0.8, x-gzip;q=0.1', ['gzip'], true],
    ['identity', [], true],
    ['identity;q=0, gzip', ['gzip'], false],
    ['*', ['br', 'gzip'], true],
    ['*;q=0, gzip', ['gzip'], false],
    ['*;q=0, identity, br', ['br'], true],
    ['gzip;q=2, br;q=abc', [], true],
    ['deflate', [], true],
  ])('%s → %j, identity %s', (header, compressed, identity) => {
    expect(parseAcceptEncoding(header)).toEqual({ compressed, identity });
  });

  it('takes a repeated header as one list', () => {
    expect(parseAcceptEncoding(['gzip;q=0.5', 'br'])).toEqual({ compressed: ['br', 'gzip'], identity: true });
  });

  it('answers a remembered header like a fresh parse, and does not remember long ones', () => {
    expect(acceptedCodings('gzip, br')).toEqual(parseAcceptEncoding('gzip, br'));
    expect(acceptedCodings('gzip, br')).toBe(acceptedCodings('gzip, br'));
    const long = `gzip, ${'x, '.repeat(40)}br`;
    expect(acceptedCodings(long)).toEqual({ compressed: ['br', 'gzip'], identity: true });
    expect(acceptedCodings(long)).not.toBe(acceptedCodings(long));
  });
});

describe('If-None-Match (weak comparison)', () => {
  it.each([
    ['"a:1:v1"', '"a:1:v1"', true],
    ['W/"a:1:v1"', '"a:1:v1"', true],
    ['"a:1:v1"', 'W/"a:1:v1"', true],
    ['"x", W/"a:1:v1"', '"a:1:v1"', true],
    ['*', '"a:1:v1"', true],
    ['"a:2:v1"', '"a:1:v1"', false],
    ['a:1:v1', '"a:1:v1"', false],
    [undefined, '"a:1:v1"', false],
  ])('%s against %s → %s', (header, etag, hit) => {
    expect(ifNoneMatchHits(header, etag)).toBe(hit);
  });
});

describe('EncodedBody', () => {
  it('serves identity while a variant is being built, then the built bytes with a weak ETag', async () => {
    const body = new EncodedBody(big, '"q:7:v1"');
    const accepted = acceptedCodings('gzip');
    const first = await body.choose(accepted);
    expect(first).toMatchObject({ coding: 'identity', etag: '"q:7:v1"' });
    expect(first.body).toBe(big);
    await body.ready(accepted);
    const second = await body.choose(accepted);
    expect(second.coding).toBe('gzip');
    expect(second.etag).toBe('W/"q:7:v1"');
    expect(gunzipSync(second.body)).toEqual(big);
    expect(second.body.length).toBeLessThan(big.length / 4);
    // Built once: the same Buffer every time.
    expect((await body.choose(accepted)).body).toBe(second.body);
    expect(second.headers).toEqual({
      etag: 'W/"q:7:v1"',
      vary: 'Accept-Encoding',
      'content-type': 'application/json; charset=utf-8',
      'content-length': second.body.length,
      'content-encoding': 'gzip',
      'x-content-type-options': 'nosniff',
    });
    expect(body.notModified(accepted)).toEqual({
      etag: 'W/"q:7:v1"',
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
    });
    expect(body.notModified(acceptedCodings(undefined))).toEqual({
      etag: '"q:7:v1"',
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
    });
  });

  it('prefers brotli when asked for both, and falls back to a ready gzip while brotli builds', async () => {
    const body = new EncodedBody(big, '"q:8:v1"');
    await body.ready(acceptedCodings('gzip'));
    expect((await body.choose(acceptedCodings('gzip, br'))).coding).toBe('gzip');
    await body.ready(acceptedCodings('br'));
    const br = await body.choose(acceptedCodings('gzip, br'));
    expect(br.coding).toBe('br');
    expect(brotliDecompressSync(br.body)).toEqual(big);
  });

  it('waits for the variant when identity is refused', async () => {
    const body = new EncodedBody(big, '"q:9:v1"');
    const representation = await body.choose(acceptedCodings('identity;q=0, gzip'));
    expect(representation.coding).toBe('gzip');
  });

  it('leaves small bodies uncompressed with their strong ETag', async () => {
    const small = Buffer.from('{"version":2,"features":[]}');
    expect(small.length).toBeLessThan(MIN_COMPRESSED_BYTES);
    const body = new EncodedBody(small, '"q:1:v1"');
    expect(await body.choose(acceptedCodings('gzip, br'))).toMatchObject({
      coding: 'identity',
      etag: '"q:1:v1"',
    });
    expect(body.etagFor(acceptedCodings('gzip'))).toBe('"q:1:v1"');
    expect(body.weight).toBe(small.length);
  });
});

describe('compression budget', () => {
  it('builds at most two variants at once; past that, identity is served and nothing is queued', async () => {
    const refusesIdentity = { compressed: ['gzip'] as const, identity: false };
    const bodies = [1, 2, 3].map(
      (n) => new EncodedBody(Buffer.from(`{"n":${n}}`.padEnd(64 * 1024, ' ')), `"${n}"`),
    );
    const answers = bodies.map((body) => body.choose(refusesIdentity));
    const [first, second, third] = await Promise.all(answers);
    expect(first?.coding).toBe('gzip');
    expect(second?.coding).toBe('gzip');
    // The pool was busy: identity rather than a third compression in flight.
    expect(third?.coding).toBe('identity');
    // Once the pool is free, the next request builds it.
    expect((await bodies[2]?.choose(refusesIdentity))?.coding).toBe('gzip');
  });
});
