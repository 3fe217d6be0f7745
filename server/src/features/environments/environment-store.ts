import { sql } from 'kysely';
import type { Environment } from '../../../contract';
import { isUniqueViolation } from '../../db/pg-errors';
import type { Queryable } from '../../db/queryable';
import { nameExists } from '../../lib/errors';
import { ulid } from '../../lib/ulid';

export interface EnvironmentRow {
  name: string;
  type: string;
  sortOrder: number;
  enabled: boolean;
  protected: boolean;
  requiredApprovals: number | null;
}

export const environmentExists = (name: string) => `Environment with name ${name} already exists`;

export function toEnvironment(row: EnvironmentRow): Environment {
  return {
    name: row.name,
    type: row.type,
    enabled: row.enabled,
    protected: row.protected,
    sortOrder: row.sortOrder,
    requiredApprovals: row.requiredApprovals,
  };
}

function select(db: Queryable) {
  return db
    .selectFrom('environments')
    .select([
      'name',
      'type',
      'sort_order as sortOrder',
      'enabled',
      'protected',
      'required_approvals as requiredApprovals',
    ]);
}

export async function getEnvironment(
  db: Queryable,
  name: string,
  lock = false,
): Promise<EnvironmentRow | undefined> {
  let query = select(db).where('name', '=', name);
  if (lock) query = query.forNoKeyUpdate();
  return query.executeTakeFirst();
}

/** All environments in display order, with how many projects use them and how many flags are on. */
export async function listEnvironments(db: Queryable) {
  const rows = await select(db)
    .select((eb) => [
      eb
        .selectFrom('project_environments')
        .select(eb.fn.countAll<number>().as('c'))
        .whereRef('project_environments.environment_name', '=', 'environments.name')
        .as('projectCount'),
      eb
        .selectFrom('feature_environments as fe')
        .innerJoin('features as f', 'f.name', 'fe.feature_name')
        .select(eb.fn.countAll<number>().as('c'))
        .whereRef('fe.environment', '=', 'environments.name')
        .where('fe.enabled', '=', true)
        .where('f.archived_at', 'is', null)
        .as('enabledToggleCount'),
    ])
    .orderBy('sort_order')
    .orderBy('name')
    .execute();
  return rows.map((row) => ({
    ...toEnvironment(row),
    projectCount: Number(row.projectCount ?? 0),
    enabledToggleCount: Number(row.enabledToggleCount ?? 0),
  }));
}

/** Every environment, marked `visible` when the project has it, with the project's counts. */
export async function listProjectEnvironments(db: Queryable, project: string) {
  const rows = await select(db)
    .leftJoin('project_environments as pe', (join) =>
      join.onRef('pe.environment_name', '=', 'environments.name').on('pe.project_id', '=', project),
    )
    .select((eb) => [
      'pe.project_id as projectId',
      'pe.default_strategy as defaultStrategy',
      eb
        .selectFrom('feature_environments as fe')
        .innerJoin('features as f', 'f.name', 'fe.feature_name')
        .select(eb.fn.countAll<number>().as('c'))
        .whereRef('fe.environment', '=', 'environments.name')
        .where('fe.enabled', '=', true)
        .where('f.archived_at', 'is', null)
        .where('f.project', '=', project)
        .as('enabledCount'),
      // As Unleash counts them: live tokens of this environment granted the project or every project.
      eb
        .selectFrom('api_tokens as t')
        .select(eb.fn.countAll<number>().as('c'))
        .whereRef('t.environment', '=', 'environments.name')
        .where('t.deleted_at', 'is', null)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('api_token_projects as tp')
              .select('tp.token_id')
              .whereRef('tp.token_id', '=', 't.id')
              .where('tp.project', 'in', [project, '*']),
          ),
        )
        .as('apiTokenCount'),
    ])
    .orderBy('sort_order')
    .orderBy('name')
    .execute();
  return rows.map((row) => ({
    ...toEnvironment(row),
    projectApiTokenCount: Number(row.apiTokenCount ?? 0),
    projectEnabledToggleCount: Number(row.enabledCount ?? 0),
    visible: row.projectId !== null,
    ...(row.defaultStrategy ? { defaultStrategy: row.defaultStrategy as never } : {}),
  }));
}

export async function insertEnvironment(db: Queryable, row: EnvironmentRow): Promise<void> {
  try {
    await db
      .insertInto('environments')
      .values({
        name: row.name,
        type: row.type,
        sort_order: row.sortOrder,
        enabled: row.enabled,
        protected: row.protected,
        required_approvals: row.requiredApprovals,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists(environmentExists(row.name));
    throw error;
  }
}

export async function updateEnvironment(db: Queryable, row: EnvironmentRow): Promise<void> {
  await db
    .updateTable('environments')
    .set({
      type: row.type,
      sort_order: row.sortOrder,
      enabled: row.enabled,
      required_approvals: row.requiredApprovals,
    })
    .where('name', '=', row.name)
    .execute();
}

export async function deleteEnvironment(db: Queryable, name: string): Promise<void> {
  await db.deleteFrom('environments').where('name', '=', name).execute();
}

/**
 * Copies an environment's per-project setup into a new one: the projects that use it (or
 * the given ones), each flag's enabled state and variants, and the strategies with their
 * segments under new ids. Returns the projects the new environment was added to.
 */
export async function copyEnvironmentContents(
  db: Queryable,
  source: string,
  target: string,
  projects: readonly string[] | undefined,
): Promise<string[]> {
  let projectQuery = db
    .selectFrom('project_environments')
    .select(['project_id', 'default_strategy'])
    .where('environment_name', '=', source);
  if (projects !== undefined) {
    projectQuery = projectQuery.where('project_id', 'in', projects.length ? [...projects] : ['']);
  }
  const projectRows = await projectQuery.execute();
  const projectIds = projectRows.map((row) => row.project_id);
  if (projectIds.length === 0) return [];
  await db
    .insertInto('project_environments')
    .values(
      projectRows.map((row) => ({
        project_id: row.project_id,
        environment_name: target,
        default_strategy: row.default_strategy === null ? null : JSON.stringify(row.default_strategy),
      })),
    )
    .execute();
  await sql`
    insert into feature_environments (feature_name, environment, enabled, variants)
    select fe.feature_name, ${target}, fe.enabled, fe.variants
    from feature_environments fe
    join features f on f.name = fe.feature_name
    where fe.environment = ${source} and f.project = any(${projectIds})`.execute(db);
  const strategies = await db
    .selectFrom('feature_strategies')
    .selectAll()
    .where('environment', '=', source)
    .where('project_name', 'in', projectIds)
    .orderBy('sort_order')
    .execute();
  for (const strategy of strategies) {
    const id = ulid();
    await db
      .insertInto('feature_strategies')
      .values({
        id,
        feature_name: strategy.feature_name,
        project_name: strategy.project_name,
        environment: target,
        strategy_name: strategy.strategy_name,
        title: strategy.title,
        parameters: JSON.stringify(strategy.parameters),
        constraints: JSON.stringify(strategy.constraints),
        variants: JSON.stringify(strategy.variants),
        sort_order: strategy.sort_order,
        disabled: strategy.disabled,
        created_by_user_id: strategy.created_by_user_id,
      })
      .execute();
    await sql`
      insert into feature_strategy_segment (feature_strategy_id, segment_id)
      select ${id}, segment_id from feature_strategy_segment where feature_strategy_id = ${strategy.id}`.execute(
      db,
    );
  }
  return projectIds;
}
