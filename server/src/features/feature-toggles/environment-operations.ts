import type { CreateFeatureStrategy } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { type Actor, appendEvent } from '../events';
import { notifyProjectMembers } from '../notifications';
import { getProject, getProjectEnvironments } from '../projects';
import type { FlagEnvironmentExtensions } from './environment-extensions';
import type { FeatureOperationOf } from './feature-operation-types';
import {
  type FeatureRow,
  getStrategies,
  type StrategyRow,
  setFeatureEnvironmentEnabled,
  setFeatureEnvironmentVariants,
  strategyEventData,
  updateStrategyRow,
} from './feature-store';
import { event, flagOf, lockFeature } from './operation-checks';
import { insertNewStrategy, requireFeatureEnvironment } from './strategy-writes';
import { normaliseVariants, validateVariantShapes } from './variant-rules';

/**
 * The operations on a flag environment's own state: switching it on or off (with the release-plan
 * start and the default strategy) and its legacy variants, each under the flag's row lock.
 */

/** `shouldActivateDisabledStrategies`: every disabled strategy of the environment is enabled, with its event. */
async function activateDisabledStrategies(
  db: Queryable,
  actor: Actor,
  feature: FeatureRow,
  environment: string,
  strategies: StrategyRow[],
): Promise<void> {
  for (const strategy of strategies.filter((row) => row.disabled)) {
    const after = { ...strategy, disabled: false };
    await updateStrategyRow(db, after);
    await appendEvent(
      db,
      event(actor, feature, {
        type: 'feature-strategy-update',
        environment,
        data: strategyEventData(after),
        preData: strategyEventData(strategy),
      }),
    );
    strategy.disabled = false;
  }
}

/** Turning on an environment without an active strategy adds the project's default one. */
async function addDefaultStrategy(db: Queryable, actor: Actor, feature: FeatureRow, environment: string) {
  const project = await getProject(db, feature.project);
  const environments = await getProjectEnvironments(db, feature.project);
  const configured = environments.find((row) => row.environment === environment)?.defaultStrategy;
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
    environment,
    defaultStrategy,
    project?.defaultStickiness ?? 'default',
  );
}

async function switchOff(
  db: Queryable,
  actor: Actor,
  feature: FeatureRow,
  environment: string,
  enabled: boolean,
) {
  if (!enabled) return;
  await setFeatureEnvironmentEnabled(db, feature.name, environment, false);
  await appendEvent(db, event(actor, feature, { type: 'feature-environment-disabled', environment }));
}

export async function setEnvironmentEnabled(
  db: Queryable,
  op: FeatureOperationOf<'set-feature-environment-enabled'>,
  actor: Actor,
  extensions: FlagEnvironmentExtensions | null,
): Promise<undefined> {
  const feature = await lockFeature(db, op.project, op.featureName);
  const state = await requireFeatureEnvironment(db, feature, op.environment);
  if (!op.enabled) {
    await switchOff(db, actor, feature, op.environment, state.enabled);
    return undefined;
  }
  // A release plan waiting for this environment starts its first milestone (issue 31 §3).
  if (!state.enabled) {
    await extensions?.switchingOn(
      db,
      { project: feature.project, featureName: feature.name, environment: op.environment },
      actor,
    );
  }
  const strategies = await getStrategies(db, feature.name, op.environment);
  if (op.shouldActivateDisabledStrategies) {
    await activateDisabledStrategies(db, actor, feature, op.environment, strategies);
  }
  if (!strategies.some((row) => !row.disabled)) await addDefaultStrategy(db, actor, feature, op.environment);
  if (!state.enabled) {
    await setFeatureEnvironmentEnabled(db, feature.name, op.environment, true);
    const eventId = await appendEvent(
      db,
      event(actor, feature, { type: 'feature-environment-enabled', environment: op.environment }),
    );
    await notifyProjectMembers(db, {
      change: 'enabled',
      ...flagOf(feature),
      environment: op.environment,
      actor,
      eventId,
    });
  }
  return undefined;
}

export async function setEnvironmentVariants(
  db: Queryable,
  op: FeatureOperationOf<'set-environment-variants'>,
  actor: Actor,
) {
  const feature = await lockFeature(db, op.project, op.featureName);
  const state = await requireFeatureEnvironment(db, feature, op.environment);
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
  return variants;
}
