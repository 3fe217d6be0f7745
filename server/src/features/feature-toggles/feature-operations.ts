import type {
  CreateFeature,
  CreateFeatureStrategy,
  FeatureLink,
  FeatureStrategy,
  SetStrategySortOrder,
  UpdateFeatureStrategy,
  Variant,
} from '../../../contract';
import { compileRe2 } from '../../evaluation';
import { ApiError, invalidOperation, nameExists, notFound } from '../../lib/errors';
import { ulid } from '../../lib/ulid';
import { isUrlFriendly } from '../../lib/url-friendly';
import { invalidRequest, notUrlFriendly } from '../../lib/validation-errors';
import { exceedsLimit, validateConstraints } from '../constraints';
import { type Actor, appendEvent, type NewEvent, type Queryable } from '../events';
import { recordFlagArchived, recordFlagCreated, recordFlagRevived } from '../feature-lifecycle';
import { getProject, getProjectEnvironments, type ProjectRow } from '../projects';
import { getSegmentsByIds, segmentNotFound } from '../segments';
import { getStrategy } from '../strategies';
import { changeFeatureTags } from '../tags';
import {
  ARCHIVED_FLAG_EXISTS,
  compareStrategies,
  deleteFeatureRow,
  deleteStrategyRow,
  type FeatureRow,
  FLAG_EXISTS,
  featureData,
  getFeature,
  getFeatureEnvironment,
  getFeatureEnvironments,
  getStrategies,
  getStrategyById,
  insertFeature,
  insertFeatureEnvironments,
  insertStrategy,
  type StrategyRow,
  setFeatureEnvironmentEnabled,
  setFeatureEnvironmentVariants,
  setStrategySegments,
  strategyEventData,
  toFeatureStrategy,
  updateFeatureRow,
  updateStrategyRow,
} from './feature-store';
import { replaceGroupId, stringifyParameters, withFlexibleRolloutDefaults } from './strategy-rules';
import { normaliseVariants, validateVariantShapes } from './variant-rules';

/** What a PUT or PATCH of a flag may change. */
export interface FeatureChanges {
  name?: string;
  description?: string | null;
  type?: string;
  impressionData?: boolean;
  stale?: boolean;
}

/**
 * Every change to a flag as a typed, serialisable operation (issue 4). The REST routes build
 * them; change requests and scheduled releases will store them and apply them later through
 * the same `applyFeatureOperation`, which validates, writes and records the events inside the
 * caller's transaction, holding the flag's row lock so concurrent changes serialise.
 */
export type FeatureOperation =
  | { kind: 'create-feature'; project: string; feature: CreateFeature }
  | { kind: 'update-feature'; project: string; featureName: string; changes: FeatureChanges }
  | { kind: 'clone-feature'; project: string; featureName: string; name: string; replaceGroupId?: boolean }
  | { kind: 'set-feature-stale'; project: string; featureName: string; stale: boolean }
  | { kind: 'archive-feature'; project?: string; featureName: string }
  | { kind: 'archive-features'; project: string; featureNames: string[] }
  | { kind: 'revive-feature'; featureName: string }
  | { kind: 'delete-feature'; featureName: string }
  | {
      kind: 'set-feature-environment-enabled';
      project: string;
      featureName: string;
      environment: string;
      enabled: boolean;
      shouldActivateDisabledStrategies?: boolean;
    }
  | {
      kind: 'add-strategy';
      project: string;
      featureName: string;
      environment: string;
      strategy: CreateFeatureStrategy;
    }
  | {
      kind: 'update-strategy';
      project: string;
      featureName: string;
      environment: string;
      strategyId: string;
      strategy: UpdateFeatureStrategy;
    }
  | { kind: 'delete-strategy'; project: string; featureName: string; environment: string; strategyId: string }
  | {
      kind: 'reorder-strategies';
      project: string;
      featureName: string;
      environment: string;
      order: SetStrategySortOrder;
    }
  | {
      kind: 'set-strategy-segments';
      project: string;
      environment: string;
      strategyId: string;
      segmentIds: number[];
    }
  | {
      kind: 'set-environment-variants';
      project: string;
      featureName: string;
      environment: string;
      variants: Variant[];
    }
  | { kind: 'add-feature-link'; project: string; featureName: string; link: FeatureLink }
  | { kind: 'update-feature-link'; project: string; featureName: string; linkId: string; link: FeatureLink }
  | { kind: 'delete-feature-link'; project: string; featureName: string; linkId: string }
  | { kind: 'change-feature-project'; project: string; featureName: string; newProject: string };

