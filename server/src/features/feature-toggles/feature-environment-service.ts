import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import {
  type CreateFeatureStrategy,
  type Patches,
  type SetStrategySortOrder,
  type UpdateFeatureStrategy,
  UpdateFeatureStrategySchema,
  type Variant,
  VariantsSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { notFound } from '../../lib/errors';
import { applyJsonPatch, type PatchOperation } from '../../lib/json-patch';
import { invalidRequest } from '../../lib/validation-errors';
import type { Actor } from '../events';
import type { FeatureOperation } from './feature-operation-types';
import { findFeatureInProject } from './feature-read-model';
import type { FeatureApply } from './feature-service-types';
import { getFeature, getFeatureEnvironment, getStrategyById, toFeatureStrategy } from './feature-store';

/** A patched document must still be a valid request body: PATCH bypasses the route's schema check. */
export function checkPatched(schema: TSchema, value: unknown): void {
  const first = Value.Errors(schema, value)[0];
  if (first)
    throw invalidRequest(`The patched value is invalid at ${first.instancePath || '/'}: ${first.message}`);
}

/** Turning environments on and off, for one flag or several as one unit. */
function createEnvironmentStateService(db: Db, { apply, applyIn }: FeatureApply) {
  /** Several operations as one unit: all of them commit, or none. */
  const applyAll = (operations: FeatureOperation[], actor: Actor) =>
    inTransaction(db, async (trx) => {
      for (const operation of operations) await applyIn(trx, operation, actor);
    });

  return {
    setEnvironmentEnabled: (
      project: string,
      featureName: string,
      environment: string,
      enabled: boolean,
      shouldActivateDisabledStrategies: boolean,
      actor: Actor,
    ) =>
      apply(
        {
          kind: 'set-feature-environment-enabled',
          project,
          featureName,
          environment,
          enabled,
          shouldActivateDisabledStrategies,
        },
        actor,
      ),
    bulkSetEnvironmentEnabled: (
      project: string,
      environment: string,
      names: string[],
      enabled: boolean,
      actor: Actor,
    ) =>
      applyAll(
        [...new Set(names)].sort().map((featureName) => ({
          kind: 'set-feature-environment-enabled',
          project,
          featureName,
          environment,
          enabled,
        })),
        actor,
      ),
  };
}

/** A flag environment's strategies: add, replace, patch, delete, reorder, segments. */
function createStrategyWriteService(db: Db, { apply, applyIn }: FeatureApply) {
  return {
    addStrategy: (
      project: string,
      featureName: string,
      environment: string,
      strategy: CreateFeatureStrategy,
      actor: Actor,
    ) => apply({ kind: 'add-strategy', project, featureName, environment, strategy }, actor),

    updateStrategy: (
      project: string,
      featureName: string,
      environment: string,
      strategyId: string,
      strategy: UpdateFeatureStrategy,
      actor: Actor,
    ) => apply({ kind: 'update-strategy', project, featureName, environment, strategyId, strategy }, actor),

    patchStrategy: (
      project: string,
      featureName: string,
      environment: string,
      strategyId: string,
      patches: Patches,
      actor: Actor,
    ) =>
      inTransaction(db, async (trx) => {
        await findFeatureInProject(trx, project, featureName);
        const current = await getStrategyById(trx, strategyId);
        if (!current || current.featureName !== featureName || current.environment !== environment) {
          throw notFound(`Could not find strategy with id=${strategyId}`);
        }
        const { id: _id, featureName: _name, ...document } = toFeatureStrategy(current);
        const patched = applyJsonPatch(document, patches as PatchOperation[]);
        checkPatched(UpdateFeatureStrategySchema, patched);
        return applyIn(
          trx,
          {
            kind: 'update-strategy',
            project,
            featureName,
            environment,
            strategyId,
            strategy: patched as UpdateFeatureStrategy,
          },
          actor,
        );
      }),

    deleteStrategy: (
      project: string,
      featureName: string,
      environment: string,
      strategyId: string,
      actor: Actor,
    ) => apply({ kind: 'delete-strategy', project, featureName, environment, strategyId }, actor),

    reorderStrategies: (
      project: string,
      featureName: string,
      environment: string,
      order: SetStrategySortOrder,
      actor: Actor,
    ) => apply({ kind: 'reorder-strategies', project, featureName, environment, order }, actor),

    setStrategySegments: (
      project: string,
      environment: string,
      strategyId: string,
      segmentIds: number[],
      actor: Actor,
    ) => apply({ kind: 'set-strategy-segments', project, environment, strategyId, segmentIds }, actor),
  };
}

/** A flag environment's legacy variants: replace, patch, and the same on several environments. */
function createVariantWriteService(db: Db, { apply, applyIn }: FeatureApply) {
  return {
    setVariants: (
      project: string,
      featureName: string,
      environment: string,
      variants: Variant[],
      actor: Actor,
    ) => apply({ kind: 'set-environment-variants', project, featureName, environment, variants }, actor),

    patchVariants: (
      project: string,
      featureName: string,
      environment: string,
      patches: Patches,
      actor: Actor,
    ) =>
      inTransaction(db, async (trx) => {
        await findFeatureInProject(trx, project, featureName);
        await getFeature(trx, featureName, true);
        const state = await getFeatureEnvironment(trx, featureName, environment);
        const patched = applyJsonPatch(state?.variants ?? [], patches as PatchOperation[]);
        checkPatched(VariantsSchema, patched);
        return applyIn(
          trx,
          { kind: 'set-environment-variants', project, featureName, environment, variants: patched },
          actor,
        );
      }),

    /** `variants-batch`: the same variants on several environments at once. */
    setVariantsOnEnvironments: (
      project: string,
      featureName: string,
      environments: string[],
      variants: Variant[],
      actor: Actor,
    ) =>
      inTransaction(db, async (trx) => {
        let result: Variant[] = [];
        for (const environment of environments) {
          result = await applyIn(
            trx,
            { kind: 'set-environment-variants', project, featureName, environment, variants },
            actor,
          );
        }
        return result;
      }),
  };
}

/** The writes on a flag's environments: on/off, strategies, segments and variants. */
export function createFeatureEnvironmentService(db: Db, operations: FeatureApply) {
  return {
    ...createEnvironmentStateService(db, operations),
    ...createStrategyWriteService(db, operations),
    ...createVariantWriteService(db, operations),
  };
}
