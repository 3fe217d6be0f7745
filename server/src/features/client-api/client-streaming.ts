import type { ServerResponse } from 'node:http';
import type { ClientFeatureCache } from './client-feature-cache';
import type { ClientQuery } from './client-payload';

/**
 * `GET /api/client/streaming` (issue 17, shared/unleash/API.md §2.7): Server-Sent Events for SDKs
 * in streaming mode. A connection gets `unleash-connected` with a hydration (or the events since
 * its Last-Event-ID), then `unleash-updated` with the delta of each change, keep-alive comments,
 * and `end` when the server lets it go. Changes are found by one loop for all connections: per
 * distinct query and revision one delta is computed (and cached by the delta API), then written
 * to every connection holding that revision, so 10,000 streams cost a handful of deltas per change.
 */
export interface StreamingOptions {
  cache: ClientFeatureCache;
  /** How often the loop looks for a newer revision (default 250 ms). */
  checkIntervalMs?: number;
  /** Keep-alive comments (default 30 s; SDKs time a silent stream out after 60 s). */
  keepAliveMs?: number;
  /** Open streams allowed on this instance (default 20,000); more are refused with 429 (SDKs then poll). */
  maxConnections?: number;
  /** A client that does not read: once this many bytes wait for it, it is dropped (default 1 MiB). */
  maxBufferedBytes?: number;
  /**
   * The fetch mode an operator chose (see streaming-fetch-mode.ts): when it says `polling`, every
   * stream is told so with a `fetch-mode` event and let go, and new streams get the same answer.
   */
  fetchMode?: () => FetchMode;
  onError?(error: unknown): void;
}

/** What the SDKs are told to use: `null` leaves the choice to each SDK's own configuration. */
export type FetchMode = 'polling' | 'streaming' | null;

/** The event the node SDK reads to leave streaming for polling (unleash-client streaming-fetcher). */
const SWITCH_TO_POLLING = Buffer.from('event: fetch-mode\ndata: polling\n\n');
const KEEP_ALIVE = Buffer.from(': keep-alive\n\n');
const END = Buffer.from('event: end\ndata: disconnected\n\n');

interface Stream {
  query: ClientQuery;
  /** The query serialised once, to group streams on every pass without re-serialising it. */
  queryKey: string;
  /** The revision the client holds (its last event id). */
  revision: number | null;
  response: ServerResponse;
}

export type StreamingHub = ReturnType<typeof createStreamingHub>;

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  // Proxies such as nginx would otherwise hold events back in their buffers.
  'x-accel-buffering': 'no',
};

