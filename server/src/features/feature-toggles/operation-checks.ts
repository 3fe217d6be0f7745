import type { Queryable } from '../../db/queryable';
import { compileRe2 } from '../../evaluation';
import { ApiError, nameExists, notFound } from '../../lib/errors';
import { isUrlFriendly } from '../../lib/url-friendly';
import { invalidRequest, notUrlFriendly } from '../../lib/validation-errors';
import { exceedsLimit, validateConstraints } from '../constraints';
import type { Actor, NewEvent } from '../events';
import { getProject, getProjectEnvironments, type ProjectRow } from '../projects';
import { getSegmentsByIds, segmentNotFound } from '../segments';
import { getStrategy } from '../strategies';
import { countActiveFeatures, shareProject } from './feature-relation-store';
import {
  ARCHIVED_FLAG_EXISTS,
  type FeatureRow,
  FLAG_EXISTS,
  getFeature,
  type StrategyRow,
} from './feature-store';
import { normaliseVariants, validateVariantShapes } from './variant-rules';

/**
 * Locks and checks shared by the flag, strategy and link operations: the flag and project
 * locks, name, limit, environment, segment and strategy-content rules, and the event shape.
 */

/** Unleash's resource limits for strategies (shared/unleash/API.md §6.2). */
export const STRATEGY_LIMITS = { strategiesPerEnvironment: 30, segmentsPerStrategy: 5 };
export const MAX_NAME_LENGTH = 100;

export const featureNotInProject = (name: string, project: string, actual?: string) =>
  notFound(
    actual === undefined
      ? `There's no feature named "${name}" in project "${project}".`
      : `There's no feature named "${name}" in project "${project}", but there's a feature with that name in project "${actual}"`,
  );
export const strategyNotFound = (id: string) => notFound(`Could not find strategy with id=${id}`);

/**
 * The flag, locked for the rest of the transaction (and its project shared), checked to belong
 * to the project. Locks are taken flag first, then project, everywhere.
 */
export async function lockFeature(
  db: Queryable,
  project: string | undefined,
  name: string,
): Promise<FeatureRow> {
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

export async function activeProject(db: Queryable, id: string): Promise<ProjectRow> {
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
  checkNamingPattern(name, project);
}

/** The name rules that need no database: URL-friendly, length, the project's naming pattern. */
export function checkNewFeatureNameShape(name: string, project?: ProjectRow): void {
  if (!isUrlFriendly(name) || name.length > MAX_NAME_LENGTH) throw notUrlFriendly('name', name);
  checkNamingPattern(name, project);
}

function checkNamingPattern(name: string, project?: ProjectRow): void {
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

export async function checkFeatureLimit(db: Queryable, project: ProjectRow): Promise<void> {
  if (project.featureLimit === null) return;
  if ((await countActiveFeatures(db, project.id)) >= project.featureLimit)
    throw exceedsLimit('feature flag', project.featureLimit);
}

export async function requireProjectEnvironment(
  db: Queryable,
  project: string,
  environment: string,
): Promise<void> {
  const environments = await getProjectEnvironments(db, project);
  if (!environments.some((row) => row.environment === environment)) {
    throw invalidRequest('You have not added the current environment to the project');
  }
}

/** `project` null: the owner is in no project (a release template), so project segments are refused. */
export async function checkSegments(
  db: Queryable,
  ids: readonly number[],
  project: string | null,
): Promise<void> {
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
        `The segment "${segment.name}" belongs to project ${segment.project} and cannot be used ${project === null ? 'outside it' : `in ${project}`}`,
      );
    }
  }
}

/**
 * Validates a strategy's content (definition, constraints, segments, variants) and returns it
 * normalised. Release-template milestone strategies go through it too, with no project.
 */
export async function checkStrategyContent(
  db: Queryable,
  feature: { project: string | null },
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

export function event(
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

/** A flag's name and project, as notifications name it. */
export function flagOf(feature: Pick<FeatureRow, 'name' | 'project'>): {
  featureName: string;
  project: string;
} {
  return { featureName: feature.name, project: feature.project };
}
