import type { CreateFeatureStrategy } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { notFound } from '../../lib/errors';
import { ulid } from '../../lib/ulid';
import { invalidRequest } from '../../lib/validation-errors';
import { exceedsLimit, withDefaultValues } from '../constraints';
import { type Actor, appendEvent } from '../events';
import { notifyProjectMembers } from '../notifications';
import { getProject, getProjectEnvironments } from '../projects';
import { flagEnvironmentExtensions } from './environment-extensions';
import type { StrategyOperation } from './feature-operation-types';
import {
  compareStrategies,
  deleteStrategyRow,
  type FeatureRow,
  getFeatureEnvironment,
  getStrategies,
  getStrategyById,
  insertStrategy,
  type StrategyRow,
  setFeatureEnvironmentEnabled,
  setFeatureEnvironmentVariants,
  setStrategySegments,
  strategyEventData,
  toFeatureStrategy,
  updateStrategyRow,
} from './feature-store';
import {
  checkSegments,
  checkStrategyContent,
  event,
  flagOf,
  lockFeature,
  requireProjectEnvironment,
  STRATEGY_LIMITS,
  strategyNotFound,
} from './operation-checks';
import { stringifyParameters, withFlexibleRolloutDefaults } from './strategy-rules';
import { normaliseVariants, validateVariantShapes } from './variant-rules';

/**
 * The operations on a flag's environments (on/off, strategies, variants), applied inside the
 * caller's transaction under the flag's row lock, with their events.
 */

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
    constraints: (input.constraints ?? []).map(withDefaultValues),
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

export async function applyStrategyOperation(
  db: Queryable,
  op: StrategyOperation,
  actor: Actor,
): Promise<unknown> {
  switch (op.kind) {
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
        return undefined;
      }
      // A release plan waiting for this environment starts its first milestone (issue 31 §3).
      if (!state.enabled) {
        await flagEnvironmentExtensions()?.switchingOn(
          db,
          { project: feature.project, featureName: feature.name, environment: op.environment },
          actor,
        );
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
      return toFeatureStrategy(row);
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
        constraints: (input.constraints ?? []).map(withDefaultValues),
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
      return toFeatureStrategy(after);
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
      return undefined;
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
      return undefined;
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
      return toFeatureStrategy(after);
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
      return variants;
    }
  }
}
