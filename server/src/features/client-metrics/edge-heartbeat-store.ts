import { sql } from 'kysely';
import type { EdgeHeartbeat } from '../../../contract';
import type { Db } from '../../db/database';

/** Edge connections kept: a client token inventing connection ids cannot grow the table past it. */
export const MAX_EDGE_HEARTBEATS = 1000;
/** Connections silent for longer are forgotten. */
const RETENTION_MS = 7 * 24 * 3_600_000;

export interface EdgeHeartbeatReport {
  connectionId: string;
  environment: string;
  appName: string | null;
  instanceId: string | null;
  userAgent: string | null;
}

/** The latest heartbeat per Edge connection (`edge_license_heartbeats`), bounded and aged out. */
export function createEdgeHeartbeatStore(db: Db) {
  return {
    /** Upserts a connection's heartbeat; a new connection beyond the bound is not kept. */
    async record(report: EdgeHeartbeatReport, at: Date): Promise<void> {
      const data = JSON.stringify({
        appName: report.appName,
        instanceId: report.instanceId,
        userAgent: report.userAgent,
      });
      await db
        .deleteFrom('edge_license_heartbeats')
        .where('last_seen_at', '<', new Date(at.getTime() - RETENTION_MS))
        .execute();
      // One statement: the bound holds however many heartbeats arrive at once (to within a few).
      await sql`
        insert into edge_license_heartbeats (connection_id, token_environment, data, first_seen_at, last_seen_at)
        select ${report.connectionId}, ${report.environment}, ${data}::jsonb, ${at}, ${at}
        where exists (select 1 from edge_license_heartbeats where connection_id = ${report.connectionId})
           or (select count(*) from edge_license_heartbeats) < ${MAX_EDGE_HEARTBEATS}
        on conflict (connection_id) do update
          set token_environment = excluded.token_environment, data = excluded.data,
              last_seen_at = excluded.last_seen_at
      `.execute(db);
    },

    async list(): Promise<EdgeHeartbeat[]> {
      const rows = await db
        .selectFrom('edge_license_heartbeats')
        .selectAll()
        .orderBy('last_seen_at', 'desc')
        .orderBy('connection_id')
        .execute();
      return rows.map((row) => {
        const data = (row.data ?? {}) as Partial<
          Record<'appName' | 'instanceId' | 'userAgent', string | null>
        >;
        return {
          connectionId: row.connection_id,
          environment: row.token_environment,
          appName: data.appName ?? null,
          instanceId: data.instanceId ?? null,
          userAgent: data.userAgent ?? null,
          firstSeenAt: row.first_seen_at.toISOString(),
          lastSeenAt: row.last_seen_at.toISOString(),
        };
      });
    },
  };
}

export type EdgeHeartbeatStore = ReturnType<typeof createEdgeHeartbeatStore>;
