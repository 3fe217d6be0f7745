import type { Queryable } from '../../db/queryable';

/**
 * A read-only view of the flag model's projects, environments and flags, for the checks
 * identity needs: a token's scope must name existing projects and environments, project access
 * needs an existing project, and the permission guard finds the project of a `:featureName`.
 * Those tables belong to the flag-model domains; these are plain reads, no writes, no joins into
 * identity tables.
 */
export interface ProjectCatalog {
  /** The ids among `ids` that name no project (`*` is never missing). */
  missingProjects(ids: readonly string[]): Promise<string[]>;
  projectExists(id: string): Promise<boolean>;
  environmentExists(name: string): Promise<boolean>;
  environmentNames(): Promise<string[]>;
  /** The project of a flag, archived or not; undefined when there is no such flag. */
  projectOfFeature(featureName: string): Promise<string | undefined>;
}

export function createProjectCatalog(db: Queryable): ProjectCatalog {
  return {
    async missingProjects(ids) {
      const wanted = [...new Set(ids.filter((id) => id !== '*'))];
      if (wanted.length === 0) return [];
      const rows = await db.selectFrom('projects').select('id').where('id', 'in', wanted).execute();
      const found = new Set(rows.map((row) => row.id));
      return wanted.filter((id) => !found.has(id));
    },
    async projectExists(id) {
      const row = await db.selectFrom('projects').select('id').where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    },
    async environmentExists(name) {
      const row = await db
        .selectFrom('environments')
        .select('name')
        .where('name', '=', name)
        .executeTakeFirst();
      return row !== undefined;
    },
    async environmentNames() {
      const rows = await db
        .selectFrom('environments')
        .select('name')
        .orderBy('sort_order')
        .orderBy('name')
        .execute();
      return rows.map((row) => row.name);
    },
    async projectOfFeature(featureName) {
      const row = await db
        .selectFrom('features')
        .select('project')
        .where('name', '=', featureName)
        .executeTakeFirst();
      return row?.project;
    },
  };
}
