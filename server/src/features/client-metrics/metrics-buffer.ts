/**
 * In-memory aggregation of what SDKs report between two flushes. Pure: no I/O, the clock is
 * passed in. Counts are summed per hour, flag, application and environment so a flush writes
 * one row per bucket however many SDK posts fed it. Memory is bounded by `maxKeys` rows and by
 * an estimate of their bytes (`maxBytes`, what a key's strings weigh plus a fixed overhead): once
 * either is reached, new keys are refused (and counted) while existing keys keep accumulating.
 */

export interface CountRow {
  featureName: string;
  appName: string;
  environment: string;
  hour: Date;
  yes: number;
  no: number;
  /** When the latest report feeding this row arrived: what "last reported" shows (issue 33). */
  seenAt: Date;
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
  /**
   * Whose budget a new application or instance is charged to (issue 31): the reporting API
   * token, so a flood through one token cannot spend another's.
   */
  budgetOwner: string;
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
/** What a buffered row costs beyond its strings: objects, map entries, numbers and dates. */
const ROW_OVERHEAD_BYTES = 200;

/** Approximate memory of a row holding these strings (UTF-16: two bytes per code unit). */
function rowBytes(...texts: ReadonlyArray<string | null | readonly string[]>): number {
  let units = 0;
  for (const text of texts) {
    if (text === null) continue;
    if (typeof text === 'string') units += text.length;
    else for (const item of text) units += item.length + 8;
  }
  return ROW_OVERHEAD_BYTES + units * 2;
}

function registrationBytes(r: Registration): number {
  return rowBytes(r.appName, r.instanceId, r.environment, r.sdkVersion, r.clientIp, r.strategies, r.projects);
}

export function startOfHour(date: Date): Date {
  return new Date(Math.floor(date.getTime() / HOUR_MS) * HOUR_MS);
}

/** SDKs send ISO strings or unix time (seconds or milliseconds). Unparseable means "now". */
export function parseReportedDate(value: string | number | undefined, now: Date): Date {
  if (value === undefined) return now;
  const date = typeof value === 'number' ? new Date(value < 1e12 ? value * 1000 : value) : new Date(value);
  return Number.isNaN(date.getTime()) ? now : date;
}

/** The rows of one application, environment and hour: what one SDK post adds to. */
interface HourGroup {
  appName: string;
  environment: string;
  hour: Date;
  counts: Map<string, CountRow>;
  /** By flag, then variant name. */
  variants: Map<string, Map<string, VariantRow>>;
}

export class MetricsBuffer {
  // Grouped by application, environment and hour, then keyed by flag name: a post's toggles
  // share their group, so each toggle costs one lookup by a name the JSON parser already
  // hashed, instead of building and hashing a composite key (the bench profile's hot spot).
  private groups = new Map<string, HourGroup>();
  private countRows = 0;
  private variantRows = 0;
  private registrations = new Map<string, Registration>();
  /** By environment, then flag. */
  private lastSeen = new Map<string, Map<string, LastSeenRow>>();
  private lastSeenRows = 0;
  private bytes = 0;
  /** Reports refused because the buffer was full; exposed as a metric. */
  dropped = 0;

