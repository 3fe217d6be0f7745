import type {
  MeteredConnections,
  MeteredRequests,
  RequestsPerSecondSegmented,
  TrafficQuery,
  TrafficUsage,
} from '../../../contract';
import type { Db } from '../../db/database';
import { badData } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { apiGroupOf, createTrafficCounter } from './traffic-counter';
import { trafficStore } from './traffic-store';

/** The longest range one answer covers, in days. */
export const MAX_RANGE_DAYS = 731;
const DAY_MS = 86_400_000;

interface Range {
  grouping: 'daily' | 'monthly';
  from: string;
  to: string;
  format: 'YYYY-MM-DD' | 'YYYY-MM';
}

/** The query's range; by default the current month up to today (UTC). */
export function resolveRange(query: TrafficQuery, now: Date): Range {
  const today = now.toISOString().slice(0, 10);
  const grouping = query.grouping ?? 'daily';
  const from = query.from ?? `${today.slice(0, 7)}-01`;
  const to = query.to ?? today;
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
  if (!(days >= 0)) throw badData('"from" must be a date on or before "to"');
  if (days > MAX_RANGE_DAYS) throw badData(`A range covers at most ${MAX_RANGE_DAYS} days`);
  return { grouping, from, to, format: grouping === 'daily' ? 'YYYY-MM-DD' : 'YYYY-MM' };
}

/** Groups rows by a key, keeping the order they came in. */
function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

type CountRow = Awaited<ReturnType<typeof trafficStore.counts>>[number];
type ConnectionRow = Awaited<ReturnType<typeof trafficStore.connections>>[number];

/** Counts per API path, then per period, as trafficUsageDataSegmentedCombinedSchema. */
function toTrafficUsage(range: Range, rows: readonly CountRow[]): TrafficUsage {
  return {
    grouping: range.grouping,
    dateRange: { from: range.from, to: range.to },
    apiData: [...groupBy(rows, (row) => row.apiPath)].map(([apiPath, ofPath]) => ({
      apiPath,
      dataPoints: [...groupBy(ofPath, (row) => row.period)].map(([period, ofPeriod]) => ({
        period,
        trafficTypes: ofPeriod.map((row) => ({ group: row.trafficGroup, count: row.count })),
      })),
    })),
  };
}

/** The same counts summed per period: the metered requests of each API group. */
function toMeteredRequests(usage: TrafficUsage): MeteredRequests {
  return {
    grouping: usage.grouping,
    dateRange: usage.dateRange,
    apiData: usage.apiData.map(({ apiPath, dataPoints }) => ({
      meteredGroup: apiPath,
      dataPoints: dataPoints.map(({ period, trafficTypes }) => ({
        period,
        requests: trafficTypes.reduce((sum, type) => sum + type.count, 0),
      })),
    })),
  };
}

/** Streaming connections per environment and period. */
function toMeteredConnections(range: Range, rows: readonly ConnectionRow[]): MeteredConnections {
  return {
    grouping: range.grouping,
    dateRange: { from: range.from, to: range.to },
    apiData: [...groupBy(rows, (row) => row.environment)].map(([meteredGroup, ofEnv]) => ({
      meteredGroup,
      dataPoints: ofEnv.map((row) => ({ period: row.period, connections: row.connections })),
    })),
  };
}

export function createTrafficService({
  db,
  logger,
  clock = () => new Date(),
}: {
  db: Db;
  logger: Logger;
  clock?: () => Date;
}) {
  const counter = createTrafficCounter();
  const base = { status: 'success' as const };

  return {
    /** Counts one answered request; `path` is the route pattern without BASE_URI_PATH. */
    record(path: string, status: number): void {
      counter.record(path, status, clock());
    },

    /** Adds the counts since the last flush to `traffic_usage`; a failed write keeps them for the next. */
    async flush(): Promise<void> {
      const increments = counter.drain();
      try {
        await trafficStore.add(db, increments);
      } catch (error) {
        counter.restore(increments);
        logger.warn({ err: error }, 'writing traffic counts failed; kept for the next flush');
      }
    },

    async traffic(query: TrafficQuery): Promise<TrafficUsage> {
      const range = resolveRange(query, clock());
      await this.flush();
      const rows = await trafficStore.counts(db, range.from, range.to, range.format);
      return toTrafficUsage(range, rows);
    },

    async requests(query: TrafficQuery): Promise<MeteredRequests> {
      return toMeteredRequests(await this.traffic(query));
    },

    async connections(query: TrafficQuery): Promise<MeteredConnections> {
      const range = resolveRange(query, clock());
      const rows = await trafficStore.connections(db, range.from, range.to, range.format);
      return toMeteredConnections(range, rows);
    },

    rps(): RequestsPerSecondSegmented {
      const now = clock();
      const series = (group: string) => ({
        ...base,
        data: {
          resultType: 'matrix' as const,
          result: counter
            .rates(now, (route) => apiGroupOf(route) === group)
            .map(({ route, values }) => ({ metric: { endpoint: route }, values })),
        },
      });
      return { clientMetrics: series('/api/client'), adminMetrics: series('/api/admin') };
    },
  };
}

export type TrafficService = ReturnType<typeof createTrafficService>;
