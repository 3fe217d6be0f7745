import type { EdgeInstanceData, EdgeInstances } from '../../../contract';
import type { Db } from '../../db/database';
import { badData } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { createEdgeHeartbeatStore } from './edge-heartbeat-store';
import {
  countEdgeInstances,
  deleteEdgeInstancesReportedBefore,
  type EdgeInstanceWrite,
  findKnownEdgeIdentifiers,
  listEdgeInstanceRows,
  upsertEdgeInstance,
} from './edge-instance-store';
import { unstorableReason } from './sdk-report-validation';

/** Distinct Edge instances kept; a client token inventing identifiers cannot grow the table past it. */
export const MAX_EDGE_INSTANCES = 1000;
/** Instances silent for longer are forgotten. */
const RETENTION_MS = 7 * 24 * 3_600_000;

/** Writes the buffered reports: known instances are updated, new ones only while there is room. */
async function writeBatch(db: Db, batch: readonly EdgeInstanceWrite[]): Promise<void> {
  const known = await findKnownEdgeIdentifiers(
    db,
    batch.map((p) => p.data.identifier),
  );
  let room = MAX_EDGE_INSTANCES - (await countEdgeInstances(db));
  for (const report of batch) {
    if (!known.has(report.data.identifier)) {
      if (room <= 0) continue;
      room -= 1;
    }
    await upsertEdgeInstance(db, report);
  }
  await deleteEdgeInstancesReportedBefore(db, new Date(Date.now() - RETENTION_MS));
}

type EdgeInstanceRow = Awaited<ReturnType<typeof listEdgeInstanceRows>>[number];

function toEdgeInstance(row: EdgeInstanceRow): EdgeInstances['edges'][number] {
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
}

/** Refuses a report whose identifying fields cannot be stored. */
function assertStorable(data: EdgeInstanceData): void {
  for (const [path, value] of [
    ['/body/identifier', data.identifier],
    ['/body/appName', data.appName],
    ['/body/edgeVersion', data.edgeVersion],
    ['/body/region', data.region ?? ''],
  ] as const) {
    const reason = unstorableReason(value);
    if (reason) throw badData(`The ${path} property ${reason}`, [{ path, message: reason }]);
  }
}

/**
 * Unleash Edge's own instance data (`POST /api/client/metrics/edge`): the latest report per
 * instance, buffered in memory (one row per identifier, bounded) and written every flush, so a
 * busy or absent database costs the Edge nothing; a report that cannot be written is dropped
 * (the next one, a minute later, replaces it anyway). `heartbeats` keeps Edge's licence heartbeats
 * (`POST /api/client/edge-licensing/heartbeat`), written as they come.
 */
export function createEdgeInstances(db: Db, options: { logger: Logger; flushIntervalMs?: number }) {
  const pending = new Map<string, EdgeInstanceWrite>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;

  async function write(): Promise<void> {
    if (pending.size === 0) return;
    const batch = [...pending.values()];
    pending.clear();
    await writeBatch(db, batch);
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
    heartbeats: createEdgeHeartbeatStore(db),

    record(data: EdgeInstanceData, environment: string): void {
      assertStorable(data);
      if (!pending.has(data.identifier) && pending.size >= MAX_EDGE_INSTANCES) return;
      pending.set(data.identifier, { data, environment, at: new Date() });
    },

    async list(): Promise<EdgeInstances> {
      await flush();
      return { edges: (await listEdgeInstanceRows(db)).map(toEdgeInstance) };
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
