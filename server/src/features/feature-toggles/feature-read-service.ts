import type { Db } from '../../db/database';
import { getProject } from '../projects';
import type { FlagEnvironmentExtensions } from './environment-extensions';
import {
  getEnvironmentVariants,
  getFeatureEnvironmentView,
  getFeatureView,
  getStrategyView,
  listProjectFeatures,
  listStrategiesView,
} from './feature-read-model';
import { listLinksTouching } from './feature-relation-store';
import { checkNewFeatureName } from './operation-checks';

/** The flag domain's reads for the admin routes: views of flags, environments, strategies and variants, and checks. */
export function createFeatureReadService(db: Db, extensions: FlagEnvironmentExtensions | null) {
  return {
    getFeature: (project: string, name: string) => getFeatureView(db, extensions, project, name),
    getEnvironment: (project: string, name: string, environment: string) =>
      getFeatureEnvironmentView(db, project, name, environment),
    listStrategies: (project: string, name: string, environment: string) =>
      listStrategiesView(db, project, name, environment),
    getStrategy: (project: string, name: string, environment: string, id: string) =>
      getStrategyView(db, project, name, environment, id),
    getVariants: (project: string, name: string, environment: string) =>
      getEnvironmentVariants(db, project, name, environment),
    listProjectFeatures: (project: string) => listProjectFeatures(db, project),

    async validateName(name: string, projectId?: string | null) {
      const project = projectId ? await getProject(db, projectId) : undefined;
      await checkNewFeatureName(db, name, project);
    },

    /** What archiving these flags would break (`archive/validate`). */
    async validateArchive(project: string, names: string[]) {
      const rows = await listLinksTouching(db, project, names);
      const parentsWithChildFeatures = [
        ...new Set(
          rows
            .filter((row) => names.includes(row.parent) && !names.includes(row.child))
            .map((row) => row.parent),
        ),
      ].sort();
      return { parentsWithChildFeatures, hasDeletedDependencies: rows.length > 0 };
    },
  };
}
