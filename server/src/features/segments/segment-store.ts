import { sql } from 'kysely';
import type { AdminSegment, Constraint } from '../../../contract';
import { isUniqueViolation } from '../../db/pg-errors';
import type { Queryable } from '../../db/queryable';
import { nameExists } from '../../lib/errors';
import { constraintsWithDefaultValues } from '../constraints';

export interface SegmentRow {
  id: number;
  name: string;
  description: string | null;
  constraints: Constraint[];
  project: string | null;
  createdBy: string | null;
  createdAt: Date;
}

export const SEGMENT_EXISTS = 'Segment name already exists';

function select(db: Queryable) {
  return db
    .selectFrom('segments')
    .select([
      'id',
      'name',
      'description',
      'constraints',
      'segment_project_id as project',
      'created_by as createdBy',
      'created_at as createdAt',
    ]);
}

function toRow(raw: Omit<SegmentRow, 'constraints'> & { constraints: unknown }): SegmentRow {
  return { ...raw, constraints: constraintsWithDefaultValues(raw.constraints) };
}

export function toAdminSegment(
  row: SegmentRow,
  usage?: { features: number; projects: number },
): AdminSegment {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    constraints: row.constraints,
    ...(row.project ? { project: row.project } : {}),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    ...(usage ? { usedInFeatures: usage.features, usedInProjects: usage.projects } : {}),
  };
}

export async function getSegment(db: Queryable, id: number, lock = false): Promise<SegmentRow | undefined> {
  let query = select(db).where('id', '=', id);
  if (lock) query = query.forNoKeyUpdate();
  const row = await query.executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function getSegmentByName(db: Queryable, name: string): Promise<SegmentRow | undefined> {
  const row = await select(db).where('name', '=', name).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function getSegmentsByIds(db: Queryable, ids: readonly number[]): Promise<SegmentRow[]> {
  if (ids.length === 0) return [];
  const rows = await select(db)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(toRow);
}

export async function listSegments(db: Queryable) {
  const [rows, usage] = await Promise.all([
    select(db).orderBy('name').execute(),
    sql<{ segment_id: number; features: number; projects: number }>`
      select fss.segment_id,
             count(distinct fs.feature_name)::int as features,
             count(distinct fs.project_name)::int as projects
      from feature_strategy_segment fss
      join feature_strategies fs on fs.id = fss.feature_strategy_id
      join features f on f.name = fs.feature_name and f.archived_at is null
      group by fss.segment_id`.execute(db),
  ]);
  const byId = new Map(usage.rows.map((row) => [row.segment_id, row]));
  return rows.map((row) =>
    toAdminSegment(toRow(row), {
      features: byId.get(row.id)?.features ?? 0,
      projects: byId.get(row.id)?.projects ?? 0,
    }),
  );
}

export async function insertSegment(
  db: Queryable,
  segment: Omit<SegmentRow, 'id' | 'createdAt'>,
): Promise<number> {
  try {
    const row = await db
      .insertInto('segments')
      .values({
        name: segment.name,
        description: segment.description,
        constraints: JSON.stringify(segment.constraints),
        segment_project_id: segment.project,
        created_by: segment.createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists(SEGMENT_EXISTS);
    throw error;
  }
}

export async function updateSegment(db: Queryable, segment: SegmentRow): Promise<void> {
  try {
    await db
      .updateTable('segments')
      .set({
        name: segment.name,
        description: segment.description,
        constraints: JSON.stringify(segment.constraints),
        segment_project_id: segment.project,
      })
      .where('id', '=', segment.id)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists(SEGMENT_EXISTS);
    throw error;
  }
}

export async function deleteSegment(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('segments').where('id', '=', id).execute();
}

/** The strategies (of any flag, archived ones included) that use a segment. */
export async function strategiesUsingSegment(db: Queryable, id: number) {
  const rows = await db
    .selectFrom('feature_strategy_segment as fss')
    .innerJoin('feature_strategies as fs', 'fs.id', 'fss.feature_strategy_id')
    .select(['fs.id', 'fs.feature_name', 'fs.project_name', 'fs.environment', 'fs.strategy_name'])
    .where('fss.segment_id', '=', id)
    .orderBy('fs.feature_name')
    .orderBy('fs.environment')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    featureName: row.feature_name,
    projectId: row.project_name,
    environment: row.environment,
    strategyName: row.strategy_name,
  }));
}

export async function segmentsOfStrategy(db: Queryable, strategyId: string): Promise<SegmentRow[]> {
  const rows = await select(db)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('feature_strategy_segment')
        .select('segment_id')
        .where('feature_strategy_id', '=', strategyId),
    )
    .orderBy('id')
    .execute();
  return rows.map(toRow);
}
