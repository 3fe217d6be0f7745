import type { CreateFeature, FeatureLink, Patches, UpdateFeature } from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import { applyJsonPatch, type PatchOperation } from '../../lib/json-patch';
import type { Actor } from '../events';
import type { FeatureChanges } from './feature-operation-types';
import type { FeatureApply } from './feature-service-types';
import { featureData, getFeature, getFeatures } from './feature-store';
import { featureNotInProject } from './operation-checks';

async function existingInProject(
  trx: Queryable,
  project: string,
  names: readonly string[],
): Promise<string[]> {
  const rows = await getFeatures(trx, names);
  return rows.filter((row) => row.project === project).map((row) => row.name);
}

/** One flag: create, update, patch, clone, archive, revive, delete. */
function createFlagWriteService(db: Db, { apply, applyIn }: FeatureApply) {
  return {
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
        return applyIn(trx, { kind: 'update-feature', project, featureName, changes }, actor);
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
  };
}

/** Several flags of a project at once, and a flag's links and project. */
function createFlagBatchService(db: Db, { apply, applyIn }: FeatureApply) {
  return {
    /** Stale on/off for many flags; names not in the project are skipped, as Unleash does. */
    setStale: (project: string, names: string[], stale: boolean, actor: Actor) =>
      inTransaction(db, async (trx) => {
        for (const featureName of (await existingInProject(trx, project, names)).sort()) {
          await applyIn(trx, { kind: 'set-feature-stale', project, featureName, stale }, actor);
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
          await applyIn(trx, { kind: 'revive-feature', featureName }, actor);
        }
      }),

    deleteMany: (project: string, names: string[], actor: Actor) =>
      inTransaction(db, async (trx) => {
        for (const featureName of (await existingInProject(trx, project, names)).sort()) {
          await applyIn(trx, { kind: 'delete-feature', featureName }, actor);
        }
      }),
  };
}

/** The writes on flags themselves: create, update, clone, stale, archive, revive, delete, links, move. */
export function createFeatureLifecycleService(db: Db, operations: FeatureApply) {
  return {
    ...createFlagWriteService(db, operations),
    ...createFlagBatchService(db, operations),
  };
}