type FeatureData = ReturnType<typeof featureData>;

export interface FeatureOperationResults {
  'create-feature': FeatureData;
  'update-feature': FeatureData;
  'clone-feature': FeatureData;
  'set-feature-stale': FeatureData;
  'archive-feature': undefined;
  'archive-features': undefined;
  'revive-feature': undefined;
  'delete-feature': undefined;
  'set-feature-environment-enabled': undefined;
  'add-strategy': FeatureStrategy;
  'update-strategy': FeatureStrategy;
  'delete-strategy': undefined;
  'reorder-strategies': undefined;
  'set-strategy-segments': FeatureStrategy;
  'set-environment-variants': Variant[];
  'add-feature-link': StoredLink;
  'update-feature-link': StoredLink;
  'delete-feature-link': undefined;
  'change-feature-project': FeatureData;
}

/** A link of a flag (to a ticket, a dashboard...), as the admin API shows it. */
export interface StoredLink {
  id: string;
  url: string;
  title: string | null;
  feature: string;
}

export const FEATURE_OPERATION_KINDS: ReadonlySet<string> = new Set<FeatureOperation['kind']>([
  'create-feature',
  'update-feature',
  'clone-feature',
  'set-feature-stale',
  'archive-feature',
  'archive-features',
  'revive-feature',
  'delete-feature',
  'set-feature-environment-enabled',
  'add-strategy',
  'update-strategy',
  'delete-strategy',
  'reorder-strategies',
  'set-strategy-segments',
  'set-environment-variants',
  'add-feature-link',
  'update-feature-link',
  'delete-feature-link',
  'change-feature-project',
]);

/** Unleash's resource limits for strategies (shared/unleash/API.md §6.2). */
export const STRATEGY_LIMITS = { strategiesPerEnvironment: 30, segmentsPerStrategy: 5 };
const MAX_NAME_LENGTH = 100;

export const featureNotInProject = (name: string, project: string, actual?: string) =>
  notFound(
    actual === undefined
      ? `There's no feature named "${name}" in project "${project}".`
      : `There's no feature named "${name}" in project "${project}", but there's a feature with that name in project "${actual}"`,
  );
const strategyNotFound = (id: string) => notFound(`Could not find strategy with id=${id}`);

/** Holds the project row in share mode: its environments cannot change while a flag of it changes. */
async function shareProject(db: Queryable, project: string): Promise<void> {
  await db.selectFrom('projects').select('id').where('id', '=', project).forShare().execute();
}

/**
 * The flag, locked for the rest of the transaction (and its project shared), checked to belong
 * to the project. Locks are taken flag first, then project, everywhere.
 */
async function lockFeature(db: Queryable, project: string | undefined, name: string): Promise<FeatureRow> {
  const feature = await getFeature(db, name, true);
  if (!feature) {
    throw project === undefined ? notFound('No feature flag found') : featureNotInProject(name, project);
  }
  if (project !== undefined && feature.project !== project) {
    throw featureNotInProject(name, project, feature.project);
  }
  await shareProject(db, feature.project);
  return feature;
}

async function activeProject(db: Queryable, id: string): Promise<ProjectRow> {
  await shareProject(db, id);
  const project = await getProject(db, id);
  if (!project || project.archivedAt) throw notFound(`Active project with id ${id} does not exist`);
  return project;
}

/** The checks a new flag name passes (create, clone, validate), in Unleash's order. */
export async function checkNewFeatureName(db: Queryable, name: string, project?: ProjectRow): Promise<void> {
  if (!isUrlFriendly(name) || name.length > MAX_NAME_LENGTH) throw notUrlFriendly('name', name);
  const existing = await getFeature(db, name);
  if (existing) throw nameExists(existing.archivedAt ? ARCHIVED_FLAG_EXISTS : FLAG_EXISTS);
  const pattern = project?.featureNaming.pattern;
  if (pattern) {
    const regex = compileRe2(`^(?:${pattern})$`, false);
    if (regex && !regex.test(name)) {
      const example = project?.featureNaming.example
        ? ` (for example "${project.featureNaming.example}")`
        : '';
      throw new ApiError(
        'PatternError',
        `The flag name "${name}" does not match the project's naming pattern "${pattern}"${example}.`,
      );
    }
  }
}

