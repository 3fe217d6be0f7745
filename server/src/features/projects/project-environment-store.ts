import { sql } from 'kysely';
import type { CreateFeatureStrategy } from '../../../contract';
import type { Queryable } from '../../db/queryable';

/** The environments of a project, their default strategies, and the lookups their writes check. */
export interface ProjectEnvironmentRow {
  environment: string;
  defaultStrategy: CreateFeatureStrategy | null;
}

export async function getProjectEnvironments(
  db: Queryable,
  project: string,
): Promise<ProjectEnvironmentRow[]> {
  const rows = await db
    .selectFrom('project_environments as pe')
    .innerJoin('environments as e', 'e.name', 'pe.environment_name')
    .select(['pe.environment_name', 'pe.default_strategy'])
    .where('pe.project_id', '=', project)
    .orderBy('e.sort_order')
    .orderBy('e.name')
    .execute();
  return rows.map((row) => ({
    environment: row.environment_name,
    defaultStrategy: (row.default_strategy as CreateFeatureStrategy | null) ?? null,
  }));
}

/** Turns change requests on for project environments (project create's `changeRequestEnvironments`). */
export async function insertChangeRequestSettings(
  db: Queryable,
  project: string,
  settings: ReadonlyArray<{ name: string; requiredApprovals: number }>,
): Promise<void> {
  if (settings.length === 0) return;
  await db
    .insertInto('change_request_settings')
    .values(settings.map((s) => ({ project, environment: s.name, required_approvals: s.requiredApprovals })))
    .execute();
}

export async function addProjectEnvironment(
  db: Queryable,
  project: string,
  environment: string,
): Promise<void> {
  await db
    .insertInto('project_environments')
    .values({ project_id: project, environment_name: environment })
    .onConflict((oc) => oc.doNothing())
    .execute();
  // Every flag of the project gets its (disabled) state in the new environment.
  await sql`
    insert into feature_environments (feature_name, environment, enabled)
    select name, ${environment}, false from features where project = ${project}
    on conflict do nothing`.execute(db);
}

export async function removeProjectEnvironment(
  db: Queryable,
  project: string,
  environment: string,
): Promise<void> {
  await db
    .deleteFrom('project_environments')
    .where('project_id', '=', project)
    .where('environment_name', '=', environment)
    .execute();
  await db
    .deleteFrom('feature_strategies')
    .where('project_name', '=', project)
    .where('environment', '=', environment)
    .execute();
  await sql`
    delete from feature_environments fe using features f
    where f.name = fe.feature_name and f.project = ${project} and fe.environment = ${environment}`.execute(
    db,
  );
}

export async function setProjectEnvironmentDefaultStrategy(
  db: Queryable,
  project: string,
  environment: string,
  strategy: CreateFeatureStrategy,
): Promise<void> {
  await db
    .updateTable('project_environments')
    .set({ default_strategy: JSON.stringify(strategy) })
    .where('project_id', '=', project)
    .where('environment_name', '=', environment)
    .execute();
}

/** The names among `names` that are known environments. */
export async function knownEnvironmentNames(db: Queryable, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const found = await db
    .selectFrom('environments')
    .select('name')
    .where('name', 'in', [...names])
    .execute();
  return new Set(found.map((row) => row.name));
}

/** Every enabled environment: a new project without a list gets these. */
export async function enabledEnvironmentNames(db: Queryable): Promise<string[]> {
  const all = await db.selectFrom('environments').select('name').where('enabled', '=', true).execute();
  return all.map((row) => row.name);
}

export async function strategyTypeExists(db: Queryable, name: string): Promise<boolean> {
  const definition = await db
    .selectFrom('strategies')
    .select('name')
    .where('name', '=', name)
    .executeTakeFirst();
  return definition !== undefined;
}
