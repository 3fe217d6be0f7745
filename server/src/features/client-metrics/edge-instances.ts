import type { EdgeInstanceData, EdgeInstances } from '../../../contract';
import type { Db } from '../../db/database';
import { badData } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { unstorableReason } from './sdk-report-validation';

/** Distinct Edge instances kept; a client token inventing identifiers cannot grow the table past it. */
export const MAX_EDGE_INSTANCES = 1000;
/** Instances silent for longer are forgotten. */
const RETENTION_MS = 7 * 24 * 3_600_000;

interface Pending {
  data: EdgeInstanceData;
  environment: string;
  at: Date;
}

/**
 * Unleash Edge's own instance data (`POST /api/client/metrics/edge`): the latest report per
 * instance, buffered in memory (one row per identifier, bounded) and written every flush, so a
 * busy or absent database costs the Edge nothing; a report that cannot be written is dropped
 * (the next one, a minute later, replaces it anyway).
 */
export function createEdgeInstances(db: Db, options: { logger: Logger; flushIntervalMs?: number }) {
  const pending = new Map<string, Pending>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;

  async function write(): Promise<void> {
    if (pending.size === 0) return;
    const batch = [...pending.values()];
    pending.clear();
    const known = new Set(
      (
        await db
          .selectFrom('edge_instances')
          .select('identifier')
          .where(
            'identifier',
            'in',
            batch.map((p) => p.data.identifier),
          )
          .execute()
      ).map((row) => row.identifier),
    );
    const { count } = await db
      .selectFrom('edge_instances')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    let room = MAX_EDGE_INSTANCES - Number(count);
    for (const { data, environment, at } of batch) {
      if (!known.has(data.identifier)) {
        if (room <= 0) continue;
        room -= 1;
      }
      const row = {
        identifier: data.identifier,
        app_name: data.appName,
        edge_version: data.edgeVersion,
        region: data.region ?? null,
        environment,
        started_at: new Date(data.started),
        reported_at: at,
        data: JSON.stringify(data),
      };
      await db
        .insertInto('edge_instances')
        .values(row)
        .onConflict((oc) => oc.column('identifier').doUpdateSet(row))
        .execute();
    }
    await db
      .deleteFrom('edge_instances')
      .where('reported_at', '<', new Date(Date.now() - RETENTION_MS))
      .execute();
  }

  function flush(): Promise<void> {
    flushing ??= write()
      .catch((error) => options.logger.warn({ err: error }, 'writing Edge instance data failed; dropped'))
      .finally(() => {
        flushing = undefined;
      });
    return flushing;
  }

  return {
    record(data: EdgeInstanceData, environment: string): void {
      for (const [path, value] of [
        ['/body/identifier', data.identifier],
        ['/body/appName', data.appName],
        ['/body/edgeVersion', data.edgeVersion],
        ['/body/region', data.region ?? ''],
      ] as const) {
        const reason = unstorableReason(value);
        if (reason) throw badData(`The ${path} property ${reason}`, [{ path, message: reason }]);
      }
      if (!pending.has(data.identifier) && pending.size >= MAX_EDGE_INSTANCES) return;
      pending.set(data.identifier, { data, environment, at: new Date() });
    },

    async list(): Promise<EdgeInstances> {
      await flush();
      const rows = await db.selectFrom('edge_instances').selectAll().orderBy('reported_at', 'desc').execute();
      return {
        edges: rows.map((row) => {
          const data = row.data as Partial<EdgeInstanceData>;
          return {
            identifier: row.identifier,
            appName: row.app_name,
            edgeVersion: row.edge_version,
            region: row.region,
            environment: row.environment,
            started: row.started_at?.toISOString() ?? null,
            reportedAt: row.reported_at.toISOString(),
            connectedStreamingClients: data.connectedStreamingClients ?? 0,
            connectedEdges: (data.connectedEdges ?? []).map((edge) => ({
              identifier: edge.identifier,
              appName: edge.appName,
            })),
            data: row.data,
          };
        }),
      };
    },

    flush,

    start(): void {
      timer ??= setInterval(() => void flush(), options.flushIntervalMs ?? 10_000);
      timer.unref();
    },

    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}

export type EdgeInstanceStore = ReturnType<typeof createEdgeInstances>;
