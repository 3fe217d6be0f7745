import { sql } from 'kysely';
import type { FeatureNaming, ProjectMode } from '../../../contract';
import { isUniqueViolation } from '../../db/pg-errors';
import type { Queryable } from '../../db/queryable';
import { nameExists } from '../../lib/errors';

export interface ProjectRow {
  id: string;
  name: string;
  description: string | null;
  mode: ProjectMode;
  defaultStickiness: string;
  featureLimit: number | null;
  featureNaming: FeatureNaming;
  linkTemplates: Array<{ title?: string | null; urlTemplate: string }>;
  createdAt: Date;
  updatedAt: Date;
  archivedAt: Date | null;
}

export const PROJECT_EXISTS = 'A project with this id already exists.';

type Raw = {
  id: string;
  name: string;
  description: string | null;
  mode: string;
  default_stickiness: string;
  feature_limit: number | null;
  feature_naming_pattern: string | null;
  feature_naming_example: string | null;
  feature_naming_description: string | null;
  link_templates: unknown;
  created_at: Date;
  updated_at: Date;
  archived_at: Date | null;
};

/** A `projects` row as the domain reads it. */
export function toProjectRow(raw: Raw): ProjectRow {
  return {
    id: raw.id,
    name: raw.name,
    description: raw.description,
    mode: raw.mode as ProjectMode,
    defaultStickiness: raw.default_stickiness,
    featureLimit: raw.feature_limit,
    featureNaming: {
      pattern: raw.feature_naming_pattern,
      example: raw.feature_naming_example,
      description: raw.feature_naming_description,
    },
    linkTemplates: Array.isArray(raw.link_templates)
      ? (raw.link_templates as ProjectRow['linkTemplates'])
      : [],
    createdAt: raw.created_at,
    updatedAt: raw.updated_at,
    archivedAt: raw.archived_at,
  };
}

/** The project as events record it. */
export function projectEventData(row: ProjectRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    mode: row.mode,
    defaultStickiness: row.defaultStickiness,
    featureLimit: row.featureLimit,
    featureNaming: row.featureNaming,
    linkTemplates: row.linkTemplates,
    archivedAt: row.archivedAt?.toISOString() ?? null,
  };
}

export async function getProject(db: Queryable, id: string, lock = false): Promise<ProjectRow | undefined> {
  let query = db.selectFrom('projects').selectAll().where('id', '=', id);
  if (lock) query = query.forNoKeyUpdate();
  const raw = await query.executeTakeFirst();
  return raw ? toProjectRow(raw) : undefined;
}

export async function insertProject(
  db: Queryable,
  row: Omit<ProjectRow, 'createdAt' | 'updatedAt' | 'archivedAt'>,
) {
  try {
    await db
      .insertInto('projects')
      .values({
        id: row.id,
        name: row.name,
        description: row.description,
        mode: row.mode,
        default_stickiness: row.defaultStickiness,
        feature_limit: row.featureLimit,
        feature_naming_pattern: row.featureNaming.pattern,
        feature_naming_example: row.featureNaming.example ?? null,
        feature_naming_description: row.featureNaming.description ?? null,
        link_templates: JSON.stringify(row.linkTemplates),
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists(PROJECT_EXISTS);
    throw error;
  }
}

export async function updateProject(db: Queryable, row: ProjectRow): Promise<void> {
  await db
    .updateTable('projects')
    .set({
      name: row.name,
      description: row.description,
      mode: row.mode,
      default_stickiness: row.defaultStickiness,
      feature_limit: row.featureLimit,
      feature_naming_pattern: row.featureNaming.pattern,
      feature_naming_example: row.featureNaming.example ?? null,
      feature_naming_description: row.featureNaming.description ?? null,
      link_templates: JSON.stringify(row.linkTemplates),
      archived_at: row.archivedAt,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', row.id)
    .execute();
}

export async function deleteProject(db: Queryable, id: string): Promise<void> {
  // Archived flags go with their project; their environments, strategies and tags cascade.
  await db.deleteFrom('features').where('project', '=', id).execute();
  await db.deleteFrom('projects').where('id', '=', id).execute();
}

export async function countActiveFeatures(db: Queryable, project: string): Promise<number> {
  const row = await db
    .selectFrom('features')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('project', '=', project)
    .where('archived_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