async function checkFeatureLimit(db: Queryable, project: ProjectRow): Promise<void> {
  if (project.featureLimit === null) return;
  const row = await db
    .selectFrom('features')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('project', '=', project.id)
    .where('archived_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(row.count) >= project.featureLimit) throw exceedsLimit('feature flag', project.featureLimit);
}

async function requireProjectEnvironment(db: Queryable, project: string, environment: string): Promise<void> {
  const environments = await getProjectEnvironments(db, project);
  if (!environments.some((row) => row.environment === environment)) {
    throw invalidRequest('You have not added the current environment to the project');
  }
}

async function checkSegments(db: Queryable, ids: readonly number[], project: string): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length > STRATEGY_LIMITS.segmentsPerStrategy) {
    throw exceedsLimit('strategy segments', STRATEGY_LIMITS.segmentsPerStrategy);
  }
  const found = await getSegmentsByIds(db, unique);
  for (const id of unique) {
    const segment = found.find((row) => row.id === id);
    if (!segment) throw segmentNotFound(id);
    if (segment.project && segment.project !== project) {
      throw invalidRequest(
        `The segment "${segment.name}" belongs to project ${segment.project} and cannot be used in ${project}`,
      );
    }
  }
}

/** Validates a strategy's content (definition, constraints, segments, variants) and returns it normalised. */
async function checkStrategyContent(
  db: Queryable,
  feature: FeatureRow,
  input: {
    name: string;
    constraints: StrategyRow['constraints'];
    variants: StrategyRow['variants'];
    segments: number[];
  },
): Promise<StrategyRow['variants']> {
  if (!(await getStrategy(db, input.name)))
    throw invalidRequest(`Could not find strategy type with name ${input.name}`);
  await validateConstraints(db, input.constraints);
  await checkSegments(db, input.segments, feature.project);
  validateVariantShapes(input.variants);
  return normaliseVariants(input.variants);
}

function event(
  actor: Actor,
  feature: Pick<FeatureRow, 'name' | 'project'>,
  fields: Omit<NewEvent, 'createdBy'>,
): NewEvent {
  return {
    createdBy: actor.name,
    createdByUserId: actor.userId,
    featureName: feature.name,
    project: feature.project,
    ...fields,
  };
}

async function insertNewStrategy(
  db: Queryable,
  actor: Actor,
  feature: FeatureRow,
  environment: string,
  input: CreateFeatureStrategy,
  stickiness: string,
): Promise<StrategyRow> {
  const existing = await getStrategies(db, feature.name, environment);
  if (existing.length >= STRATEGY_LIMITS.strategiesPerEnvironment) {
    throw exceedsLimit('strategy', STRATEGY_LIMITS.strategiesPerEnvironment);
  }
  const segments = input.segments ?? [];
  const variants = await checkStrategyContent(db, feature, {
    name: input.name,
    constraints: input.constraints ?? [],
    variants: input.variants ?? [],
    segments,
  });
  const row: StrategyRow = {
    id: ulid(),
    featureName: feature.name,
    projectName: feature.project,
    environment,
    strategyName: input.name,
    title: input.title ?? null,
    parameters: withFlexibleRolloutDefaults(input.name, stringifyParameters(input.parameters), {
      featureName: feature.name,
      stickiness,
    }),
    constraints: input.constraints ?? [],
    variants,
    sortOrder: input.sortOrder ?? (existing.length ? Math.max(...existing.map((s) => s.sortOrder)) + 1 : 0),
    disabled: input.disabled ?? false,
    segments: [...new Set(segments)].sort((a, b) => a - b),
  };
  await insertStrategy(db, row, actor.userId);
  await appendEvent(
    db,
    event(actor, feature, { type: 'feature-strategy-add', environment, data: strategyEventData(row) }),
  );
  return row;
}