  constructor(
    private readonly maxKeys: number,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  get size(): number {
    return this.countRows + this.variantRows + this.registrations.size + this.lastSeenRows;
  }

  /** The estimated memory of what is buffered. */
  get approximateBytes(): number {
    return this.bytes;
  }

  get isFull(): boolean {
    return this.size >= this.maxKeys || this.bytes >= this.maxBytes;
  }

  private groupOf(appName: string, environment: string, at: Date): HourGroup {
    const hour = startOfHour(at);
    const key = `${appName}${SEP}${environment}${SEP}${hour.getTime()}`;
    let group = this.groups.get(key);
    if (!group) {
      group = { appName, environment, hour, counts: new Map(), variants: new Map() };
      this.groups.set(key, group);
    }
    return group;
  }

  /** A whole bucket of one SDK post: its toggles share application, environment and hour. */
  addToggles(
    appName: string,
    environment: string,
    at: Date,
    toggles: Readonly<Record<string, ToggleReport>>,
    now: Date,
  ): void {
    const group = this.groupOf(appName, environment, at);
    for (const featureName in toggles) {
      if (!Object.hasOwn(toggles, featureName)) continue;
      this.addToGroup(group, featureName, toggles[featureName] as ToggleReport, now);
    }
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
    return this.addToGroup(this.groupOf(appName, environment, at), featureName, report, now);
  }

  private addToGroup(group: HourGroup, featureName: string, report: ToggleReport, now: Date): boolean {
    const yes = report.yes ?? 0;
    const no = report.no ?? 0;
    if (yes === 0 && no === 0) return false;
    const { appName, environment, hour } = group;
    const existing = group.counts.get(featureName);
    if (existing) {
      existing.yes += yes;
      existing.no += no;
      if (existing.seenAt < now) existing.seenAt = now;
    } else {
      if (this.isFull) {
        this.dropped += 1;
        return false;
      }
      group.counts.set(featureName, { featureName, appName, environment, hour, yes, no, seenAt: now });
      this.countRows += 1;
      this.bytes += rowBytes(featureName, appName, environment);
    }
    const variants = report.variants;
    if (variants) {
      let rows = group.variants.get(featureName);
      for (const variant in variants) {
        if (!Object.hasOwn(variants, variant)) continue;
        const count = variants[variant] as number;
        if (!(count > 0)) continue;
        const row = rows?.get(variant);
        if (row) row.count += count;
        else if (!this.isFull) {
          if (!rows) {
            rows = new Map();
            group.variants.set(featureName, rows);
          }
          rows.set(variant, { featureName, appName, environment, hour, variant, count });
          this.variantRows += 1;
          this.bytes += rowBytes(featureName, appName, environment, variant);
        } else this.dropped += 1;
      }
    }
    this.markSeen(featureName, environment, now);
    return true;
  }

  private markSeen(featureName: string, environment: string, now: Date): void {
    let seenInEnvironment = this.lastSeen.get(environment);
    const seen = seenInEnvironment?.get(featureName);
    if (seen) {
      if (seen.seenAt < now) seen.seenAt = now;
    } else if (!this.isFull) {
      if (!seenInEnvironment) {
        seenInEnvironment = new Map();
        this.lastSeen.set(environment, seenInEnvironment);
      }
      seenInEnvironment.set(featureName, { featureName, environment, seenAt: now });
      this.lastSeenRows += 1;
      this.bytes += rowBytes(featureName, environment);
    }
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
    const merged = {
      ...registration,
      sdkVersion: registration.sdkVersion ?? known?.sdkVersion ?? null,
      clientIp: registration.clientIp ?? known?.clientIp ?? null,
      strategies: registration.strategies.length ? registration.strategies : (known?.strategies ?? []),
    };
    this.bytes += registrationBytes(merged) - (known ? registrationBytes(known) : 0);
    this.registrations.set(key, merged);
  }

  /** Takes everything buffered so far, leaving the buffer empty. */
  drain(): MetricsBatch {
    const batch: MetricsBatch = {
      counts: [],
      variants: [],
      registrations: [...this.registrations.values()],
      lastSeen: [],
    };
    for (const group of this.groups.values()) {
      batch.counts.push(...group.counts.values());
      for (const rows of group.variants.values()) batch.variants.push(...rows.values());
    }
    for (const rows of this.lastSeen.values()) batch.lastSeen.push(...rows.values());
    this.groups = new Map();
    this.registrations = new Map();
    this.lastSeen = new Map();
    this.countRows = 0;
    this.variantRows = 0;
    this.lastSeenRows = 0;
    this.bytes = 0;
    return batch;
  }

  /** Puts back a batch whose flush failed, so the next flush retries it (within the bound). */
  restore(batch: MetricsBatch): void {
    for (const row of batch.counts) {
      this.addToggle(
        row.featureName,
        row.appName,
        row.environment,
        row.hour,
        { yes: row.yes, no: row.no },
        row.seenAt,
      );
    }
    for (const row of batch.variants) {
      const group = this.groupOf(row.appName, row.environment, row.hour);
      let rows = group.variants.get(row.featureName);
      const existing = rows?.get(row.variant);
      if (existing) existing.count += row.count;
      else if (!this.isFull) {
        if (!rows) {
          rows = new Map();
          group.variants.set(row.featureName, rows);
        }
        rows.set(row.variant, { ...row, hour: group.hour });
        this.variantRows += 1;
        this.bytes += rowBytes(row.featureName, row.appName, row.environment, row.variant);
      } else this.dropped += 1;
    }
    for (const row of batch.lastSeen) this.markSeen(row.featureName, row.environment, row.seenAt);
    for (const registration of batch.registrations) {
      const key = [registration.appName, registration.instanceId, registration.environment].join(SEP);
      if (!this.registrations.has(key)) this.addRegistration(registration);
    }
  }
}
