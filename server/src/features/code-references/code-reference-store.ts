import { sql } from 'kysely';
import type { CodeReferencePush } from '../../../contract';
import type { Queryable } from '../../db/queryable';

/** Which of these names are flags here (archived ones too: still referenced is what matters). */
export async function existingFlags(db: Queryable, names: readonly string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('features')
    .select(['name', 'project'])
    .where('name', 'in', names)
    .execute();
  return new Map(rows.map((row) => [row.name, row.project]));
}

/** Replaces the repository's references with these, and records who pushed them. */
export async function replaceRepository(
  db: Queryable,
  repository: CodeReferencePush['repository'],
  references: CodeReferencePush['references'],
  pushedBy: string,
): Promise<void> {
  const row = {
    name: repository.name,
    url: repository.url ?? null,
    branch: repository.branch ?? null,
    commit: repository.commit ?? null,
    pushed_by: pushedBy,
    scanned_at: sql<Date>`now()`,
  };
  await db
    .insertInto('code_repositories')
    .values(row)
    .onConflict((oc) => oc.column('name').doUpdateSet(row))
    .execute();
  await db.deleteFrom('code_references').where('repository', '=', repository.name).execute();
  for (let at = 0; at < references.length; at += 1000) {
    await db
      .insertInto('code_references')
      .values(
        references.slice(at, at + 1000).map((reference) => ({
          repository: repository.name,
          feature_name: reference.flag,
          path: reference.path,
          line: reference.line,
          kind: reference.kind,
          context: JSON.stringify(reference.context),
          last_changed_at: reference.lastChangedAt ? new Date(reference.lastChangedAt) : null,
        })),
      )
      .execute();
  }
}

export async function countRepositories(db: Queryable): Promise<number> {
  const row = await db
    .selectFrom('code_repositories')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function repositoryExists(db: Queryable, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('code_repositories')
    .select('name')
    .where('name', '=', name)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteRepository(db: Queryable, name: string): Promise<void> {
  await db.deleteFrom('code_repositories').where('name', '=', name).execute();
}

export async function referencesOfFlag(db: Queryable, flag: string) {
  return db
    .selectFrom('code_references as r')
    .innerJoin('code_repositories as repo', 'repo.name', 'r.repository')
    .select([
      'r.repository',
      'r.path',
      'r.line',
      'r.kind',
      'r.context',
      'r.last_changed_at',
      'repo.url',
      'repo.branch',
      'repo.commit',
      'repo.scanned_at',
    ])
    .where('r.feature_name', '=', flag)
    .orderBy('r.repository')
    .orderBy('r.path')
    .orderBy('r.line')
    .execute();
}

/** References and repositories per flag, for the flags not in a hidden project. */
export async function referenceCounts(db: Queryable, hiddenProjects: readonly string[]) {
  let query = db
    .selectFrom('code_references as r')
    .leftJoin('features as f', 'f.name', 'r.feature_name')
    .select((eb) => [
      'r.feature_name as flag',
      eb.fn.countAll<string>().as('references'),
      eb.fn.count<string>('r.repository').distinct().as('repositories'),
    ])
    .groupBy('r.feature_name')
    .orderBy('r.feature_name');
  if (hiddenProjects.length > 0) {
    query = query.where((eb) =>
      eb.or([eb('f.project', 'is', null), eb('f.project', 'not in', hiddenProjects)]),
    );
  }
  return query.execute();
}
