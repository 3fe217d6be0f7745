import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { DailyIncrement } from './traffic-counter';

/** `traffic_usage`: request counts per day, API group and outcome; and SDK connections from metrics. */
export const trafficStore = {
  async add(db: Db, increments: readonly DailyIncrement[]): Promise<void> {
    if (increments.length === 0) return;
    await sql`
      insert into traffic_usage (day, api_path, traffic_group, count)
      select * from unnest(${increments.map((i) => i.day)}::date[], ${increments.map((i) => i.apiPath)}::text[],
                           ${increments.map((i) => i.trafficGroup)}::text[], ${increments.map((i) => i.count)}::bigint[])
      on conflict (day, api_path, traffic_group) do update set count = traffic_usage.count + excluded.count
    `.execute(db);
  },

  /** Counts per period (`YYYY-MM-DD` or `YYYY-MM`), API group and outcome, within [from, to]. */
  async counts(
    db: Db,
    from: string,
    to: string,
    periodFormat: 'YYYY-MM-DD' | 'YYYY-MM',
  ): Promise<Array<{ period: string; apiPath: string; trafficGroup: string; count: number }>> {
    const { rows } = await sql<{ period: string; api_path: string; traffic_group: string; count: number }>`
      select to_char(day, ${periodFormat}) as period, api_path, traffic_group, sum(count)::bigint as count
      from traffic_usage where day between ${from}::date and ${to}::date
      group by 1, 2, 3 order by 1, 2, 3
    `.execute(db);
    return rows.map((row) => ({
      period: row.period,
      apiPath: row.api_path,
      trafficGroup: row.traffic_group,
      count: Number(row.count),
    }));
  },

  /** Distinct applications that reported metrics, per period and environment. */
  async connections(
    db: Db,
    from: string,
    to: string,
    periodFormat: 'YYYY-MM-DD' | 'YYYY-MM',
  ): Promise<Array<{ period: string; environment: string; connections: number }>> {
    const { rows } = await sql<{ period: string; environment: string; connections: number }>`
      select to_char(timestamp at time zone 'UTC', ${periodFormat}) as period, environment,
             count(distinct app_name)::int as connections
      from client_metrics_env
      where timestamp >= (${from}::date)::timestamp at time zone 'UTC'
        and timestamp < (${to}::date + 1)::timestamp at time zone 'UTC'
      group by 1, 2 order by 1, 2
    `.execute(db);
    return rows;
  },
};
