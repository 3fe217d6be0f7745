import type {
  Feature,
  FeatureEnvironment,
  FeatureStrategy,
  FeatureStrategyListItem,
  Tag,
  Variant,
} from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { creatorName } from '../../lib/caller';
import { notFound } from '../../lib/errors';
import { readLastHourUsage, usageIn } from '../client-metrics';
import { avatarUrl } from '../events';
import { currentStages } from '../feature-lifecycle';
import { listTagsOfFeatures } from '../tags';
import type { FlagEnvironmentExtensions } from './environment-extensions';
import { listLinks } from './feature-link-store';
import {
  listActiveChildNames,
  listActiveProjectFeatureRows,
  listEnvironmentsInOrder,
  listParentLinksInOrder,
  listProjectFeatureStates,
} from './feature-read-store';
import {
  type FeatureRow,
  getFeature,
  getFeatureEnvironment,
  getFeatureEnvironments,
  getStrategies,
  getStrategyById,
  type StrategyRow,
  toFeatureStrategy,
} from './feature-store';
import { featureNotInProject } from './operation-checks';

/** The flag of a project for a read; archived flags are not found there (Unleash 8.2, measured). */
export async function findFeatureInProject(
  db: Queryable,
  project: string,
  name: string,
): Promise<FeatureRow> {
  const feature = await getFeature(db, name);
  if (!feature) throw featureNotInProject(name, project);
  if (feature.project !== project) throw featureNotInProject(name, project, feature.project);
  if (feature.archivedAt) throw notFound(`Could not find feature flag with name ${name}`);
  return feature;
}

export function createdByOf(feature: Pick<FeatureRow, 'createdBy' | 'createdByUserId'>) {
  const name = creatorName(feature.createdBy, feature.createdByUserId);
  return { id: feature.createdByUserId ?? 0, name, imageUrl: avatarUrl(name) };
}

/**
 * The admin views leave out the strategies a running release-plan milestone put on the flag, as
 * Unleash's admin feature view does (they are shown and edited through the plan); the client API
 * still serves them.
 */
function withoutMilestoneStrategies<Row extends { milestoneId?: string | null }>(rows: Row[]): Row[] {
  return rows.filter((row) => !row.milestoneId);
}

/** `GET /api/admin/projects/:projectId/features/:featureName`. */
export async function getFeatureView(
  db: Queryable,
  extensions: FlagEnvironmentExtensions | null,
  project: string,
  name: string,
): Promise<Feature> {
  const feature = await findFeatureInProject(db, project, name);
  const [environments, states, strategies, parents, children, links, lifecycles, plans, safeguards, usage] =
    await Promise.all([
      listEnvironmentsInOrder(db, project),
      getFeatureEnvironments(db, name),
      getStrategies(db, name).then(withoutMilestoneStrategies),
      listParentLinksInOrder(db, name),
      listActiveChildNames(db, name),
      listLinks(db, name),
      currentStages(db, [name]),
      extensions?.releasePlans(db, name),
      extensions?.safeguards?.(db, name),
      readLastHourUsage(db, [name]),
    ]);
  const createdBy = createdByOf(feature);
  const lifecycle = lifecycles.get(name);
  return {
    name: feature.name,
    type: feature.type,
    description: feature.description,
    project: feature.project,
    stale: feature.stale,
    impressionData: feature.impressionData,
    archived: false,
    createdAt: feature.createdAt.toISOString(),
    createdBy,
    environments: environments.map((environment) => {
      const state = states.find((row) => row.environment === environment.name);
      return {
        name: environment.name,
        lastSeenAt: state?.lastSeenAt?.toISOString() ?? null,
        enabled: state?.enabled ?? false,
        ...usageIn(usage, name, environment.name),
        type: environment.type,
        sortOrder: environment.sortOrder,
        strategies: strategies
          .filter((row) => row.environment === environment.name)
          .map((row) => toFeatureStrategy(row)),
        ...(plans ? { releasePlans: plans.get(environment.name) ?? [] } : {}),
        ...(safeguards ? { safeguards: safeguards.get(environment.name) ?? [] } : {}),
      };
    }),
    dependencies: parents.map((row) => ({
      feature: row.parent,
      enabled: row.enabled,
      variants: (row.variants as string[]) ?? [],
    })),
    children,
    ...(lifecycle ? { lifecycle } : {}),
    links,
    collaborators: { users: [createdBy] },
  };
}

