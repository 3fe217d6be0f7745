import { TRACK_LIMITS } from '../../../contract/experiments';
import type { Exposure, TrackBody, TrackEvent } from '../../../contract/tracking';
import { ApiError, type ErrorDetail } from '../../lib/errors';

/**
 * The pure rules of the tracking endpoints (issue 35 §1): reading a body, the time bounds of an
 * event, who an event belongs to, and the per-caller rate. No I/O; the clock is passed in.
 */

/** An event may be this far ahead of the server's clock (clock skew), no further. */
export const MAX_FUTURE_SKEW_MS = 5 * 60_000;
/** An event older than this is refused: offline queues replay within days, not weeks. */
export const MAX_EVENT_AGE_MS = 7 * 24 * 3_600_000;

/**
 * Events per caller (API token and client IP): a burst of `capacity`, then `perSecond`. A
 * browser sends a handful a minute, a server-side SDK the events of all its users. Exposures of
 * the exposure endpoint draw from the same bucket.
 */
export const TRACK_RATE = {
  frontend: { capacity: 600, perSecond: 10 },
  backend: { capacity: 20_000, perSecond: 2_000 },
  /** Callers remembered at once; past it, idle (full) buckets are forgotten, then new callers wait. */
  maxCallers: 10_000,
} as const;

/** An event as the buffer keeps it: validated, with its user key and time resolved. */
export interface TrackedEvent {
  eventName: string;
  /** userId, else sessionId; null when the event names neither (it then counts in aggregates only). */
  userKey: string | null;
  value: number;
  at: Date;
}

export interface ExposureInput {
  featureName: string;
  variant: string;
  userKey: string;
  at: Date;
}

/** The user key of a context: userId, else sessionId (Unleash's default stickiness order). */
export function userKeyOf(context: { userId?: unknown; sessionId?: unknown } | undefined): string | null {
  const key = context?.userId ?? context?.sessionId;
  return typeof key === 'string' && key.length > 0 ? key : null;
}

/** The events of a body: one event, `{events}` or a bare array (the schema checked each). */
export function eventsOf(body: TrackBody): readonly TrackEvent[] {
  if (Array.isArray(body)) return body;
  if ('events' in body && Array.isArray(body.events)) return body.events;
  return [body as TrackEvent];
}

function refusal(details: ErrorDetail[]): ApiError {
  return new ApiError(
    'BadDataError',
    'Request validation failed: your request body contains invalid data. Refer to the `details` list for more information.',
    { details },
  );
}

/**
 * When an event happened: its timestamp (ISO 8601, or unix milliseconds as digits), or `now`.
 * Undefined when it is not a date or outside [now − 7 days, now + 5 minutes].
 */
export function eventTime(timestamp: string | undefined, now: Date): Date | undefined {
  if (timestamp === undefined) return now;
  const date = /^\d{1,16}$/.test(timestamp) ? new Date(Number(timestamp)) : new Date(timestamp);
  const at = date.getTime();
  if (Number.isNaN(at)) return undefined;
  if (at > now.getTime() + MAX_FUTURE_SKEW_MS || at < now.getTime() - MAX_EVENT_AGE_MS) return undefined;
  return date;
}

const timeDetail = (path: string): ErrorDetail => ({
  path,
  message: `The ${path} property must be a date-time (or unix milliseconds) no more than 5 minutes ahead and no older than 7 days`,
});

/** The body's events, ready to buffer; a 400 naming the first event the bounds refuse. */
export function trackedEvents(body: TrackBody, now: Date): TrackedEvent[] {
  const events = eventsOf(body);
  const base = Array.isArray(body) ? '/body' : 'events' in body ? '/body/events' : '/body';
  const single = !Array.isArray(body) && !('events' in body);
  const out: TrackedEvent[] = [];
  for (let index = 0; index < events.length; index += 1) {
    const event = events[index] as TrackEvent;
    const path = single ? base : `${base}/${index}`;
    const at = eventTime(event.timestamp, now);
    if (!at) throw refusal([timeDetail(`${path}/timestamp`)]);
    // JSON has no NaN or Infinity, and the schema bounds |value|: this is the belt to those braces.
    const value = event.value ?? 1;
    if (!Number.isFinite(value) || Math.abs(value) > TRACK_LIMITS.maxAbsValue) {
      throw refusal([
        { path: `${path}/value`, message: `The ${path}/value property must be a finite number` },
      ]);
    }
    out.push({ eventName: event.eventName, userKey: userKeyOf(event.context), value, at });
  }
  return out;
}

