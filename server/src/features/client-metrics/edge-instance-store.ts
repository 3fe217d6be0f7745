import type { EdgeInstanceData } from '../../../contract';
import type { Queryable } from '../../db/queryable';

/** One Edge instance's latest report, as edge-instances.ts writes it. */
export interface EdgeInstanceWrite {
  data: EdgeInstanceData;
  environment: string;
  at: Date;
}

/** The identifiers among `identifiers` that already have a row. */
export async function findKnownEdgeIdentifiers(db: Queryable, identifiers: string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('edge_instances')
    .select('identifier')
    .where('identifier', 'in', identifiers)
    .execute();
  return new Set(rows.map((row) => row.identifier));
}

export async function countEdgeInstances(db: Queryable): Promise<number> {
  const { count } = await db
    .selectFrom('edge_instances')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Inserts or replaces an instance's row with its latest report. */
export async function upsertEdgeInstance(
  db: Queryable,
  { data, environment, at }: EdgeInstanceWrite,
): Promise<void> {
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

/** Forgets instances silent since `before`. */
export async function deleteEdgeInstancesReportedBefore(db: Queryable, before: Date): Promise<void> {
  await db.deleteFrom('edge_instances').where('reported_at', '<', before).execute();
}

/** Every instance row, the latest report first. */
export async function listEdgeInstanceRows(db: Queryable) {
  return db.selectFrom('edge_instances').selectAll().orderBy('reported_at', 'desc').execute();
}
