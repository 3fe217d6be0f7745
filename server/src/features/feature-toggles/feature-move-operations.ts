import type { Queryable } from '../../db/queryable';
import { invalidOperation } from '../../lib/errors';
import { ulid } from '../../lib/ulid';
import { invalidRequest } from '../../lib/validation-errors';
import { type Actor, appendEvent } from '../events';
import { recordFlagCreated } from '../feature-lifecycle';
import { notifyProjectMembers } from '../notifications';
import { getProjectEnvironments } from '../projects';
import type { FeatureOperationOf, FeatureOperationResults } from './feature-operation-types';
import {
  findProjectSegmentInUse,
  hasDependencyLinks,
  insertParentLink,
  listParentLinks,
  moveFeatureRows,
} from './feature-relation-store';
import {
  type FeatureRow,
  featureData,
  getFeature,
  getFeatureEnvironments,
  getStrategies,
  insertFeature,
  insertFeatureEnvironments,
  insertStrategy,
  type StrategyRow,
  strategyEventData,
} from './feature-store';
import {
  activeProject,
  checkFeatureLimit,
  checkNewFeatureName,
  event,
  flagOf,
  lockFeature,
} from './operation-checks';
import { replaceGroupId } from './strategy-rules';
import { normaliseVariants } from './variant-rules';

/** The operations that copy a flag (clone) or move it to another project, and the created flag's record. */

type FeatureData = FeatureOperationResults['create-feature'];

/** The created flag's event, notification and lifecycle stage, shared by create and clone. */
export async function recordCreated(db: Queryable, actor: Actor, created: FeatureRow): Promise<void> {
  const eventId = await appendEvent(
    db,
    event(actor, created, { type: 'feature-created', data: featureData(created) }),
  );
  await notifyProjectMembers(db, { change: 'created', ...flagOf(created), actor, eventId });
  await recordFlagCreated(db, created.name);
}

/** The clone's parents: the source's links, each with its event. */
async function cloneParentLinks(
  db: Queryable,
  actor: Actor,
  source: string,
  clone: FeatureRow,
): Promise<void> {
  for (const parent of await listParentLinks(db, source)) {
    await insertParentLink(db, { ...parent, child: clone.name });
    const data = { feature: parent.parent, enabled: parent.enabled, variants: parent.variants };
    await appendEvent(db, event(actor, clone, { type: 'feature-dependency-added', data }));
  }
}

/** The clone's strategies: the source's in the clone's environments, with new ids and events. */
async function cloneStrategies(
  db: Queryable,
  actor: Actor,
  op: FeatureOperationOf<'clone-feature'>,
  clone: FeatureRow,
  environments: ReadonlySet<string>,
): Promise<void> {
  const strategies = (await getStrategies(db, op.featureName)).filter((row) =>
    environments.has(row.environment),
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
}

export async function cloneFeature(
  db: Queryable,
  op: FeatureOperationOf<'clone-feature'>,
  actor: Actor,
): Promise<FeatureData> {
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
  await recordCreated(db, actor, clone);
  await cloneParentLinks(db, actor, source.name, clone);
  await cloneStrategies(db, actor, op, clone, projectEnvironments);
  return featureData(clone);
}

export async function changeFeatureProject(
  db: Queryable,
  op: FeatureOperationOf<'change-feature-project'>,
  actor: Actor,
): Promise<FeatureData> {
  const feature = await lockFeature(db, op.project, op.featureName);
  if (op.newProject === op.project) return featureData(feature);
  await activeProject(db, op.newProject);
  if (await hasDependencyLinks(db, feature.name)) {
    throw invalidOperation(
      'A flag with dependencies (parents or children) cannot be moved to another project.',
    );
  }
  const scoped = await findProjectSegmentInUse(db, feature.name);
  if (scoped !== undefined) {
    throw invalidRequest(`The flag uses the project segment "${scoped}" and cannot leave its project.`);
  }
  // The flag follows the new project's environments: states elsewhere go, missing ones start disabled.
  const environments = (await getProjectEnvironments(db, op.newProject)).map((row) => row.environment);
  await moveFeatureRows(db, feature.name, op.newProject, environments);
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
  return featureData(moved);
}
