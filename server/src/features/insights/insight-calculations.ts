import {
  type FlagTrend,
  type InstanceInsightsQuery,
  LIFECYCLE_TREND_STAGES,
  type LifecycleStageTrend,
  type LifecycleTrendCategory,
  type LifecycleTrendStage,
  type LifecycleTrends,
  type ProjectFlagTrend,
  type UserTrend,
} from '../../../contract';
import { badData } from '../../lib/errors';

/** Pure arithmetic of the insights: ranges, weeks, health, trends. No I/O. */

const DAY_MS = 86_400_000;
/** Longest period one request may ask for, and how long daily snapshots are kept. */
export const MAX_RANGE_DAYS = 731;
export const SNAPSHOT_RETENTION_DAYS = MAX_RANGE_DAYS;
/** The period when the request names none (Unleash's console asks for the last three months). */
export const DEFAULT_RANGE_DAYS = 91;
/** Users seen within this many days count as active (Unleash's instance statistics use 60). */
export const ACTIVE_USER_DAYS = 60;

/** 'YYYY-MM-DD' of a moment, in UTC. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS));
}

export function dayToDateTime(day: string): string {
  return `${day}T00:00:00.000Z`;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

function parseDay(value: string, field: 'from' | 'to'): string {
  const text = value.trim();
  const parsed = ISO_DAY.test(text) || ISO_DATE_TIME.test(text) ? new Date(text) : undefined;
  const valid = parsed && !Number.isNaN(parsed.getTime()) && parsed.getUTCFullYear() >= 1970;
  // An ISO day that rolled over (2024-02-30) is not the day asked for.
  if (!valid || (ISO_DAY.test(text) && utcDay(parsed) !== text)) {
    throw badData(`"${field}" must be a date (YYYY-MM-DD) or an ISO 8601 date-time.`, [
      { message: `"${field}" is not a valid date`, path: field },
    ]);
  }
  return utcDay(parsed);
}

/**
 * The period of `GET /api/admin/insights`: both ends inclusive days. Refuses unparseable dates,
 * `from` after `to`, and periods longer than the snapshots are kept (400 BadDataError).
 */
export function parseInsightsRange(
  query: InstanceInsightsQuery,
  today: string,
): { from: string; to: string } {
  const to = query.to ? parseDay(query.to, 'to') : today;
  const from = query.from ? parseDay(query.from, 'from') : addDays(to, -DEFAULT_RANGE_DAYS);
  if (from > to)
    throw badData('"from" must not be after "to".', [{ message: '"from" is after "to"', path: 'from' }]);
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
  if (days > MAX_RANGE_DAYS) {
    throw badData(`The period may span at most ${MAX_RANGE_DAYS} days.`, [
      { message: `the period spans ${days} days`, path: 'from' },
    ]);
  }
  return { from, to };
}

/** `?projects=a,b`: trimmed, de-duplicated, empty entries dropped. */
export function parseProjectList(value: string | undefined): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id.length > 0),
    ),
  ];
}

/** ISO 8601 week of a day, as 'YYYY-WW' (the year is the week's, which differs around 1 January). */
export function isoWeek(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  const weekday = date.getUTCDay() || 7;
  // The Thursday of this week decides the week's year and number.
  const thursday = new Date(date.getTime() + (4 - weekday) * DAY_MS);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((thursday.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `${thursday.getUTCFullYear()}-${String(week).padStart(2, '0')}`;
}

export interface FlagStateCounts {
  /** Flags not archived. */
  total: number;
  stale: number;
  /** Potentially stale and not (yet) marked stale. */
  potentiallyStale: number;
}

/** Health as Unleash shows it: the share (0-100) of flags that are neither stale nor potentially stale. */
export function flagHealth(counts: FlagStateCounts): number {
  if (counts.total === 0) return 100;
  return Math.round((100 * activeCount(counts)) / counts.total);
}

export function activeCount(counts: FlagStateCounts): number {
  return Math.max(0, counts.total - counts.stale - counts.potentiallyStale);
}

export interface ProjectSnapshot extends FlagStateCounts {
  day: string;
  project: string;
  users: number;
  timeToProduction: number | null;
}

export interface UserSnapshot {
  day: string;
  total: number;
  active: number;
}

export function userTrends(days: readonly UserSnapshot[]): UserTrend[] {
  return [...days]
    .sort((a, b) => a.day.localeCompare(b.day))
    .map((day) => ({
      date: dayToDateTime(day.day),
      total: day.total,
      active: day.active,
      inactive: Math.max(0, day.total - day.active),
    }));
}

/** The instance's flags per snapshot day: every project's counts summed. */
export function flagTrends(snapshots: readonly ProjectSnapshot[]): FlagTrend[] {
  const byDay = new Map<string, FlagStateCounts>();
  for (const row of snapshots) {
    const sum = byDay.get(row.day) ?? { total: 0, stale: 0, potentiallyStale: 0 };
    sum.total += row.total;
    sum.stale += row.stale;
    sum.potentiallyStale += row.potentiallyStale;
    byDay.set(row.day, sum);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, counts]) => ({ date: dayToDateTime(day), ...counts, active: activeCount(counts) }));
}

