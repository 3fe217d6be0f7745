import type { InstanceInsights } from '../../../../server/contract';

/** Pure shaping of the insights answer into chart rows, filtered by the chosen projects. No I/O. */

export const PERIODS = [
  { value: '1m', label: 'Last month', days: 30 },
  { value: '3m', label: 'Last 3 months', days: 91 },
  { value: '6m', label: 'Last 6 months', days: 182 },
  { value: '12m', label: 'Last year', days: 365 },
] as const;
export type Period = (typeof PERIODS)[number]['value'];

export function isPeriod(value: string | undefined): value is Period {
  return PERIODS.some((period) => period.value === value);
}

const day = (epoch: number) => new Date(epoch).toISOString().slice(0, 10);

/** The `from`/`to` days of a period ending today (UTC). */
export function periodDates(period: Period, now: number): { from: string; to: string } {
  const { days } = PERIODS.find((p) => p.value === period)!;
  return { from: day(now - days * 86_400_000), to: day(now) };
}

const chosen = (projects: readonly string[]) => (project: string) =>
  projects.length === 0 || projects.includes(project);

export interface FlagWeek {
  week: string;
  total: number;
  active: number;
  stale: number;
  potentiallyStale: number;
  /** Health of the chosen projects together: the share of their flags that are active. */
  health: number;
}

export function flagWeeks(insights: InstanceInsights, projects: readonly string[]): FlagWeek[] {
  const weeks = new Map<string, Omit<FlagWeek, 'health'>>();
  for (const row of insights.projectFlagTrends.filter((r) => chosen(projects)(r.project))) {
    const sum = weeks.get(row.week) ?? { week: row.week, total: 0, active: 0, stale: 0, potentiallyStale: 0 };
    sum.total += row.total;
    sum.active += row.active;
    sum.stale += row.stale;
    sum.potentiallyStale += row.potentiallyStale;
    weeks.set(row.week, sum);
  }
  return [...weeks.values()]
    .sort((a, b) => a.week.localeCompare(b.week))
    .map((week) => ({
      ...week,
      health: week.total === 0 ? 100 : Math.round((100 * week.active) / week.total),
    }));
}

/** One row per week, one column per project: its health. */
export function healthByProject(insights: InstanceInsights, projects: readonly string[]) {
  const names = new Set<string>();
  const weeks = new Map<string, Record<string, string | number>>();
  for (const row of insights.projectFlagTrends.filter((r) => chosen(projects)(r.project))) {
    names.add(row.project);
    const week = weeks.get(row.week) ?? { week: row.week };
    week[row.project] = row.health;
    weeks.set(row.week, week);
  }
  return {
    projects: [...names].sort(),
    rows: [...weeks.values()].sort((a, b) => String(a.week).localeCompare(String(b.week))),
  };
}

export interface ChangeWeek {
  week: string;
  created: number;
  archived: number;
  newInProduction: number;
}

export function changeWeeks(insights: InstanceInsights, projects: readonly string[]): ChangeWeek[] {
  const weeks = new Map<string, ChangeWeek>();
  const weekOf = (week: string) => {
    const row = weeks.get(week) ?? { week, created: 0, archived: 0, newInProduction: 0 };
    weeks.set(week, row);
    return row;
  };
  for (const row of insights.creationArchiveTrends.filter((r) => chosen(projects)(r.project))) {
    const week = weekOf(row.week);
    week.created += Object.values(row.createdFlags).reduce((sum, count) => sum + count, 0);
    week.archived += row.archivedFlags;
  }
  for (const row of insights.lifecycleTrends.filter((r) => chosen(projects)(r.project))) {
    weekOf(row.week).newInProduction += row.newProductionFlags;
  }
  return [...weeks.values()].sort((a, b) => a.week.localeCompare(b.week));
}

export interface MetricsWeek {
  week: string;
  yes: number;
  no: number;
}

export function metricsWeeks(insights: InstanceInsights, projects: readonly string[]): MetricsWeek[] {
  const weeks = new Map<string, MetricsWeek>();
  for (const row of insights.metricsSummaryTrends.filter((r) => chosen(projects)(r.project))) {
    const week = weeks.get(row.week) ?? { week: row.week, yes: 0, no: 0 };
    week.yes += row.totalYes;
    week.no += row.totalNo;
    weeks.set(row.week, week);
  }
  return [...weeks.values()].sort((a, b) => a.week.localeCompare(b.week));
}

/** Flag changes per week by environment type (instance-wide: Unleash reports them without projects). */
export function environmentTypeWeeks(insights: InstanceInsights) {
  const types = new Set<string>();
  const weeks = new Map<string, Record<string, string | number>>();
  for (const row of insights.environmentTypeTrends) {
    types.add(row.environmentType);
    const week = weeks.get(row.week) ?? { week: row.week };
    week[row.environmentType] = row.totalUpdates;
    weeks.set(row.week, week);
  }
  return {
    types: [...types].sort(),
    rows: [...weeks.values()].sort((a, b) => String(a.week).localeCompare(String(b.week))),
  };
}

export function userDays(insights: InstanceInsights) {
  return insights.userTrends.map((row) => ({
    date: row.date.slice(0, 10),
    active: row.active,
    inactive: row.inactive,
  }));
}
