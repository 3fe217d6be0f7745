import { sql } from 'kysely';
import type { ContextField, LegalValue } from '../../../contract';
import { isUniqueViolation } from '../../db/pg-errors';
import type { Queryable } from '../../db/queryable';
import { nameExists } from '../../lib/errors';

export interface ContextFieldRow {
  name: string;
  description: string | null;
  sortOrder: number;
  legalValues: LegalValue[];
  stickiness: boolean;
  project: string | null;
  createdAt: Date;
}

export const CONTEXT_FIELD_EXISTS = 'A context field with that name already exist';

function baseQuery(db: Queryable) {
  return db
    .selectFrom('context_fields as cf')
    .select([
      'cf.name',
      'cf.description',
      'cf.sort_order',
      'cf.legal_values',
      'cf.stickiness',
      'cf.project',
      'cf.created_at',
    ]);
}

type Row = {
  name: string;
  description: string | null;
  sort_order: number;
  legal_values: unknown;
  stickiness: boolean;
  project: string | null;
  created_at: Date;
};

function toRow(row: Row): ContextFieldRow {
  return {
    name: row.name,
    description: row.description,
    sortOrder: row.sort_order,
    legalValues: Array.isArray(row.legal_values) ? (row.legal_values as LegalValue[]) : [],
    stickiness: row.stickiness,
    project: row.project,
    createdAt: row.created_at,
  };
}

export function toContextField(
  row: ContextFieldRow,
  usage?: { features: number; projects: number },
): ContextField {
  return {
    name: row.name,
    description: row.description,
    stickiness: row.stickiness,
    sortOrder: row.sortOrder,
    legalValues: row.legalValues,
    createdAt: row.createdAt.toISOString(),
    ...(row.project ? { project: row.project } : {}),
    ...(usage ? { usedInFeatures: usage.features, usedInProjects: usage.projects } : {}),
  };
}

/**
 * Whether the project exists. Read here rather than through the projects domain, which reaches
 * this one through constraints (a cycle).
 */
export async function projectExists(db: Queryable, project: string): Promise<boolean> {
  const found = await db.selectFrom('projects').select('id').where('id', '=', project).executeTakeFirst();
  return found !== undefined;
}

/** Locks the field's row for the rest of the transaction (when it exists). */
export async function lockContextFieldRow(db: Queryable, name: string): Promise<void> {
  await db
    .selectFrom('context_fields')
    .select('name')
    .where('name', '=', name)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export async function getContextField(db: Queryable, name: string): Promise<ContextFieldRow | undefined> {
  const row = await baseQuery(db).where('cf.name', '=', name).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function getContextFields(
  db: Queryable,
  names: readonly string[],
): Promise<Map<string, ContextFieldRow>> {
  if (names.length === 0) return new Map();
  const rows = await baseQuery(db)
    .where('cf.name', 'in', [...new Set(names)])
    .execute();
  return new Map(rows.map((row) => [row.name, toRow(row)]));
}

/** Every field with how many flags and projects use it in a strategy constraint. */
export async function listContextFields(
  db: Queryable,
  project?: string,
): Promise<Array<{ field: ContextFieldRow; features: number; projects: number }>> {
  let query = baseQuery(db);
  if (project !== undefined) {
    query = query.where((eb) => eb.or([eb('cf.project', 'is', null), eb('cf.project', '=', project)]));
  }
  const [rows, usage] = await Promise.all([
    query.orderBy('cf.name').execute(),
    sql<{ name: string; features: number; projects: number }>`
      select c->>'contextName' as name,
             count(distinct fs.feature_name)::int as features,
             count(distinct fs.project_name)::int as projects
      from feature_strategies fs
      cross join lateral jsonb_array_elements(fs.constraints) c
      group by 1`.execute(db),
  ]);
  const byName = new Map(usage.rows.map((row) => [row.name, row]));
  return rows.map((row) => ({
    field: toRow(row),
    features: byName.get(row.name)?.features ?? 0,
    projects: byName.get(row.name)?.projects ?? 0,
  }));
}

export async function insertContextField(
  db: Queryable,
  field: Omit<ContextFieldRow, 'createdAt'>,
): Promise<void> {
  try {
    await db
      .insertInto('context_fields')
      .values({
        name: field.name,
        description: field.description,
        sort_order: field.sortOrder,
        legal_values: JSON.stringify(field.legalValues),
        stickiness: field.stickiness,
        project: field.project,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists(CONTEXT_FIELD_EXISTS);
    throw error;
  }
}

export async function updateContextField(
  db: Queryable,
  field: Omit<ContextFieldRow, 'createdAt'>,
): Promise<void> {
  await db
    .updateTable('context_fields')
    .set({
      description: field.description,
      sort_order: field.sortOrder,
      legal_values: JSON.stringify(field.legalValues),
      stickiness: field.stickiness,
      project: field.project,
      updated_at: sql<Date>`now()`,
    })
    .where('name', '=', field.name)
    .execute();
}

export async function deleteContextField(db: Queryable, name: string): Promise<void> {
  await db.deleteFrom('context_fields').where('name', '=', name).execute();
}

/** The strategies whose constraints read this context field. */
export async function strategiesUsingContextField(db: Queryable, name: string) {
  const result = await sql<{
    id: string;
    feature_name: string;
    project_name: string;
    environment: string;
    strategy_name: string;
  }>`
    select fs.id, fs.feature_name, fs.project_name, fs.environment, fs.strategy_name
    from feature_strategies fs
    join features f on f.name = fs.feature_name and f.archived_at is null
    where exists (select 1 from jsonb_array_elements(fs.constraints) c where c->>'contextName' = ${name})
    order by fs.feature_name, fs.environment, fs.sort_order`.execute(db);
  return result.rows.map((row) => ({
    id: row.id,
    featureName: row.feature_name,
    projectId: row.project_name,
    environment: row.environment,
    strategyName: row.strategy_name,
  }));
}