async function requireEnvironmentState(
  db: Queryable,
  feature: FeatureRow,
  environment: string,
  message = `Could not find ${feature.name} in ${environment}`,
) {
  const state = await getFeatureEnvironment(db, feature.name, environment);
  if (!state) throw notFound(message);
  return state;
}

/** `GET …/features/:featureName/environments/:environment`. */
export async function getFeatureEnvironmentView(
  db: Queryable,
  project: string,
  name: string,
  environment: string,
): Promise<FeatureEnvironment> {
  const feature = await findFeatureInProject(db, project, name);
  const state = await requireEnvironmentState(db, feature, environment);
  const strategies = withoutMilestoneStrategies(await getStrategies(db, name, environment));
  return {
    name,
    environment,
    enabled: state.enabled,
    strategies: strategies.map((row) => toFeatureStrategy(row, true)),
  };
}

export async function listStrategiesView(
  db: Queryable,
  project: string,
  name: string,
  environment: string,
): Promise<FeatureStrategyListItem[]> {
  const feature = await findFeatureInProject(db, project, name);
  await requireEnvironmentState(
    db,
    feature,
    environment,
    `Feature ${name} does not have environment ${environment}`,
  );
  return withoutMilestoneStrategies(await getStrategies(db, name, environment)).map((row) => ({
    ...toFeatureStrategy(row),
    milestoneId: row.milestoneId ?? null,
  }));
}

export async function getStrategyView(
  db: Queryable,
  project: string,
  name: string,
  environment: string,
  strategyId: string,
): Promise<FeatureStrategy> {
  await findFeatureInProject(db, project, name);
  const strategy: StrategyRow | undefined = await getStrategyById(db, strategyId);
  if (!strategy || strategy.featureName !== name || strategy.environment !== environment) {
    throw notFound(`Could not find strategy with id: ${strategyId}`);
  }
  return toFeatureStrategy(strategy);
}

export async function getEnvironmentVariants(
  db: Queryable,
  project: string,
  name: string,
  environment: string,
): Promise<Variant[]> {
  const feature = await findFeatureInProject(db, project, name);
  return (await requireEnvironmentState(db, feature, environment)).variants;
}

/** `GET /api/admin/projects/:projectId/features`: the project's active flags with their environments. */
export async function listProjectFeatures(db: Queryable, project: string) {
  const [features, environments, states] = await Promise.all([
    listActiveProjectFeatureRows(db, project),
    listEnvironmentsInOrder(db, project),
    listProjectFeatureStates(db, project),
  ]);
  // One query for every flag's tags (no query per flag); Unleash lists them as `{value, type}` only.
  const tags = await listTagsOfFeatures(
    db,
    features.map((feature) => feature.name),
  );
  const byFeature = new Map<string, typeof states>();
  for (const row of states) {
    const list = byFeature.get(row.feature_name) ?? [];
    list.push(row);
    byFeature.set(row.feature_name, list);
  }
  return features.map((feature) => ({
    name: feature.name,
    type: feature.type,
    description: feature.description,
    stale: feature.stale,
    favorite: false,
    impressionData: feature.impression_data,
    createdAt: feature.created_at.toISOString(),
    environments: environments.map((environment) => {
      const state = byFeature.get(feature.name)?.find((row) => row.environment === environment.name);
      return {
        name: environment.name,
        type: environment.type,
        enabled: state?.enabled ?? false,
        sortOrder: environment.sortOrder,
        variantCount: Number(state?.variant_count ?? 0),
        lastSeenAt: state?.last_seen_at?.toISOString() ?? null,
        hasStrategies: (state?.strategies ?? 0) > 0,
        hasEnabledStrategies: (state?.enabled_strategies ?? 0) > 0,
      };
    }),
    ...tagsOf(tags.get(feature.name)),
  }));
}

/** Unleash leaves `tags` out of a listed flag that has none. */
function tagsOf(tags: Tag[] | undefined): { tags?: Array<{ value: string; type: string }> } {
  return tags?.length ? { tags: tags.map(({ value, type }) => ({ value, type })) } : {};
}
