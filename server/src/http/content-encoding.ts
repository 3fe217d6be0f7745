import { brotliCompress, constants, gzip } from 'node:zlib';
import { NOSNIFF_HEADER } from './security-headers';

/**
 * Precompressed response bodies (issue 21). The SDK APIs serve the same bytes to every poll of a
 * revision, so each body is compressed once per encoding, lazily and off the event loop (zlib's
 * async functions run on the libuv thread pool), and every later request writes the stored bytes.
 */

export type ContentCoding = 'br' | 'gzip' | 'identity';

/** Bodies below this go out as they are (Express's compression middleware, which Unleash uses, skips < 1 KiB). */
export const MIN_COMPRESSED_BYTES = 1024;

/** Up to this size the strongest settings are affordable: the work happens once per revision. */
const STRONG_UP_TO = 1024 * 1024;

export interface AcceptedCodings {
  /** `br` and `gzip` the client accepts, best first (a tie prefers brotli, as Unleash does). */
  compressed: readonly ('br' | 'gzip')[];
  /** False only when the client refused identity (`identity;q=0`, or `*;q=0` without naming it). */
  identity: boolean;
}

const ANY: AcceptedCodings = { compressed: [], identity: true };

/** Parses `Accept-Encoding` (RFC 9110 §12.5.3): q-values, `*`, `x-gzip`, `identity`. */
export function parseAcceptEncoding(header: string | string[] | undefined): AcceptedCodings {
  if (header === undefined) return ANY;
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text.trim() === '') return ANY;
  const q = new Map<string, number>();
  for (const part of text.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() !== 'q') continue;
      weight = Number(value?.trim());
    }
    // A malformed q-value makes the entry meaningless: ignore it rather than guess.
    if (!Number.isFinite(weight) || weight < 0 || weight > 1) continue;
    const coding = name === 'x-gzip' ? 'gzip' : name;
    q.set(coding, Math.max(q.get(coding) ?? 0, weight));
  }
  const star = q.get('*');
  const weightOf = (coding: string) => q.get(coding) ?? star ?? 0;
  const compressed = (['br', 'gzip'] as const)
    .filter((coding) => weightOf(coding) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a));
  const identity = q.has('identity') ? (q.get('identity') ?? 0) > 0 : star !== 0;
  return { compressed, identity };
}

// SDKs send the same few headers on every poll: remember their parse (bounded: a client can
// send anything, so only short headers are kept, and only up to a few dozen distinct ones).
const parsed = new Map<string, AcceptedCodings>();
export function acceptedCodings(header: string | string[] | undefined): AcceptedCodings {
  if (typeof header !== 'string' || header.length > 64) return parseAcceptEncoding(header);
  let hit = parsed.get(header);
  if (!hit) {
    hit = parseAcceptEncoding(header);
    if (parsed.size < 64) parsed.set(header, hit);
  }
  return hit;
}

/**
 * Compressions running on the libuv pool, across every body. Bodies are keyed by client-chosen
 * queries, so a token cycling through queries could otherwise queue seconds of maximum-effort
 * compression per request and starve DNS, fs and crypto of the pool's threads: past the limit a
 * variant is simply not built now, and identity is served (a later request builds it).
 */
const MAX_COMPRESSIONS_IN_FLIGHT = 2;
let compressionsInFlight = 0;

function compress(coding: 'br' | 'gzip', body: Buffer): Promise<Buffer> {
  const strong = body.length <= STRONG_UP_TO;
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (coding === 'gzip') gzip(body, { level: strong ? 9 : 6 }, done);
    else
      brotliCompress(
        body,
        {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: strong ? 11 : 5,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        },
        done,
      );
  });
}

export interface Representation {
  coding: ContentCoding;
  body: Buffer;
  etag: string;
  /** A 200's headers: ETag, `Vary: Accept-Encoding`, type, length, encoding, nosniff (shared, never mutate). */
  headers: Readonly<Record<string, string | number>>;
}

/**
 * One body with its compressed variants. `etag` is the identity representation's strong tag;
 * a compressed variant carries the same tag made weak (`W/"…"`, as nginx does), so an SDK that
 * sends back either gets its 304 (If-None-Match compares weakly) and no cache mixes the bytes.
 */
export class EncodedBody {
  private readonly variants = new Map<'br' | 'gzip', Representation | null>();
  private readonly pending = new Map<'br' | 'gzip', Promise<Representation | null>>();
  private readonly identityRepresentation: Representation;
  /** The 304's headers for a client getting identity and for one getting a compressed variant. */
  private readonly notModifiedPlain: Readonly<Record<string, string>>;
  private readonly notModifiedEncoded: Readonly<Record<string, string>>;

