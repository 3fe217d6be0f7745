import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import {
  type CreateFeature,
  type CreateFeatureStrategy,
  type FeatureLink,
  type Patches,
  type SetStrategySortOrder,
  type UpdateFeature,
  type UpdateFeatureStrategy,
  UpdateFeatureStrategySchema,
  type Variant,
  VariantsSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import { notFound } from '../../lib/errors';
import { applyJsonPatch, type PatchOperation } from '../../lib/json-patch';
import { invalidRequest } from '../../lib/validation-errors';
import type { Actor } from '../events';
import { getProject } from '../projects';
import type { FeatureChanges, FeatureOperation } from './feature-operation-types';
import { applyFeatureOperation } from './feature-operations';
import {
  findFeatureInProject,
  getEnvironmentVariants,
  getFeatureEnvironmentView,
  getFeatureView,
  getStrategyView,
  listProjectFeatures,
  listStrategiesView,
} from './feature-read-model';
import {
  featureData,
  getFeature,
  getFeatureEnvironment,
  getFeatures,
  getStrategyById,
  toFeatureStrategy,
} from './feature-store';
import { checkNewFeatureName, featureNotInProject } from './operation-checks';

export type FeatureService = ReturnType<typeof createFeatureService>;

/** A patched document must still be a valid request body: PATCH bypasses the route's schema check. */
function checkPatched(schema: TSchema, value: unknown): void {
  const first = Value.Errors(schema, value)[0];
  if (first)
    throw invalidRequest(`The patched value is invalid at ${first.instancePath || '/'}: ${first.message}`);
}

export function createFeatureService(db: Db) {
  const apply = <O extends FeatureOperation>(operation: O, actor: Actor) =>
    inTransaction(db, (trx) => applyFeatureOperation(trx, operation, actor));
  /** Several operations as one unit: all of them commit, or none. */
  const applyAll = (operations: FeatureOperation[], actor: Actor) =>
    inTransaction(db, async (trx) => {
      for (const operation of operations) await applyFeatureOperation(trx, operation, actor);
    });

  async function existingInProject(
    trx: Queryable,
    project: string,
    names: readonly string[],
  ): Promise<string[]> {
    const rows = await getFeatures(trx, names);
    return rows.filter((row) => row.project === project).map((row) => row.name);
  }

  return {
    apply,
    getFeature: (project: string, name: string) => getFeatureView(db, project, name),
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

    create: (project: string, feature: CreateFeature, actor: Actor) =>
      apply({ kind: 'create-feature', project, feature }, actor),

    update: (project: string, featureName: string, body: UpdateFeature, actor: Actor) => {
      const changes: FeatureChanges = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.type !== undefined ? { type: body.type } : {}),
        ...(body.impressionData !== undefined ? { impressionData: body.impressionData } : {}),
        ...(body.stale !== undefined ? { stale: body.stale } : {}),
      };
      return apply({ kind: 'update-feature', project, featureName, changes }, actor);
    },

    /** JSON Patch on the flag's metadata, read and written under the flag's lock. */
    patch: (project: string, featureName: string, patches: Patches, actor: Actor) =>
      inTransaction(db, async (trx) => {
        const current = await getFeature(trx, featureName, true);
        if (!current) throw featureNotInProject(featureName, project);
        if (current.project !== project) throw featureNotInProject(featureName, project, current.project);
        const patched = applyJsonPatch(featureData(current), patches as PatchOperation[]) as Record<
          string,
          unknown
        >;
        const changes: FeatureChanges = {};
        if (typeof patched.name === 'string') changes.name = patched.name;
        if (typeof patched.description === 'string' || patched.description === null) {
          changes.description = patched.description as string | null;
        }
        if (typeof patched.type === 'string') changes.type = patched.type;
        if (typeof patched.impressionData === 'boolean') changes.impressionData = patched.impressionData;
        if (typeof patched.stale === 'boolean') changes.stale = patched.stale;
        return applyFeatureOperation(trx, { kind: 'update-feature', project, featureName, changes }, actor);
      }),

    clone: (
      project: string,
      featureName: string,
      name: string,
      replaceGroupId: boolean | undefined,
      actor: Actor,
    ) =>
      apply(
        {
          kind: 'clone-feature',
          project,
          featureName,
          name,
          ...(replaceGroupId !== undefined ? { replaceGroupId } : {}),
        },
        actor,
      ),

    archive: (project: string, featureName: string, actor: Actor) =>
      apply({ kind: 'archive-feature', project, featureName }, actor),

    revive: (featureName: string, actor: Actor) => apply({ kind: 'revive-feature', featureName }, actor),

    deleteArchived: (featureName: string, actor: Actor) =>
      apply({ kind: 'delete-feature', featureName }, actor),

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
        return applyFeatureOperation(
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
        await trx
          .selectFrom('features')
          .select('name')
          .where('name', '=', featureName)
          .forNoKeyUpdate()
          .execute();
        const state = await getFeatureEnvironment(trx, featureName, environment);
        const patched = applyJsonPatch(state?.variants ?? [], patches as PatchOperation[]);
        checkPatched(VariantsSchema, patched);
        return applyFeatureOperation(
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
          result = await applyFeatureOperation(
            trx,
            { kind: 'set-environment-variants', project, featureName, environment, variants },
            actor,
          );
        }
        return result;
      }),

    /** Stale on/off for many flags; names not in the project are skipped, as Unleash does. */
    setStale: (project: string, names: string[], stale: boolean, actor: Actor) =>
      inTransaction(db, async (trx) => {
        for (const featureName of (await existingInProject(trx, project, names)).sort()) {
          await applyFeatureOperation(trx, { kind: 'set-feature-stale', project, featureName, stale }, actor);
        }
      }),

    addLink: (project: string, featureName: string, link: FeatureLink, actor: Actor) =>
      apply({ kind: 'add-feature-link', project, featureName, link }, actor),
    updateLink: (project: string, featureName: string, linkId: string, link: FeatureLink, actor: Actor) =>
      apply({ kind: 'update-feature-link', project, featureName, linkId, link }, actor),
    deleteLink: (project: string, featureName: string, linkId: string, actor: Actor) =>
      apply({ kind: 'delete-feature-link', project, featureName, linkId }, actor),
    changeProject: (project: string, featureName: string, newProject: string, actor: Actor) =>
      apply({ kind: 'change-feature-project', project, featureName, newProject }, actor),

    archiveMany: (project: string, featureNames: string[], actor: Actor) =>
      apply({ kind: 'archive-features', project, featureNames }, actor),

    reviveMany: (project: string, names: string[], actor: Actor) =>
      inTransaction(db, async (trx) => {
        for (const featureName of (await existingInProject(trx, project, names)).sort()) {
          await applyFeatureOperation(trx, { kind: 'revive-feature', featureName }, actor);
        }
      }),

    deleteMany: (project: string, names: string[], actor: Actor) =>
      inTransaction(db, async (trx) => {
        for (const featureName of (await existingInProject(trx, project, names)).sort()) {
          await applyFeatureOperation(trx, { kind: 'delete-feature', featureName }, actor);
        }
      }),

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

    /** What archiving these flags would break (`archive/validate`). */
    async validateArchive(project: string, names: string[]) {
      const rows = await db
        .selectFrom('dependent_features as d')
        .innerJoin('features as child', 'child.name', 'd.child')
        .innerJoin('features as parent', 'parent.name', 'd.parent')
        .select(['d.parent', 'd.child'])
        .where((eb) =>
          eb.or([
            eb('d.parent', 'in', names.length ? names : ['']),
            eb('d.child', 'in', names.length ? names : ['']),
          ]),
        )
        .where('parent.project', '=', project)
        .where('child.archived_at', 'is', null)
        .execute();
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