/** Unleash turns an environment off when its last enabled strategy goes (API.md §6.2, measured). */
async function disableWhenNoEnabledStrategies(
  db: Queryable,
  actor: Actor,
  feature: FeatureRow,
  environment: string,
) {
  const state = await getFeatureEnvironment(db, feature.name, environment);
  if (!state?.enabled) return;
  const strategies = await getStrategies(db, feature.name, environment);
  if (strategies.some((strategy) => !strategy.disabled)) return;
  await setFeatureEnvironmentEnabled(db, feature.name, environment, false);
  await appendEvent(db, event(actor, feature, { type: 'feature-environment-disabled', environment }));
}

async function lockStrategy(
  db: Queryable,
  project: string,
  featureName: string,
  environment: string,
  strategyId: string,
): Promise<{ feature: FeatureRow; strategy: StrategyRow }> {
  const feature = await lockFeature(db, project, featureName);
  const strategy = await getStrategyById(db, strategyId);
  if (!strategy || strategy.featureName !== featureName || strategy.environment !== environment) {
    throw strategyNotFound(strategyId);
  }
  return { feature, strategy };
}

async function archiveFeatures(db: Queryable, actor: Actor, features: FeatureRow[]): Promise<void> {
  const names = features.map((feature) => feature.name);
  const children = await db
    .selectFrom('dependent_features as d')
    .innerJoin('features as f', 'f.name', 'd.child')
    .select(['d.parent', 'd.child'])
    .where('d.parent', 'in', names)
    .where('f.archived_at', 'is', null)
    .execute();
  if (children.some((row) => !names.includes(row.child))) {
    throw invalidOperation('You can not archive/delete this feature since other features depend on it.');
  }
  for (const feature of features) {
    if (feature.archivedAt) continue;
    const parents = await db
      .deleteFrom('dependent_features')
      .where('child', '=', feature.name)
      .returning('parent')
      .execute();
    if (parents.length > 0) {
      await appendEvent(
        db,
        event(actor, feature, { type: 'feature-dependencies-removed', preData: parents }),
      );
    }
    await updateFeatureRow(db, feature.name, { archivedAt: new Date() });
    await appendEvent(db, event(actor, feature, { type: 'feature-archived' }));
    await recordFlagArchived(db, feature.name);
  }
}