/** One point per project and week: the week's latest snapshot, as Unleash's weekly trends show. */
export function projectFlagTrends(snapshots: readonly ProjectSnapshot[]): ProjectFlagTrend[] {
  const latest = new Map<string, ProjectSnapshot>();
  for (const row of snapshots) {
    const key = `${isoWeek(row.day)}\u0000${row.project}`;
    const seen = latest.get(key);
    if (!seen || seen.day < row.day) latest.set(key, row);
  }
  return [...latest.values()]
    .sort((a, b) => a.day.localeCompare(b.day) || a.project.localeCompare(b.project))
    .map((row) => {
      const health = flagHealth(row);
      return {
        week: isoWeek(row.day),
        project: row.project,
        date: dayToDateTime(row.day),
        total: row.total,
        active: activeCount(row),
        stale: row.stale,
        potentiallyStale: row.potentiallyStale,
        health,
        technicalDebt: 100 - health,
        users: row.users,
        ...(row.timeToProduction === null ? {} : { timeToProduction: row.timeToProduction }),
      };
    });
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Release flags are released, experiments experimental; the long-lived types are permanent. */
export function lifecycleCategory(flagType: string): LifecycleTrendCategory {
  if (flagType === 'release') return 'release';
  if (flagType === 'experiment') return 'experimental';
  return 'permanent';
}

/** Which stage of the lifecycle trends a flag lifecycle stage belongs to. */
const TREND_STAGE: Record<string, LifecycleTrendStage | undefined> = {
  initial: 'develop',
  'pre-live': 'develop',
  live: 'production',
  completed: 'cleanup',
};
const TREND_STAGE_START: Record<LifecycleTrendStage, string> = {
  develop: 'initial',
  production: 'live',
  cleanup: 'completed',
};
const STAGE_ORDER = ['initial', 'pre-live', 'live', 'completed', 'archived'];

export interface LifecycleFlag {
  type: string;
  /** Every stage the flag holds, with when it entered it. */
  stages: readonly { stage: string; enteredAt: Date }[];
}

function wholeDays(fromMs: number, toMs: number): number {
  return Math.max(0, Math.floor((toMs - fromMs) / DAY_MS));
}

/**
 * Lifecycle trends: flags by current stage (develop = initial or pre-live, production = live,
 * cleanup = completed; archived flags count nowhere), by category, new this week or older; the
 * median whole days spent in the stage so far, and historically by the flags that moved on.
 */
export function lifecycleTrends(flags: readonly LifecycleFlag[], now: Date): LifecycleTrends {
  const nowMs = now.getTime();
  const trends = Object.fromEntries(
    LIFECYCLE_TREND_STAGES.map((stage) => [
      stage,
      {
        current: [] as number[],
        historical: [] as number[],
        categories: {
          experimental: { flagsOlderThanWeek: 0, newFlagsThisWeek: 0 },
          permanent: { flagsOlderThanWeek: 0, newFlagsThisWeek: 0 },
          release: { flagsOlderThanWeek: 0, newFlagsThisWeek: 0 },
        },
      },
    ]),
  ) as Record<
    LifecycleTrendStage,
    { current: number[]; historical: number[]; categories: LifecycleStageTrend['categories'] }
  >;

  for (const flag of flags) {
    const entered = new Map(flag.stages.map((s) => [s.stage, s.enteredAt.getTime()]));
    const currentStage = [...STAGE_ORDER].reverse().find((stage) => entered.has(stage));
    for (const trendStage of LIFECYCLE_TREND_STAGES) {
      const start = entered.get(TREND_STAGE_START[trendStage]);
      if (start === undefined) continue;
      const bucket = trends[trendStage];
      if (currentStage && TREND_STAGE[currentStage] === trendStage) {
        bucket.current.push(wholeDays(start, nowMs));
        const category = bucket.categories[lifecycleCategory(flag.type)];
        if (nowMs - start < 7 * DAY_MS) category.newFlagsThisWeek += 1;
        else category.flagsOlderThanWeek += 1;
        continue;
      }
      // Left the stage: its time there ends where the first later stage began.
      const startIndex = STAGE_ORDER.indexOf(TREND_STAGE_START[trendStage]);
      const leftAt = STAGE_ORDER.slice(startIndex + 1)
        .filter((stage) => TREND_STAGE[stage] !== trendStage)
        .map((stage) => entered.get(stage))
        .find((at) => at !== undefined);
      if (leftAt !== undefined) bucket.historical.push(wholeDays(start, leftAt));
    }
  }

  const result = {} as LifecycleTrends['lifecycleTrends'];
  for (const stage of LIFECYCLE_TREND_STAGES) {
    const bucket = trends[stage];
    result[stage] = {
      totalFlags: bucket.current.length,
      medianDaysInCurrentStage: median(bucket.current),
      medianDaysHistorically: median(bucket.historical),
      categories: bucket.categories,
    };
  }
  return { lifecycleTrends: result };
}

export interface StageSummary {
  averageDays: number | null;
  currentFlags: number;
}

const SUMMARY_STAGES = [
  ['initial', 'initial'],
  ['preLive', 'pre-live'],
  ['live', 'live'],
  ['completed', 'completed'],
] as const;

/**
 * The project status' lifecycle summary: per stage, the flags in it now and the average whole
 * days spent in it by the flags that moved on to a later stage (null when none has, as Unleash
 * 8.2 answers while every flag is still in the stage); archived flags, all and of the last 30 days.
 */
export function lifecycleSummary(flags: readonly LifecycleFlag[], now: Date) {
  const nowMs = now.getTime();
  const durations = new Map<string, number[]>(SUMMARY_STAGES.map(([, stage]) => [stage, []]));
  const current = new Map<string, number>(SUMMARY_STAGES.map(([, stage]) => [stage, 0]));
  let archived = 0;
  let archivedLast30Days = 0;
  for (const flag of flags) {
    const entered = new Map(flag.stages.map((s) => [s.stage, s.enteredAt.getTime()]));
    const currentStage = [...STAGE_ORDER].reverse().find((stage) => entered.has(stage));
    if (currentStage === 'archived') {
      archived += 1;
      if (nowMs - entered.get('archived')! <= 30 * DAY_MS) archivedLast30Days += 1;
    } else if (currentStage) {
      current.set(currentStage, (current.get(currentStage) ?? 0) + 1);
    }
    for (const [index, stage] of STAGE_ORDER.entries()) {
      const start = entered.get(stage);
      if (start === undefined || !durations.has(stage)) continue;
      const next = STAGE_ORDER.slice(index + 1)
        .map((later) => entered.get(later))
        .find((at) => at !== undefined);
      if (next !== undefined) durations.get(stage)!.push(wholeDays(start, next));
    }
  }
  const average = (values: number[]) =>
    values.length === 0 ? null : Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
  const summary = Object.fromEntries(
    SUMMARY_STAGES.map(([key, stage]) => [
      key,
      { averageDays: average(durations.get(stage)!), currentFlags: current.get(stage) ?? 0 },
    ]),
  ) as Record<(typeof SUMMARY_STAGES)[number][0], StageSummary>;
  return { ...summary, archived: { currentFlags: archived, last30Days: archivedLast30Days } };
}

/** Lead time as Unleash's DORA view: whole days from creation to live per flag, and their rounded mean. */
export function leadTimes(flags: readonly { name: string; createdAt: Date; liveAt: Date }[]) {
  const features = flags.map((flag) => ({
    name: flag.name,
    timeToProduction: wholeDays(flag.createdAt.getTime(), flag.liveAt.getTime()),
  }));
  const total = features.reduce((sum, flag) => sum + flag.timeToProduction, 0);
  return { features, projectAverage: features.length === 0 ? 0 : Math.round(total / features.length) };
}