function revisionOf(etag: string): number {
  return Number(etag.replace(/"/g, ''));
}

/** The open streams, their timers and the writes to them (a client that does not read is dropped). */
function createStreamSet(options: StreamingOptions, onTick: () => void) {
  const checkIntervalMs = options.checkIntervalMs ?? 250;
  const keepAliveMs = options.keepAliveMs ?? 30_000;
  const maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;
  const streams = new Set<Stream>();
  let checkTimer: ReturnType<typeof setInterval> | undefined;
  let keepAliveTimer: ReturnType<typeof setInterval> | undefined;

  /** Event bytes are built once per change and the same Buffer goes to every stream. */
  function write(stream: Stream, bytes: Buffer): void {
    if (stream.response.writableLength > maxBufferedBytes) {
      // It will reconnect with its Last-Event-ID and get what it missed in one delta.
      remove(stream);
      stream.response.destroy();
      return;
    }
    stream.response.write(bytes);
  }

  function remove(stream: Stream): void {
    streams.delete(stream);
    if (streams.size === 0) stopTimers();
  }

  function startTimers(): void {
    checkTimer ??= setInterval(onTick, checkIntervalMs);
    keepAliveTimer ??= setInterval(() => {
      for (const stream of streams) write(stream, KEEP_ALIVE);
    }, keepAliveMs);
    checkTimer.unref?.();
    keepAliveTimer.unref?.();
  }

  function stopTimers(): void {
    clearInterval(checkTimer);
    clearInterval(keepAliveTimer);
    checkTimer = undefined;
    keepAliveTimer = undefined;
  }

  /** Ends every stream with `bytes` and stops the timers; returns how many there were. */
  function endAll(bytes: Buffer): number {
    const count = streams.size;
    for (const stream of [...streams]) {
      streams.delete(stream);
      stream.response.end(bytes);
    }
    stopTimers();
    return count;
  }

  return { streams, write, remove, startTimers, endAll };
}

type StreamSet = ReturnType<typeof createStreamSet>;

/** Streams grouped by query and revision: each group shares one delta. */
function groupStreams(streams: ReadonlySet<Stream>): Map<string, Stream[]> {
  const groups = new Map<string, Stream[]>();
  for (const stream of streams) {
    const key = `${stream.queryKey}\u0000${stream.revision}`;
    const group = groups.get(key);
    if (group) group.push(stream);
    else groups.set(key, [stream]);
  }
  return groups;
}

/** Writes each group's delta to the streams of the group still open; counts the streams written. */
async function fanOut(
  cache: ClientFeatureCache,
  set: StreamSet,
): Promise<{ written: number; deltaMs: number }> {
  let written = 0;
  let deltaMs = 0;
  for (const group of groupStreams(set.streams).values()) {
    const first = group[0] as Stream;
    const deltaStartedAt = performance.now();
    const served = await cache.clientDelta(first.query, first.revision);
    deltaMs += performance.now() - deltaStartedAt;
    if (served.status === 304) continue;
    const revision = revisionOf(served.etag);
    const message = Buffer.concat([
      Buffer.from(`event: unleash-updated\nid: ${revision}\ndata: `),
      served.body,
      Buffer.from('\n\n'),
    ]);
    for (const stream of group) {
      if (!set.streams.has(stream)) continue;
      stream.revision = revision;
      set.write(stream, message);
      written += 1;
    }
  }
  return { written, deltaMs };
}

/** The loop that finds changes: one pass at a time; a change announced during a pass runs one more. */
function createChangeLoop(options: StreamingOptions, set: StreamSet) {
  let checking = false;
  let checkAgain = false;
  /** The last change's fan-out: from the start of the pass to the last stream written. */
  const fanout = { changes: 0, lastMs: 0, lastDeltaMs: 0, lastStreams: 0 };

  /** One pass: a delta per distinct query and revision, written to every stream holding it. */
  async function check(): Promise<void> {
    if (checking) {
      checkAgain = true;
      return;
    }
    if (set.streams.size === 0) return;
    checking = true;
    try {
      if (options.fetchMode?.() === 'polling') {
        set.endAll(SWITCH_TO_POLLING);
        return;
      }
      const startedAt = performance.now();
      const { written, deltaMs } = await fanOut(options.cache, set);
      if (written > 0) {
        fanout.changes += 1;
        fanout.lastMs = performance.now() - startedAt;
        fanout.lastDeltaMs = deltaMs;
        fanout.lastStreams = written;
      }
    } catch (error) {
      // The cache serves the last snapshot when the database is away; anything else waits for the next pass.
      options.onError?.(error);
    } finally {
      checking = false;
      if (checkAgain) {
        checkAgain = false;
        void check();
      }
    }
  }

  return { check, fanout };
}

export function createStreamingHub(options: StreamingOptions) {
  const { cache } = options;
  const maxConnections = options.maxConnections ?? 20_000;
  const set = createStreamSet(options, () => void loop.check());
  const loop = createChangeLoop(options, set);
  /** Streams being opened (their hydration is being built): they count against the limit. */
  let opening = 0;

  return {
    get size(): number {
      return set.streams.size;
    },

    /** For /internal-backstage/prometheus and the fan-out benchmark. */
    stats() {
      return { streams: set.streams.size, ...loop.fanout };
    },

    /**
     * Takes over `response` for a stream: `full` when the instance holds as many as it may (the
     * caller answers 429), `polling` when the operator sent SDKs to polling (the response is then
     * answered here with a `fetch-mode` event). Resolves once `unleash-connected` is written.
     */
    async open(
      response: ServerResponse,
      query: ClientQuery,
      lastEventId: number | null,
    ): Promise<'open' | 'full' | 'polling'> {
      if (options.fetchMode?.() === 'polling') {
        response.writeHead(200, SSE_HEADERS);
        response.end(SWITCH_TO_POLLING);
        return 'polling';
      }
      if (set.streams.size + opening >= maxConnections) return 'full';
      // The slot is held while the hydration is built, so concurrent opens cannot pass the limit,
      // and it is given back if the client left meanwhile (no `close` listener existed yet).
      opening++;
      let served: Awaited<ReturnType<typeof cache.clientDelta>>;
      try {
        served = await cache.clientDelta(query, lastEventId);
      } finally {
        opening--;
      }
      if (response.destroyed) return 'open';
      const revision = served.status === 200 ? revisionOf(served.etag) : lastEventId;
      const data = served.status === 200 ? served.body.toString('utf8') : '{"events":[]}';
      response.writeHead(200, SSE_HEADERS);
      const stream: Stream = { query, queryKey: JSON.stringify(query), revision, response };
      set.streams.add(stream);
      response.on('close', () => set.remove(stream));
      set.write(stream, Buffer.from(`event: unleash-connected\nid: ${revision ?? 0}\ndata: ${data}\n\n`));
      set.startTimers();
      return 'open';
    },

    /** Ends every stream with `end` (SDKs reconnect, possibly to another instance); returns how many. */
    disconnectAll: (): number => set.endAll(END),

    /** Sends every stream to polling now (the mode just changed on this instance); returns how many. */
    sendAllToPolling: (): number => set.endAll(SWITCH_TO_POLLING),

    /** Looks for changes now, instead of at the next tick (tests and local mutations). */
    checkNow: loop.check,
  };
}
