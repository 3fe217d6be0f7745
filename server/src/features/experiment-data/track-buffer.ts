/**
 * What the tracking endpoints and the exposure recorder collect between two flushes (issue 35
 * §1), in memory. Pure: no I/O, times are passed in. Three kinds of rows:
 * - hourly counts per event name and environment, for every tracked event;
 * - the events of users that a running experiment of their environment reads (its metrics name
 *   the event), one row per event: whether each counts before or after the user's exposure is
 *   only known when written;
 * - the first exposure per experiment and user.
 * Memory is bounded by rows and estimated bytes: past either, new rows are refused and counted
 * while existing ones keep accumulating, as in client-metrics/metrics-buffer.ts.
 *
 * User events wait one flush before they are written (`settling`): with several workers, an
 * exposure recorded by another worker reaches the database at that worker's next flush, and an
 * event written before it would count as a pre-exposure event.
 */

export interface HourlyRow {
  eventName: string;
  environment: string;
  hour: Date;
  events: number;
  valueSum: number;
}

export interface UserEventRow {
  environment: string;
  userKey: string;
  eventName: string;
  at: Date;
  value: number;
}

export interface ExposureRow {
  experimentId: number;
  userKey: string;
  variant: string;
  exposedAt: Date;
}

export interface TrackBatch {
  exposures: ExposureRow[];
  hourly: HourlyRow[];
  userEvents: UserEventRow[];
}

const SEP = '\u0000';
const HOUR_MS = 3_600_000;
/** What a row costs beyond its strings: objects, map entries, numbers and dates. */
const ROW_OVERHEAD_BYTES = 160;

const bytesOf = (...texts: string[]) => ROW_OVERHEAD_BYTES + texts.reduce((sum, t) => sum + t.length * 2, 0);

export function startOfHour(date: Date): Date {
  return new Date(Math.floor(date.getTime() / HOUR_MS) * HOUR_MS);
}

export function batchSize(batch: TrackBatch): number {
  return batch.exposures.length + batch.hourly.length + batch.userEvents.length;
}

export class TrackBuffer {
  private hourly = new Map<string, HourlyRow>();
  private exposures = new Map<string, ExposureRow>();
  private pending: UserEventRow[] = [];
  private settling: UserEventRow[] = [];
  private bytes = 0;
  /** Rows refused because the buffer was full. */
  dropped = 0;

  constructor(
    private readonly maxRows = 200_000,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  get size(): number {
    return this.hourly.size + this.exposures.size + this.pending.length + this.settling.length;
  }

  get approximateBytes(): number {
    return this.bytes;
  }

  get isFull(): boolean {
    return this.size >= this.maxRows || this.bytes >= this.maxBytes;
  }

  /** Whether anything is buffered but user events still settling. */
  get hasUnsettled(): boolean {
    return this.hourly.size + this.exposures.size + this.pending.length > 0;
  }

  addHourly(eventName: string, environment: string, at: Date, events: number, valueSum: number): void {
    const hour = startOfHour(at);
    const key = `${environment}${SEP}${eventName}${SEP}${hour.getTime()}`;
    const row = this.hourly.get(key);
    if (row) {
      row.events += events;
      row.valueSum += valueSum;
    } else if (this.isFull) this.dropped += 1;
    else {
      this.hourly.set(key, { eventName, environment, hour, events, valueSum });
      this.bytes += bytesOf(eventName, environment);
    }
  }

  addUserEvent(row: UserEventRow, settled = false): void {
    if (this.isFull) {
      this.dropped += 1;
      return;
    }
    (settled ? this.settling : this.pending).push(row);
    this.bytes += bytesOf(row.environment, row.userKey, row.eventName);
  }

  /** The first exposure of a user to an experiment: the earliest one buffered wins. */
  addExposure(row: ExposureRow): void {
    const key = `${row.experimentId}${SEP}${row.userKey}`;
    const known = this.exposures.get(key);
    if (known) {
      if (row.exposedAt < known.exposedAt) this.exposures.set(key, row);
    } else if (this.isFull) this.dropped += 1;
    else {
      this.exposures.set(key, row);
      this.bytes += bytesOf(row.userKey, row.variant);
    }
  }

  /** The event names buffered per environment (they count against the distinct-name bound). */
  eventNames(): Map<string, Set<string>> {
    const names = new Map<string, Set<string>>();
    for (const row of this.hourly.values()) {
      let set = names.get(row.environment);
      if (!set) {
        set = new Set();
        names.set(row.environment, set);
      }
      set.add(row.eventName);
    }
    return names;
  }

  /**
   * Takes what is due: every exposure and hourly count, the user events that have settled for a
   * flush (all of them when `all`, on shutdown). Events received since move to settling.
   */
  drain(all = false): TrackBatch {
    const batch: TrackBatch = {
      exposures: [...this.exposures.values()],
      hourly: [...this.hourly.values()],
      userEvents: all ? [...this.settling, ...this.pending] : this.settling,
    };
    this.exposures = new Map();
    this.hourly = new Map();
    this.settling = all ? [] : this.pending;
    this.pending = [];
    this.bytes = this.settling.reduce((sum, r) => sum + bytesOf(r.environment, r.userKey, r.eventName), 0);
    return batch;
  }

  /** Puts back a batch whose write failed, so the next flush retries it (within the bounds). */
  restore(batch: TrackBatch): void {
    for (const row of batch.exposures) this.addExposure(row);
    for (const row of batch.hourly) {
      this.addHourly(row.eventName, row.environment, row.hour, row.events, row.valueSum);
    }
    for (const row of batch.userEvents) this.addUserEvent(row, true);
  }
}
