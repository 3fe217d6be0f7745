/**
 * In-memory aggregation of what SDKs report between two flushes. Pure: no I/O, the clock is
 * passed in. Counts are summed per hour, flag, application and environment so a flush writes
 * one row per bucket however many SDK posts fed it. Memory is bounded by `maxKeys`: once full,
 * new keys are refused (and counted) while existing keys keep accumulating.
 */

export interface CountRow {
  featureName: string;
  appName: string;
  environment: string;
  hour: Date;
  yes: number;
  no: number;
}

export interface VariantRow {
  featureName: string;
  appName: string;
  environment: string;
  hour: Date;
  variant: string;
  count: number;
}

export interface Registration {
  appName: string;
  instanceId: string;
  environment: string;
  sdkVersion: string | null;
  sdkType: 'backend' | 'frontend';
  clientIp: string | null;
  strategies: string[];
  projects: string[];
  seenAt: Date;
}

export interface LastSeenRow {
  featureName: string;
  environment: string;
  seenAt: Date;
}

export interface MetricsBatch {
  counts: CountRow[];
  variants: VariantRow[];
  registrations: Registration[];
  lastSeen: LastSeenRow[];
}

export interface ToggleReport {
  yes?: number | undefined;
  no?: number | undefined;
  variants?: Record<string, number> | undefined;
}

const SEP = '\u0000';
const HOUR_MS = 3_600_000;

export function startOfHour(date: Date): Date {
  return new Date(Math.floor(date.getTime() / HOUR_MS) * HOUR_MS);
}

/** SDKs send ISO strings or unix time (seconds or milliseconds). Unparseable means "now". */
export function parseReportedDate(value: string | number | undefined, now: Date): Date {
  if (value === undefined) return now;
  const date = typeof value === 'number' ? new Date(value < 1e12 ? value * 1000 : value) : new Date(value);
  return Number.isNaN(date.getTime()) ? now : date;
}

export class MetricsBuffer {
  private counts = new Map<string, CountRow>();
  private variants = new Map<string, VariantRow>();
  private registrations = new Map<string, Registration>();
  private lastSeen = new Map<string, LastSeenRow>();
  /** Reports refused because the buffer was full; exposed as a metric. */
  dropped = 0;

  constructor(private readonly maxKeys: number) {}

  get size(): number {
    return this.counts.size + this.variants.size + this.registrations.size + this.lastSeen.size;
  }

  get isFull(): boolean {
    return this.size >= this.maxKeys;
  }

  /** One flag's counts from one SDK post; entries with neither yes nor no are ignored, as in Unleash. */
  addToggle(
    featureName: string,
    appName: string,
    environment: string,
    at: Date,
    report: ToggleReport,
    now: Date,
  ): boolean {
    const yes = report.yes ?? 0;
    const no = report.no ?? 0;
    if (yes === 0 && no === 0) return false;
    // Keys from numbers and strings only: this runs for every flag of every SDK post.
    const hourMs = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;
    const key = `${featureName}${SEP}${appName}${SEP}${environment}${SEP}${hourMs}`;
    const existing = this.counts.get(key);
    let hour: Date;
    if (existing) {
      existing.yes += yes;
      existing.no += no;
      hour = existing.hour;
    } else {
      if (this.isFull) {
        this.dropped += 1;
        return false;
      }
      hour = new Date(hourMs);
      this.counts.set(key, { featureName, appName, environment, hour, yes, no });
    }
    const variants = report.variants;
    if (variants) {
      for (const variant in variants) {
        if (!Object.hasOwn(variants, variant)) continue;
        const count = variants[variant] as number;
        if (!(count > 0)) continue;
        const variantKey = `${key}${SEP}${variant}`;
        const row = this.variants.get(variantKey);
        if (row) row.count += count;
        else if (!this.isFull) {
          this.variants.set(variantKey, { featureName, appName, environment, hour, variant, count });
        } else this.dropped += 1;
      }
    }
    const seenKey = `${featureName}${SEP}${environment}`;
    const seen = this.lastSeen.get(seenKey);
    if (seen) {
      if (seen.seenAt < now) seen.seenAt = now;
    } else if (!this.isFull) {
      this.lastSeen.set(seenKey, { featureName, environment, seenAt: now });
    }
    return true;
  }

  /**
   * The latest registration of an instance wins, except that what it leaves out (a metrics post
   * carries no strategies and may carry no SDK version) keeps the value already known.
   */
  addRegistration(registration: Registration): void {
    const key = [registration.appName, registration.instanceId, registration.environment].join(SEP);
    const known = this.registrations.get(key);
    if (!known && this.isFull) {
      this.dropped += 1;
      return;
    }
    this.registrations.set(key, {
      ...registration,
      sdkVersion: registration.sdkVersion ?? known?.sdkVersion ?? null,
      clientIp: registration.clientIp ?? known?.clientIp ?? null,
      strategies: registration.strategies.length ? registration.strategies : (known?.strategies ?? []),
    });
  }

  /** Takes everything buffered so far, leaving the buffer empty. */
  drain(): MetricsBatch {
    const batch: MetricsBatch = {
      counts: [...this.counts.values()],
      variants: [...this.variants.values()],
      registrations: [...this.registrations.values()],
      lastSeen: [...this.lastSeen.values()],
    };
    this.counts = new Map();
    this.variants = new Map();
    this.registrations = new Map();
    this.lastSeen = new Map();
    return batch;
  }

  /** Puts back a batch whose flush failed, so the next flush retries it (within the bound). */
  restore(batch: MetricsBatch, now: Date): void {
    for (const row of batch.counts) {
      this.addToggle(
        row.featureName,
        row.appName,
        row.environment,
        row.hour,
        { yes: row.yes, no: row.no },
        now,
      );
    }
    for (const row of batch.variants) {
      const key = [row.featureName, row.appName, row.environment, row.hour.getTime(), row.variant].join(SEP);
      const existing = this.variants.get(key);
      if (existing) existing.count += row.count;
      else if (!this.isFull) this.variants.set(key, { ...row });
      else this.dropped += 1;
    }
    for (const registration of batch.registrations) {
      const key = [registration.appName, registration.instanceId, registration.environment].join(SEP);
      if (!this.registrations.has(key)) this.addRegistration(registration);
    }
  }
}