  constructor(
    readonly identity: Buffer,
    readonly etag: string,
    readonly contentType = 'application/json; charset=utf-8',
  ) {
    this.identityRepresentation = this.representation('identity', identity, etag);
    this.notModifiedPlain = { etag, vary: 'Accept-Encoding', [NOSNIFF_HEADER[0]]: NOSNIFF_HEADER[1] };
    this.notModifiedEncoded = {
      etag: weak(etag),
      vary: 'Accept-Encoding',
      [NOSNIFF_HEADER[0]]: NOSNIFF_HEADER[1],
    };
  }

  /** A 304's headers for `accepted`: the ETag and Vary its 200 would carry (shared, never mutate). */
  notModified(accepted: AcceptedCodings): Readonly<Record<string, string>> {
    return this.compressible && accepted.compressed.length > 0
      ? this.notModifiedEncoded
      : this.notModifiedPlain;
  }

  /** What the cache charges for this body: the identity bytes and room for its variants. */
  get weight(): number {
    return this.identity.length + (this.compressible ? Math.ceil(this.identity.length / 2) : 0);
  }

  get compressible(): boolean {
    return this.identity.length >= MIN_COMPRESSED_BYTES;
  }

  /** The tag of the representation `accepted` gets, without building anything (for 304s). */
  etagFor(accepted: AcceptedCodings): string {
    return this.compressible && accepted.compressed.length > 0 ? weak(this.etag) : this.etag;
  }

  /**
   * The best representation ready now. A variant not built yet is started in the background and
   * the identity bytes go out meanwhile (so a new revision is served at once, never behind a
   * compression of 10 MB); only a client refusing identity waits for it.
   */
  choose(accepted: AcceptedCodings): Representation | Promise<Representation> {
    if (!this.compressible || accepted.compressed.length === 0) return this.plain();
    for (const coding of accepted.compressed) {
      const ready = this.variants.get(coding);
      if (ready) return ready;
      // A better coding than any ready one: build it for the next request.
      void this.build(coding);
    }
    if (accepted.identity) return this.plain();
    return this.waitFor(accepted.compressed);
  }

  /** The codings whose variant has been built: a new revision's body warms the same ones. */
  builtCodings(): ('br' | 'gzip')[] {
    return [...this.variants].filter(([, built]) => built !== null).map(([coding]) => coding);
  }

  /** Resolves once every variant `accepted` names is built (tests and warm-up). */
  async ready(accepted: AcceptedCodings): Promise<void> {
    if (!this.compressible) return;
    await Promise.all(accepted.compressed.map((coding) => this.build(coding, false)));
  }

  private plain(): Representation {
    return this.identityRepresentation;
  }

  /** Built once per variant, headers included, so a request allocates nothing for them. */
  private representation(coding: ContentCoding, body: Buffer, etag: string): Representation {
    const headers: Record<string, string | number> = {
      etag,
      vary: 'Accept-Encoding',
      'content-type': this.contentType,
      'content-length': body.length,
      [NOSNIFF_HEADER[0]]: NOSNIFF_HEADER[1],
    };
    if (coding !== 'identity') headers['content-encoding'] = coding;
    return { coding, body, etag, headers };
  }

  private async waitFor(codings: readonly ('br' | 'gzip')[]): Promise<Representation> {
    for (const coding of codings) {
      const built = await this.build(coding);
      if (built) return built;
    }
    // Compression failed: identity even though refused beats an error (RFC 9110 allows it).
    return this.plain();
  }

  /** `bounded`: refuse (null, nothing recorded) when the pool already runs its share of compressions. */
  private build(coding: 'br' | 'gzip', bounded = true): Promise<Representation | null> {
    let pending = this.pending.get(coding);
    if (!pending) {
      if (bounded && compressionsInFlight >= MAX_COMPRESSIONS_IN_FLIGHT) return Promise.resolve(null);
      compressionsInFlight++;
      pending = compress(coding, this.identity)
        .finally(() => {
          compressionsInFlight--;
        })
        .then(
          (bytes) => {
            const built = this.representation(coding, bytes, weak(this.etag));
            this.variants.set(coding, built);
            return built;
          },
          () => {
            this.variants.set(coding, null);
            return null;
          },
        );
      this.pending.set(coding, pending);
    }
    return pending;
  }
}

export const weak = (etag: string): string => (etag.startsWith('W/') ? etag : `W/${etag}`);

/**
 * If-None-Match's weak comparison (RFC 9110 §13.1.2): any listed tag whose opaque part equals
 * `etag`'s, with or without `W/`, or `*`.
 */
export function ifNoneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const target = etag.startsWith('W/') ? etag.slice(2) : etag;
  const text = Array.isArray(header) ? header.join(',') : header;
  // The common case, one tag sent back verbatim, without splitting.
  if (text === target || text === `W/${target}`) return true;
  for (const raw of text.split(',')) {
    const tag = raw.trim();
    if (tag === '*' || tag === target || tag === `W/${target}`) return true;
  }
  return false;
}
