import { sql } from 'kysely';
import type { Queryable } from '../../db/queryable';

/** A flag's evaluations in one environment: SDK `yes` and `no` counts. */
export interface EnvironmentUsage {
  yes: number;
  no: number;
}

/** Usage per flag name, then per environment; a flag or environment without metrics is absent. */
export type LastHourUsage = Map<string, Map<string, EnvironmentUsage>>;

/**
 * The `yes`/`no` Unleash puts on each environment of the flag view and of search results: the sum
 * of the hourly metric rows whose hour starts within the last hour (`timestamp >= now() - 1 hour`),
 * which is what Unleash 8.2 answers (checked against the reference: a row of the previous hour
 * stops counting once the clock passes its start plus one hour).
 */
export async function readLastHourUsage(db: Queryable, names: readonly string[]): Promise<LastHourUsage> {
  const usage: LastHourUsage = new Map();
  if (names.length === 0) return usage;
  const rows = await db
    .selectFrom('client_metrics_env')
    .select((eb) => [
      'feature_name',
      'environment',
      eb.fn.sum<string>('yes').as('yes'),
      eb.fn.sum<string>('no').as('no'),
    ])
    .where('feature_name', 'in', names)
    .where('timestamp', '>=', sql<Date>`now() - interval '1 hour'`)
    .groupBy(['feature_name', 'environment'])
    .execute();
  for (const row of rows) {
    const byEnvironment = usage.get(row.feature_name) ?? new Map<string, EnvironmentUsage>();
    byEnvironment.set(row.environment, { yes: Number(row.yes), no: Number(row.no) });
    usage.set(row.feature_name, byEnvironment);
  }
  return usage;
}

/** The usage of one flag in one environment, zeros when none was reported. */
export function usageIn(usage: LastHourUsage, name: string, environment: string): EnvironmentUsage {
  return usage.get(name)?.get(environment) ?? { yes: 0, no: 0 };
}