/** A link's URL must be absolute http(s); its domain is kept for display. */
function checkLink(link: FeatureLink): { url: string; title: string | null; domain: string } {
  let parsed: URL;
  try {
    parsed = new URL(link.url);
  } catch {
    throw invalidRequest(`"${link.url}" is not a valid URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw invalidRequest(`"${link.url}" is not a valid URL`);
  }
  return { url: link.url, title: link.title ?? null, domain: parsed.hostname };
}

async function lockLink(db: Queryable, project: string, featureName: string, linkId: string) {
  const feature = await lockFeature(db, project, featureName);
  const link = await db
    .selectFrom('feature_link')
    .select(['id', 'url', 'title', 'feature_name as feature'])
    .where('id', '=', linkId)
    .where('feature_name', '=', featureName)
    .executeTakeFirst();
  if (!link) throw notFound(`Could not find link with id ${linkId}`);
  return { feature, link };
}

export async function applyFeatureOperation<O extends FeatureOperation>(
  db: Queryable,
  operation: O,
  actor: Actor,
): Promise<FeatureOperationResults[O['kind']]> {
  type Result = FeatureOperationResults[O['kind']];
  const op = operation as FeatureOperation;
  switch (op.kind) {
    case 'create-feature': {
      const project = await activeProject(db, op.project);
      const input = op.feature;
      await checkNewFeatureName(db, input.name, project);
      await checkFeatureLimit(db, project);
      await insertFeature(db, {
        name: input.name,
        project: op.project,
        type: input.type ?? 'release',
        description: input.description ?? null,
        stale: false,
        impressionData: input.impressionData ?? false,
        createdBy: actor.name,
        createdByUserId: actor.userId,
      });
      const environments = await getProjectEnvironments(db, op.project);
      await insertFeatureEnvironments(db, input.name, environments);
      const created = (await getFeature(db, input.name))!;
      await appendEvent(db, event(actor, created, { type: 'feature-created', data: featureData(created) }));
      await recordFlagCreated(db, created.name);
      if (input.tags?.length) await changeFeatureTags(db, created, input.tags, [], actor);
      return featureData(created) as Result;
    }
    case 'update-feature': {
      const before = await lockFeature(db, op.project, op.featureName);
      if (op.changes.name !== undefined && op.changes.name !== op.featureName) {
        throw invalidRequest('Cannot change name of feature flag');
      }
      const changes = {
        ...(op.changes.description !== undefined ? { description: op.changes.description } : {}),
        ...(op.changes.type !== undefined ? { type: op.changes.type } : {}),
        ...(op.changes.impressionData !== undefined ? { impressionData: op.changes.impressionData } : {}),
        ...(op.changes.stale !== undefined ? { stale: op.changes.stale } : {}),
      };
      if (changes.type !== undefined) {
        const type = await db
          .selectFrom('feature_types')
          .select('id')
          .where('id', '=', changes.type)
          .executeTakeFirst();
        if (!type) throw invalidRequest(`Feature type ${changes.type} does not exist`);
      }
      await updateFeatureRow(db, op.featureName, changes);
      const after = (await getFeature(db, op.featureName))!;
      await appendEvent(
        db,
        event(actor, after, {
          type: 'feature-metadata-updated',
          data: featureData(after),
          preData: featureData(before),
        }),
      );
      if (before.stale !== after.stale) {
        await appendEvent(
          db,
          event(actor, after, { type: after.stale ? 'feature-stale-on' : 'feature-stale-off' }),
        );
      }
      return featureData(after) as Result;
    }
    case 'clone-feature': {
      const source = await lockFeature(db, op.project, op.featureName);
      const project = await activeProject(db, op.project);
      await checkNewFeatureName(db, op.name, project);
      await checkFeatureLimit(db, project);
      await insertFeature(db, {
        name: op.name,
        project: op.project,
        type: source.type,
        description: source.description,
        stale: source.stale,
        impressionData: source.impressionData,
        createdBy: actor.name,
        createdByUserId: actor.userId,
      });
      // Environments come along disabled, with their variants; strategies get new ids.
      const environments = await getFeatureEnvironments(db, source.name);
      const projectEnvironments = new Set(
        (await getProjectEnvironments(db, op.project)).map((row) => row.environment),
      );
      await insertFeatureEnvironments(
        db,
        op.name,
        environments
          .filter((row) => projectEnvironments.has(row.environment))
          .map((row) => ({ environment: row.environment, enabled: false, variants: row.variants })),
      );
      const clone = (await getFeature(db, op.name))!;
      await appendEvent(db, event(actor, clone, { type: 'feature-created', data: featureData(clone) }));
      await recordFlagCreated(db, clone.name);
      const parents = await db
        .selectFrom('dependent_features')
        .selectAll()
        .where('child', '=', source.name)
        .execute();
      for (const parent of parents) {
        await db
          .insertInto('dependent_features')
          .values({
            parent: parent.parent,
            child: op.name,
            enabled: parent.enabled,
            variants: JSON.stringify(parent.variants),
          })
          .execute();
        const data = { feature: parent.parent, enabled: parent.enabled, variants: parent.variants };
        await appendEvent(db, event(actor, clone, { type: 'feature-dependency-added', data }));
      }
      const strategies = (await getStrategies(db, source.name)).filter((row) =>
        projectEnvironments.has(row.environment),
      );
      for (const strategy of strategies) {
        const row: StrategyRow = {
          ...strategy,
          id: ulid(),
          featureName: op.name,
          projectName: op.project,
          parameters:
            op.replaceGroupId === false ? strategy.parameters : replaceGroupId(strategy.parameters, op.name),
          variants: normaliseVariants(strategy.variants),
        };
        await insertStrategy(db, row, actor.userId);
        await appendEvent(
          db,
          event(actor, clone, {
            type: 'feature-strategy-add',
            environment: row.environment,
            data: strategyEventData(row),
          }),
        );
      }
      return featureData(clone) as Result;
    }
    case 'set-feature-stale': {
      const before = await lockFeature(db, op.project, op.featureName);
      if (before.stale === op.stale) return featureData(before) as Result;
      await updateFeatureRow(db, op.featureName, { stale: op.stale });
      await appendEvent(
        db,
        event(actor, before, { type: op.stale ? 'feature-stale-on' : 'feature-stale-off' }),
      );
      return featureData({ ...before, stale: op.stale }) as Result;
    }
    case 'archive-feature': {
      const feature = await lockFeature(db, op.project, op.featureName);
      await archiveFeatures(db, actor, [feature]);
      return undefined as Result;
    }
    case 'archive-features': {
      // Locked in name order so that two batches over the same flags cannot deadlock.
      const features: FeatureRow[] = [];
      for (const name of [...new Set(op.featureNames)].sort())
        features.push(await lockFeature(db, op.project, name));
      await archiveFeatures(db, actor, features);
      return undefined as Result;
    }
    case 'revive-feature': {
      const feature = await lockFeature(db, undefined, op.featureName);
      if (!feature.archivedAt) return undefined as Result;
      const project = await getProject(db, feature.project);
      if (!project || project.archivedAt) {
        throw invalidOperation(
          `Cannot revive ${feature.name}: its project ${feature.project} is archived or gone.`,
        );
      }
      await updateFeatureRow(db, feature.name, { archivedAt: null });
      await appendEvent(db, event(actor, feature, { type: 'feature-revived' }));
      await recordFlagRevived(db, feature.name);
      return undefined as Result;
    }
    case 'delete-feature': {
      const feature = await getFeature(db, op.featureName, true);
      // Only archived flags are deleted; Unleash answers 200 for anything else too.
      if (!feature?.archivedAt) return undefined as Result;
      await deleteFeatureRow(db, feature.name);
      await appendEvent(
        db,
        event(actor, feature, { type: 'feature-deleted', preData: featureData(feature) }),
      );
      return undefined as Result;
    }
    case 'set-feature-environment-enabled': {
      const feature = await lockFeature(db, op.project, op.featureName);
      const state = await getFeatureEnvironment(db, feature.name, op.environment);
      if (!state) throw notFound(`Could not find environment ${op.environment} for feature: ${feature.name}`);
      if (!op.enabled) {
        if (state.enabled) {
          await setFeatureEnvironmentEnabled(db, feature.name, op.environment, false);
          await appendEvent(
            db,
            event(actor, feature, { type: 'feature-environment-disabled', environment: op.environment }),
          );
        }
        return undefined as Result;
      }
      const strategies = await getStrategies(db, feature.name, op.environment);
      if (op.shouldActivateDisabledStrategies) {
        for (const strategy of strategies.filter((row) => row.disabled)) {
          const after = { ...strategy, disabled: false };
          await updateStrategyRow(db, after);
          await appendEvent(
            db,
            event(actor, feature, {
              type: 'feature-strategy-update',
              environment: op.environment,
              data: strategyEventData(after),
              preData: strategyEventData(strategy),
            }),
          );
          strategy.disabled = false;
        }
      }
      // Turning on an environment without an active strategy adds the project's default one.
      if (!strategies.some((row) => !row.disabled)) {
        const project = await getProject(db, feature.project);
        const environments = await getProjectEnvironments(db, feature.project);
        const configured = environments.find((row) => row.environment === op.environment)?.defaultStrategy;
        const defaultStrategy: CreateFeatureStrategy = configured ?? {
          name: 'flexibleRollout',
          constraints: [],
          parameters: {
            rollout: '100',
            stickiness: project?.defaultStickiness ?? 'default',
            groupId: feature.name,
          },
        };
        await insertNewStrategy(
          db,
          actor,
          feature,
          op.environment,
          defaultStrategy,
          project?.defaultStickiness ?? 'default',
        );
      }
      if (!state.enabled) {
        await setFeatureEnvironmentEnabled(db, feature.name, op.environment, true);
        await appendEvent(
          db,
          event(actor, feature, { type: 'feature-environment-enabled', environment: op.environment }),
        );
      }
      return undefined as Result;
    }
    case 'add-strategy': {
      const feature = await lockFeature(db, op.project, op.featureName);
      await requireProjectEnvironment(db, op.project, op.environment);
      const project = await getProject(db, op.project);
      const row = await insertNewStrategy(
        db,
        actor,
        feature,
        op.environment,
        op.strategy,
        project?.defaultStickiness ?? 'default',
      );
      return toFeatureStrategy(row) as Result;
    }
    case 'update-strategy': {
      const { feature, strategy: before } = await lockStrategy(
        db,
        op.project,
        op.featureName,
        op.environment,
        op.strategyId,
      );
      const input = op.strategy;
      const name = input.name ?? before.strategyName;
      const segments = input.segments ?? before.segments;
      const variants = await checkStrategyContent(db, feature, {
        name,
        constraints: input.constraints ?? [],
        variants: input.variants ?? [],
        segments,
      });
      // A PUT replaces the strategy's content; its position and segments stay unless given.
      const after: StrategyRow = {
        ...before,
        strategyName: name,
        title: input.title === undefined ? before.title : input.title,
        parameters: stringifyParameters(input.parameters),
        constraints: input.constraints ?? [],
        variants,
        sortOrder: input.sortOrder ?? before.sortOrder,
        disabled: input.disabled ?? false,
        segments: [...new Set(segments)].sort((a, b) => a - b),
      };
      await updateStrategyRow(db, after);
      if (input.segments !== undefined) await setStrategySegments(db, after.id, after.segments);
      await appendEvent(
        db,
        event(actor, feature, {
          type: 'feature-strategy-update',
          environment: op.environment,
          data: strategyEventData(after),
          preData: strategyEventData(before),
        }),
      );
      await disableWhenNoEnabledStrategies(db, actor, feature, op.environment);
      return toFeatureStrategy(after) as Result;
    }
    case 'delete-strategy': {
      const { feature, strategy } = await lockStrategy(
        db,
        op.project,
        op.featureName,
        op.environment,
        op.strategyId,
      );
      await deleteStrategyRow(db, strategy.id);
      await disableWhenNoEnabledStrategies(db, actor, feature, op.environment);
      await appendEvent(
        db,
        event(actor, feature, {
          type: 'feature-strategy-remove',
          environment: op.environment,
          preData: strategyEventData(strategy),
        }),
      );
      return undefined as Result;
    }
    case 'reorder-strategies': {
      const feature = await lockFeature(db, op.project, op.featureName);
      const before = await getStrategies(db, feature.name, op.environment);
      const ids = new Set(before.map((row) => row.id));
      if (op.order.some((item) => !ids.has(item.id))) {
        throw invalidRequest('trying to change strategies for environment via update sortOrder');
      }
      const sortOrders = new Map(op.order.map((item) => [item.id, item.sortOrder]));
      const after = before.map((row) => ({ ...row, sortOrder: sortOrders.get(row.id) ?? row.sortOrder }));
      for (const row of after) {
        if (sortOrders.has(row.id)) {
          await db
            .updateTable('feature_strategies')
            .set({ sort_order: row.sortOrder })
            .where('id', '=', row.id)
            .execute();
        }
      }
      await appendEvent(
        db,
        event(actor, feature, {
          type: 'strategy-order-changed',
          environment: op.environment,
          data: { strategyIds: [...after].sort(compareStrategies).map((row) => row.id) },
          preData: { strategyIds: before.map((row) => row.id) },
        }),
      );
      return undefined as Result;
    }
    case 'set-strategy-segments': {
      const found = await getStrategyById(db, op.strategyId);
      if (!found || found.environment !== op.environment || found.projectName !== op.project) {
        throw strategyNotFound(op.strategyId);
      }
      const { feature, strategy: before } = await lockStrategy(
        db,
        op.project,
        found.featureName,
        op.environment,
        op.strategyId,
      );
      await checkSegments(db, op.segmentIds, feature.project);
      const after = { ...before, segments: [...new Set(op.segmentIds)].sort((a, b) => a - b) };
      await setStrategySegments(db, after.id, after.segments);
      await appendEvent(
        db,
        event(actor, feature, {
          type: 'feature-strategy-update',
          environment: op.environment,
          data: strategyEventData(after),
          preData: strategyEventData(before),
        }),
      );
      return toFeatureStrategy(after) as Result;
    }
    case 'set-environment-variants': {
      const feature = await lockFeature(db, op.project, op.featureName);
      const state = await getFeatureEnvironment(db, feature.name, op.environment);
      if (!state) throw notFound(`Could not find environment ${op.environment} for feature: ${feature.name}`);
      validateVariantShapes(op.variants);
      const variants = normaliseVariants(op.variants);
      await setFeatureEnvironmentVariants(db, feature.name, op.environment, variants);
      await appendEvent(
        db,
        event(actor, feature, {
          type: 'feature-environment-variants-updated',
          environment: op.environment,
          data: { variants },
          preData: { variants: state.variants },
        }),
      );
      return variants as Result;
    }
    case 'add-feature-link': {
      const feature = await lockFeature(db, op.project, op.featureName);
      const checked = checkLink(op.link);
      const link: StoredLink = { id: ulid(), url: checked.url, title: checked.title, feature: feature.name };
      await db
        .insertInto('feature_link')
        .values({
          id: link.id,
          feature_name: feature.name,
          url: link.url,
          title: link.title,
          domain: checked.domain,
        })
        .execute();
      await appendEvent(db, event(actor, feature, { type: 'feature-link-added', data: link }));
      return link as Result;
    }
    case 'update-feature-link': {
      const { feature, link: before } = await lockLink(db, op.project, op.featureName, op.linkId);
      const checked = checkLink(op.link);
      await db
        .updateTable('feature_link')
        .set({ url: checked.url, title: checked.title, domain: checked.domain })
        .where('id', '=', op.linkId)
        .execute();
      const after: StoredLink = { ...before, url: checked.url, title: checked.title };
      await appendEvent(
        db,
        event(actor, feature, { type: 'feature-link-updated', data: after, preData: before }),
      );
      return after as Result;
    }
    case 'delete-feature-link': {
      const { feature, link } = await lockLink(db, op.project, op.featureName, op.linkId);
      await db.deleteFrom('feature_link').where('id', '=', op.linkId).execute();
      await appendEvent(db, event(actor, feature, { type: 'feature-link-removed', preData: link }));
      return undefined as Result;
    }
    case 'change-feature-project': {
      const feature = await lockFeature(db, op.project, op.featureName);
      if (op.newProject === op.project) return featureData(feature) as Result;
      await activeProject(db, op.newProject);
      const linked = await db
        .selectFrom('dependent_features')
        .select('child')
        .where((eb) => eb.or([eb('child', '=', feature.name), eb('parent', '=', feature.name)]))
        .executeTakeFirst();
      if (linked) {
        throw invalidOperation(
          'A flag with dependencies (parents or children) cannot be moved to another project.',
        );
      }
      const scoped = await db
        .selectFrom('feature_strategy_segment as fss')
        .innerJoin('feature_strategies as fs', 'fs.id', 'fss.feature_strategy_id')
        .innerJoin('segments as s', 's.id', 'fss.segment_id')
        .select('s.name')
        .where('fs.feature_name', '=', feature.name)
        .where('s.segment_project_id', 'is not', null)
        .executeTakeFirst();
      if (scoped)
        throw invalidRequest(
          `The flag uses the project segment "${scoped.name}" and cannot leave its project.`,
        );
      await db
        .updateTable('features')
        .set({ project: op.newProject })
        .where('name', '=', feature.name)
        .execute();
      await db
        .updateTable('feature_strategies')
        .set({ project_name: op.newProject })
        .where('feature_name', '=', feature.name)
        .execute();
      // The flag follows the new project's environments: states elsewhere go, missing ones start disabled.
      const environments = (await getProjectEnvironments(db, op.newProject)).map((row) => row.environment);
      await db
        .deleteFrom('feature_strategies')
        .where('feature_name', '=', feature.name)
        .where('environment', 'not in', environments.length ? environments : [''])
        .execute();
      await db
        .deleteFrom('feature_environments')
        .where('feature_name', '=', feature.name)
        .where('environment', 'not in', environments.length ? environments : [''])
        .execute();
      await insertFeatureEnvironments(
        db,
        feature.name,
        environments.map((environment) => ({ environment })),
      );
      const moved = { ...feature, project: op.newProject };
      await appendEvent(
        db,
        event(actor, moved, {
          type: 'feature-project-change',
          data: { oldProject: op.project, newProject: op.newProject },
        }),
      );
      return featureData(moved) as Result;
    }
  }
}