/** The exposures of a body, ready to buffer; a 400 for the first one without a user or out of time. */
export function exposureInputs(exposures: readonly Exposure[], now: Date): ExposureInput[] {
  return exposures.map((exposure, index) => {
    const path = `/body/exposures/${index}`;
    const userKey = userKeyOf(exposure.context);
    if (userKey === null) {
      throw refusal([
        {
          path: `${path}/context`,
          message: `The ${path}/context property must have a userId or a sessionId`,
        },
      ]);
    }
    const at = eventTime(exposure.timestamp, now);
    if (!at) throw refusal([timeDetail(`${path}/timestamp`)]);
    return { featureName: exposure.featureName, variant: exposure.variant, userKey, at };
  });
}

/**
 * A token bucket per caller, in memory (each worker process has its own). Refuses a request
 * whole when it would overdraw, and says when it could pass.
 */
export class CallerBuckets {
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly maxCallers: number = TRACK_RATE.maxCallers,
  ) {}

  get size(): number {
    return this.buckets.size;
  }

  /** Takes `count` tokens; returns 0 when granted, else the seconds to wait before retrying. */
  take(caller: string, count: number, nowMs: number): number {
    let bucket = this.buckets.get(caller);
    if (!bucket) {
      if (this.buckets.size >= this.maxCallers) this.forgetIdle(nowMs);
      if (this.buckets.size >= this.maxCallers) return 60;
      bucket = { tokens: this.capacity, at: nowMs };
      this.buckets.set(caller, bucket);
    }
    bucket.tokens = Math.min(this.capacity, bucket.tokens + ((nowMs - bucket.at) / 1000) * this.perSecond);
    bucket.at = nowMs;
    if (bucket.tokens >= count) {
      bucket.tokens -= count;
      return 0;
    }
    return Math.max(1, Math.ceil((count - bucket.tokens) / this.perSecond));
  }

  /** A bucket that has refilled is the same as none: forgetting it loses nothing. */
  private forgetIdle(nowMs: number): void {
    for (const [caller, bucket] of this.buckets) {
      if (bucket.tokens + ((nowMs - bucket.at) / 1000) * this.perSecond >= this.capacity) {
        this.buckets.delete(caller);
      }
    }
  }
}

/**
 * The distinct event names each environment keeps (TRACK_LIMITS.distinctEventNamesPerEnvironment):
 * the names already stored (read at start and every hour, so names past the retention age out)
 * and those accepted since. A request bringing names past the bound is refused whole.
 */
export class EventNameBudget {
  private known = new Map<string, Set<string>>();

  constructor(readonly limit: number = TRACK_LIMITS.distinctEventNamesPerEnvironment) {}

  /** Whether `names` may be kept in `environment`; if so they are counted from now on. */
  admit(environment: string, names: Iterable<string>): boolean {
    let set = this.known.get(environment);
    const fresh = new Set<string>();
    for (const name of names) if (!set?.has(name)) fresh.add(name);
    if (fresh.size === 0) return true;
    if ((set?.size ?? 0) + fresh.size > this.limit) return false;
    if (!set) {
      set = new Set();
      this.known.set(environment, set);
    }
    for (const name of fresh) set.add(name);
    return true;
  }

  /** The names stored per environment, plus those still in memory (buffered, not yet written). */
  replace(
    stored: ReadonlyMap<string, Iterable<string>>,
    buffered: ReadonlyMap<string, Iterable<string>>,
  ): void {
    const next = new Map<string, Set<string>>();
    for (const source of [stored, buffered]) {
      for (const [environment, names] of source) {
        let set = next.get(environment);
        if (!set) {
          set = new Set();
          next.set(environment, set);
        }
        for (const name of names) set.add(name);
      }
    }
    this.known = next;
  }
}
