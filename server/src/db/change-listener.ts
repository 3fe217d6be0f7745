import pg from 'pg';
import type { Logger } from '../lib/logger';

/** The channel the `events` trigger notifies (migration 20261125232500_events_notify). */
export const CHANGES_CHANNEL = 'switchyard_changes';

/**
 * A committed change somewhere on the database: the newest event id of the statement, and
 * whether API tokens changed. `null` means "you may have missed some" (the connection came back
 * after a drop): refresh everything.
 */
export type ChangeNotice = { eventId: number; tokens: boolean } | null;

export interface ChangeSource {
  /** Calls `listener` on every notice; returns the unsubscribe function. */
  subscribe(listener: (notice: ChangeNotice) => void): () => void;
}

export interface ChangeListener extends ChangeSource {
  start(): void;
  stop(): Promise<void>;
  /** Whether the LISTEN connection is up (polling alone covers the time it is not). */
  readonly listening: boolean;
}

export interface ChangeListenerOptions {
  connectionString: string;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** Wait before reconnecting: doubles from `minMs` up to `maxMs` while attempts fail. */
  backoff?: { minMs: number; maxMs: number };
  /** A silent connection is probed this often; a probe without answer ends it (half-open, frozen). */
  heartbeatMs?: number;
}

export function parseNotice(payload: string | undefined): ChangeNotice {
  const [id, flag] = (payload ?? '').split(' ');
  const eventId = Number(id);
  if (!Number.isSafeInteger(eventId) || eventId <= 0) return null;
  return { eventId, tokens: flag === 'tokens' };
}

/** Two notices heard in one burst as one: the newest id, tokens if either; `null` wins. */
function mergeNotices(pending: ChangeNotice | undefined, notice: ChangeNotice): ChangeNotice {
  if (pending === undefined) return notice;
  if (pending === null || notice === null) return null;
  return { eventId: Math.max(pending.eventId, notice.eventId), tokens: pending.tokens || notice.tokens };
}

/**
 * A transaction that wrote 10,000 events (an import) is 10,000 notifications arriving together:
 * subscribers hear of them once, as the newest id, after the burst has been read.
 */
function createCoalescer(emit: (notice: ChangeNotice) => void, active: () => boolean) {
  let pending: ChangeNotice | undefined;
  let flushScheduled = false;
  return (notice: ChangeNotice) => {
    pending = mergeNotices(pending, notice);
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(() => {
      flushScheduled = false;
      const merged = pending;
      pending = undefined;
      if (merged !== undefined && active()) emit(merged);
    });
  };
}

function newListenClient(connectionString: string): pg.Client {
  return new pg.Client({
    connectionString,
    keepAlive: true,
    connectionTimeoutMillis: 5000,
    query_timeout: 5000,
    application_name: 'switchyard-listen',
  });
}

/** Connects and LISTENs; false (the client dropped) when either fails. */
async function listenOn(
  current: pg.Client,
  on: { onNotice: (notice: ChangeNotice) => void; onDrop: () => void },
): Promise<boolean> {
  current.on('error', on.onDrop);
  current.on('end', on.onDrop);
  current.on('notification', (message) => {
    if (message.channel === CHANGES_CHANNEL) on.onNotice(parseNotice(message.payload));
  });
  try {
    await current.connect();
    await current.query(`LISTEN ${CHANGES_CHANNEL}`);
    return true;
  } catch {
    on.onDrop();
    return false;
  }
}

/** Probes a silent connection every `ms`; a probe without answer ends it (half-open, frozen). */
function startHeartbeat(current: pg.Client, ms: number, onDead: () => void): NodeJS.Timeout {
  const timer = setInterval(() => {
    current.query('SELECT 1').catch(onDead);
  }, ms);
  timer.unref();
  return timer;
}

/**
 * The LISTEN connection itself: connects, reconnects with backoff after a drop, probes a silent
 * connection; `onNotice` hears each notification, `onReconnected` each return after a drop.
 */
function createListenConnection(
  options: ChangeListenerOptions,
  events: { onNotice: (notice: ChangeNotice) => void; onReconnected: () => void },
) {
  const backoff = options.backoff ?? { minMs: 250, maxMs: 10_000 };
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  let client: pg.Client | undefined;
  let listening = false;
  let stopped = true;
  let failures = 0;
  let everConnected = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    if (stopped || retryTimer) return;
    const wait = Math.min(backoff.maxMs, backoff.minMs * 2 ** Math.min(failures, 16));
    failures++;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, wait);
    retryTimer.unref();
  };

  const dropClient = (current: pg.Client) => {
    if (client !== current) return;
    client = undefined;
    if (listening)
      options.logger.warn('change notifications lost their connection: polling until it is back');
    listening = false;
    clearInterval(heartbeatTimer);
    current.end().catch(() => {});
    scheduleReconnect();
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    const current = newListenClient(options.connectionString);
    client = current;
    if (!(await listenOn(current, { onNotice: events.onNotice, onDrop: () => dropClient(current) }))) return;
    if (client !== current || stopped) {
      current.end().catch(() => {});
      return;
    }
    listening = true;
    failures = 0;
    if (everConnected) {
      options.logger.info('change notifications are back');
      // Whatever was committed while no connection listened was not notified: look now.
      events.onReconnected();
    }
    everConnected = true;
    heartbeatTimer = startHeartbeat(current, heartbeatMs, () => dropClient(current));
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      void connect();
    },
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeatTimer);
      retryTimer = undefined;
      listening = false;
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
    get active() {
      return !stopped;
    },
    get listening() {
      return listening;
    },
  };
}

/**
 * One dedicated PostgreSQL connection per instance that LISTENs for committed changes
 * (issue 17, several instances on one PostgreSQL). It reconnects with backoff when the connection
 * drops, and tells subscribers `null` after each reconnect, since notifications sent while it was
 * away are lost. Subscribers must treat notices as hints: the polling they keep is the guarantee.
 */
export function createChangeListener(options: ChangeListenerOptions): ChangeListener {
  const listeners = new Set<(notice: ChangeNotice) => void>();
  const emit = (notice: ChangeNotice) => {
    for (const listener of listeners) {
      try {
        listener(notice);
      } catch (error) {
        options.logger.warn({ err: error }, 'a change subscriber failed');
      }
    }
  };
  const coalesce = createCoalescer(emit, () => connection.active);
  const connection = createListenConnection(options, { onNotice: coalesce, onReconnected: () => emit(null) });

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: () => connection.start(),
    stop: () => connection.stop(),
    get listening() {
      return connection.listening;
    },
  };
}
