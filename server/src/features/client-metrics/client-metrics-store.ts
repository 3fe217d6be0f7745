import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { createClientMetricsWriteStore } from './client-metrics-write-store';

export { instanceKey, type UnknownFlagRow } from './client-metrics-write-store';

export interface ApplicationRow {
  appName: string;
  description: string | null;
  strategies: string[];
  url: string | null;
  color: string | null;
  icon: string | null;
  seenAt: Date | null;
  /** The SDK of its instance that reported last (registration or metrics). */
  sdkVersion: string | null;
}

export interface InstanceRow {
  appName: string;
  instanceId: string;
  environment: string;
  sdkVersion: string | null;
  sdkType: string;
  clientIp: string | null;
  lastSeen: Date;
}

export interface MetricRow {
  featureName: string;
  appName: string;
  environment: string;
  timestamp: Date;
  yes: number;
  no: number;
  variants: Record<string, number>;
}

export interface ApplicationQuery {
  query?: string | undefined;
  offset: number;
  limit: number;
  sortOrder: 'asc' | 'desc';
}

const APPLICATION_COLUMNS = [
  'app_name',
  'description',
  'strategies',
  'url',
  'color',
  'icon',
  'seen_at',
] as const;

/** The SDK version and time of the application's instance that reported last (one index range). */
const latestSdkVersion = [
  sql<string | null>`(select i.sdk_version from client_instances i
    where i.app_name = client_applications.app_name and i.sdk_version is not null
    order by i.last_seen desc limit 1)`.as('sdk_version'),
  sql<Date | null>`(select max(i.last_seen) from client_instances i
    where i.app_name = client_applications.app_name)`.as('latest_instance_seen'),
] as const;

/**
 * Storage of SDK registrations and hourly evaluation counts: the read side here, the write side
 * of the flush in `client-metrics-write-store.ts`.
 */
export function createClientMetricsStore(db: Db) {
  return {
    ...createClientMetricsWriteStore(db),
    ...applicationQueries(db),
    ...instanceQueries(db),
    ...featureUsageQueries(db),
  };
}

