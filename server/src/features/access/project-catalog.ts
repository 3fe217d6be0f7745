import type { Queryable } from '../../db/queryable';
import {
  environmentExists,
  environmentNames,
  existingProjectIds,
  projectExists,
  projectOfFeature,
} from './project-catalog-store';

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
      const found = await existingProjectIds(db, wanted);
      return wanted.filter((id) => !found.has(id));
    },
    projectExists: (id) => projectExists(db, id),
    environmentExists: (name) => environmentExists(db, name),
    environmentNames: () => environmentNames(db),
    projectOfFeature: (featureName) => projectOfFeature(db, featureName),
  };
}
