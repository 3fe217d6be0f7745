/**
 * The server's own request counters (issue 31 §5): per UTC day, API group and outcome (kept in
 * memory until flushed to `traffic_usage`), and per minute and route for the last hour (the
 * requests-per-second view). Pure: the caller gives the time and flushes. Bounded: the API
 * groups and outcomes are fixed sets, routes are route patterns (the app's own, not URLs), and
 * minutes older than an hour are dropped.
 */

export const API_GROUPS = ['/api/admin', '/api/client', '/api/frontend', '/edge', '/ofrep', 'other'] as const;
export type ApiGroup = (typeof API_GROUPS)[number];
export const TRAFFIC_GROUPS = ['successful-requests', 'failed-requests'] as const;
export type TrafficGroup = (typeof TRAFFIC_GROUPS)[number];

/** Minutes kept for the per-second rates. */
export const RATE_WINDOW_MINUTES = 60;
/** Distinct routes counted per minute; beyond it they share one label. */
const MAX_ROUTES = 500;

export interface DailyIncrement {
  day: string;
  apiPath: ApiGroup;
  trafficGroup: TrafficGroup;
  count: number;
}

/** The API group of a path without BASE_URI_PATH. */
export function apiGroupOf(path: string): ApiGroup {
  for (const group of API_GROUPS) {
    if (group !== 'other' && (path === group || path.startsWith(`${group}/`))) return group;
  }
  return 'other';
}

/** Every request records: the day's text and each route's group are computed once, not per call. */
function createDayAndGroupMemo() {
  let dayNumber = Number.NaN;
  let dayText = '';
  const groups = new Map<string, ApiGroup>();
  const dayOf = (ms: number): string => {
    const day = Math.floor(ms / 86_400_000);
    if (day !== dayNumber) {
      dayNumber = day;
      dayText = new Date(day * 86_400_000).toISOString().slice(0, 10);
    }
    return dayText;
  };
  const groupOf = (path: string): ApiGroup => {
    let group = groups.get(path);
    if (group === undefined) {
      group = apiGroupOf(path);
      if (groups.size < MAX_ROUTES) groups.set(path, group);
    }
    return group;
  };
  return { dayOf, groupOf };
}

/** Counts per UTC day, API group and outcome, until drained. */
function createDailyCounts() {
  const daily = new Map<string, DailyIncrement>();
  return {
    add(day: string, apiPath: ApiGroup, trafficGroup: TrafficGroup): void {
      const key = `${day}|${apiPath}|${trafficGroup}`;
      const entry = daily.get(key) ?? { day, apiPath, trafficGroup, count: 0 };
      entry.count += 1;
      daily.set(key, entry);
    },

    /** The daily increments since the last drain (to be added to `traffic_usage`). */
    drain(): DailyIncrement[] {
      const increments = [...daily.values()];
      daily.clear();
      return increments;
    },

    /** Puts increments back after a failed write, so the next flush carries them. */
    restore(increments: readonly DailyIncrement[]): void {
      for (const increment of increments) {
        const key = `${increment.day}|${increment.apiPath}|${increment.trafficGroup}`;
        const entry = daily.get(key) ?? { ...increment, count: 0 };
        entry.count += increment.count;
        daily.set(key, entry);
      }
    },
  };
}

/** Counts per minute and route for the last hour (at most MAX_ROUTES routes, the rest as one). */
function createMinuteCounts() {
  /** minute (epoch minutes) → route label → count */
  const minutes = new Map<number, Map<string, number>>();
  const routes = new Set<string>();

  function prune(nowMinute: number): void {
    for (const minute of minutes.keys())
      if (minute <= nowMinute - RATE_WINDOW_MINUTES) minutes.delete(minute);
  }

  return {
    add(path: string, ms: number): void {
      const minute = Math.floor(ms / 60_000);
      if (!routes.has(path) && routes.size < MAX_ROUTES) routes.add(path);
      const label = routes.has(path) ? path : '(other)';
      const counts = minutes.get(minute) ?? new Map<string, number>();
      counts.set(label, (counts.get(label) ?? 0) + 1);
      minutes.set(minute, counts);
      if (minutes.size > RATE_WINDOW_MINUTES + 1) prune(minute);
    },

    /** Requests per second of each route matching `filter`, per finished minute of the last hour. */
    rates(
      now: Date,
      filter: (route: string) => boolean,
    ): Array<{ route: string; values: Array<[number, string]> }> {
      const current = Math.floor(now.getTime() / 60_000);
      prune(current);
      const byRoute = new Map<string, Array<[number, string]>>();
      for (const minute of [...minutes.keys()].sort((a, b) => a - b)) {
        if (minute >= current) continue;
        for (const [route, count] of minutes.get(minute) ?? []) {
          if (!filter(route)) continue;
          const values = byRoute.get(route) ?? [];
          values.push([(minute + 1) * 60, (count / 60).toFixed(4)]);
          byRoute.set(route, values);
        }
      }
      return [...byRoute]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([route, values]) => ({ route, values }));
    },
  };
}

export function createTrafficCounter() {
  const { dayOf, groupOf } = createDayAndGroupMemo();
  const daily = createDailyCounts();
  const perMinute = createMinuteCounts();

  return {
    record(path: string, status: number, at: Date): void {
      const ms = at.getTime();
      const trafficGroup: TrafficGroup = status < 400 ? 'successful-requests' : 'failed-requests';
      daily.add(dayOf(ms), groupOf(path), trafficGroup);
      perMinute.add(path, ms);
    },
    drain: daily.drain,
    restore: daily.restore,
    rates: perMinute.rates,
  };
}

export type TrafficCounter = ReturnType<typeof createTrafficCounter>;