/** The applications SDKs registered: list, read, upsert, delete. */
function applicationQueries(db: Db) {
  return {
    async listApplications(query: ApplicationQuery): Promise<{ total: number; rows: ApplicationRow[] }> {
      let base = db.selectFrom('client_applications');
      if (query.query) base = base.where('app_name', 'ilike', `%${query.query.replace(/[%_\\]/g, '\\$&')}%`);
      const [{ total } = { total: 0 }] = await base
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .execute();
      const rows = await base
        .select([...APPLICATION_COLUMNS, ...latestSdkVersion])
        .orderBy('app_name', query.sortOrder)
        .offset(query.offset)
        .limit(query.limit)
        .execute();
      return { total: Number(total), rows: rows.map(toApplication) };
    },

    async getApplication(appName: string): Promise<ApplicationRow | undefined> {
      const row = await db
        .selectFrom('client_applications')
        .select([...APPLICATION_COLUMNS, ...latestSdkVersion])
        .where('app_name', '=', appName)
        .executeTakeFirst();
      return row && toApplication(row);
    },

    async upsertApplication(
      trx: Queryable,
      appName: string,
      fields: {
        description?: string | undefined;
        url?: string | undefined;
        color?: string | undefined;
        icon?: string | undefined;
        strategies?: string[] | undefined;
      },
      createdBy: string,
    ): Promise<void> {
      const values = {
        description: fields.description ?? null,
        url: fields.url ?? null,
        color: fields.color ?? null,
        icon: fields.icon ?? null,
        strategies: JSON.stringify(fields.strategies ?? []),
      };
      await trx
        .insertInto('client_applications')
        .values({ app_name: appName, created_by: createdBy, ...values })
        .onConflict((oc) =>
          oc.column('app_name').doUpdateSet({
            ...(fields.description !== undefined ? { description: values.description } : {}),
            ...(fields.url !== undefined ? { url: values.url } : {}),
            ...(fields.color !== undefined ? { color: values.color } : {}),
            ...(fields.icon !== undefined ? { icon: values.icon } : {}),
            ...(fields.strategies !== undefined ? { strategies: values.strategies } : {}),
            updated_at: new Date(),
          }),
        )
        .execute();
    },

    async deleteApplication(trx: Queryable, appName: string): Promise<boolean> {
      await trx.deleteFrom('client_instances').where('app_name', '=', appName).execute();
      await trx.deleteFrom('client_applications_usage').where('app_name', '=', appName).execute();
      const result = await trx
        .deleteFrom('client_applications')
        .where('app_name', '=', appName)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

/** The instances of an application, where it runs and which SDK versions report. */
function instanceQueries(db: Db) {
  return {
    async listInstances(appName: string, environment?: string): Promise<InstanceRow[]> {
      let query = db
        .selectFrom('client_instances')
        .select([
          'app_name',
          'instance_id',
          'environment',
          'sdk_version',
          'sdk_type',
          'client_ip',
          'last_seen',
        ])
        .where('app_name', '=', appName);
      if (environment) query = query.where('environment', '=', environment);
      const rows = await query.orderBy('last_seen', 'desc').execute();
      return rows.map((r) => ({
        appName: r.app_name,
        instanceId: r.instance_id,
        environment: r.environment,
        sdkVersion: r.sdk_version,
        sdkType: r.sdk_type,
        clientIp: r.client_ip,
        lastSeen: r.last_seen,
      }));
    },

    async listUsage(
      appName?: string,
    ): Promise<Array<{ appName: string; project: string; environment: string }>> {
      let query = db.selectFrom('client_applications_usage').select(['app_name', 'project', 'environment']);
      if (appName) query = query.where('app_name', '=', appName);
      const rows = await query.orderBy('project').orderBy('environment').execute();
      return rows.map((r) => ({ appName: r.app_name, project: r.project, environment: r.environment }));
    },

    async listSdkVersions(): Promise<Array<{ appName: string; sdkVersion: string }>> {
      const rows = await db
        .selectFrom('client_instances')
        .select(['app_name', 'sdk_version'])
        .where('sdk_version', 'is not', null)
        .distinct()
        .execute();
      return rows.map((r) => ({ appName: r.app_name, sdkVersion: r.sdk_version! }));
    },
  };
}

/** What SDKs reported about flags: which applications use one, and its counts. */
function featureUsageQueries(db: Db) {
  return {
    /** Flags an application reported on, with their project (null for an unknown flag) and where. */
    async featureUsageOf(
      appName: string,
    ): Promise<Array<{ name: string; project: string | null; environments: string[]; lastSeen: Date }>> {
      const rows = await db
        .selectFrom('client_metrics_env as m')
        .leftJoin('features as f', 'f.name', 'm.feature_name')
        .select(['m.feature_name', 'f.project'])
        .select(sql<string[]>`array_agg(distinct m.environment order by m.environment)`.as('environments'))
        .select(sql<Date>`max(coalesce(m.last_reported_at, m.timestamp))`.as('last_seen'))
        .where('m.app_name', '=', appName)
        .groupBy(['m.feature_name', 'f.project'])
        .orderBy('m.feature_name')
        .execute();
      return rows.map((r) => ({
        name: r.feature_name,
        project: r.project ?? null,
        environments: r.environments,
        lastSeen: new Date(r.last_seen),
      }));
    },

    async featureMetrics(featureName: string, since: Date): Promise<MetricRow[]> {
      const rows = await db
        .selectFrom('client_metrics_env as m')
        .leftJoin('client_metrics_env_variants as v', (join) =>
          join
            .onRef('v.feature_name', '=', 'm.feature_name')
            .onRef('v.app_name', '=', 'm.app_name')
            .onRef('v.environment', '=', 'm.environment')
            .onRef('v.timestamp', '=', 'm.timestamp'),
        )
        .select([
          'm.feature_name',
          'm.app_name',
          'm.environment',
          'm.timestamp',
          'm.yes',
          'm.no',
          'v.variant',
          'v.count',
        ])
        .where('m.feature_name', '=', featureName)
        .where('m.timestamp', '>=', since)
        .orderBy('m.timestamp')
        .orderBy('m.environment')
        .orderBy('m.app_name')
        .execute();
      const byKey = new Map<string, MetricRow>();
      for (const r of rows) {
        const key = `${r.app_name}\u0000${r.environment}\u0000${r.timestamp.getTime()}`;
        let metric = byKey.get(key);
        if (!metric) {
          metric = {
            featureName: r.feature_name,
            appName: r.app_name,
            environment: r.environment,
            timestamp: r.timestamp,
            yes: Number(r.yes),
            no: Number(r.no),
            variants: {},
          };
          byKey.set(key, metric);
        }
        if (r.variant) metric.variants[r.variant] = Number(r.count);
      }
      return [...byKey.values()];
    },
  };
}

export type ClientMetricsStore = ReturnType<typeof createClientMetricsStore>;

function toApplication(row: {
  app_name: string;
  description: string | null;
  strategies: string[];
  url: string | null;
  color: string | null;
  icon: string | null;
  seen_at: Date | null;
  latest_instance_seen: Date | null;
  sdk_version: string | null;
}): ApplicationRow {
  return {
    appName: row.app_name,
    description: row.description,
    strategies: row.strategies ?? [],
    url: row.url,
    color: row.color,
    icon: row.icon,
    // Registrations and metrics posts both move seen_at and the instances' last_seen; an
    // instance row may be newer when the application row was written by an older server.
    seenAt:
      row.seen_at && row.latest_instance_seen
        ? new Date(Math.max(row.seen_at.getTime(), row.latest_instance_seen.getTime()))
        : (row.seen_at ?? row.latest_instance_seen),
    sdkVersion: row.sdk_version,
  };
}
