import type { Queryable } from '../../db/queryable';
import { invalidOperation } from '../../lib/errors';
import { ulid } from '../../lib/ulid';
import { invalidRequest } from '../../lib/validation-errors';
import { type Actor, appendEvent, listEventTags } from '../events';
import { recordFlagArchived, recordFlagCreated, recordFlagRevived } from '../feature-lifecycle';
import { notifyProjectMembers } from '../notifications';
import { getProject, getProjectEnvironments } from '../projects';
import { changeFeatureTags } from '../tags';
import {
  type FeatureOperation,
  type FeatureOperationResults,
  LINK_OPERATION_KINDS,
  type LinkOperation,
  STRATEGY_OPERATION_KINDS,
  type StrategyOperation,
} from './feature-operation-types';
import {
  deleteFeatureRow,
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
  updateFeatureRow,
} from './feature-store';
import { applyLinkOperation } from './link-operations';
import {
  activeProject,
  checkFeatureLimit,
  checkNewFeatureName,
  event,
  flagOf,
  lockFeature,
} from './operation-checks';
import { applyStrategyOperation } from './strategy-operations';
import { replaceGroupId } from './strategy-rules';
import { normaliseVariants } from './variant-rules';

/**
 * Applies a flag operation (feature-operation-types.ts) inside the caller's transaction: the flag
 * lifecycle here (create, update, clone, stale, archive, revive, delete, move), environment and
 * strategy operations in strategy-operations.ts, links in link-operations.ts.
 */

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
    const eventId = await appendEvent(db, event(actor, feature, { type: 'feature-archived' }));
    await notifyProjectMembers(db, { change: 'archived', ...flagOf(feature), actor, eventId });
    await recordFlagArchived(db, feature.name);
  }
}

export async function applyFeatureOperation<O extends FeatureOperation>(
  db: Queryable,
  operation: O,
  actor: Actor,
): Promise<FeatureOperationResults[O['kind']]> {
  type Result = FeatureOperationResults[O['kind']];
  const op = operation as FeatureOperation;
  // Change requests may govern this write (issue 13: change-requests/direct-write-check.ts).
  await actor.checkDirectWrite?.(db, op);
  if (STRATEGY_OPERATION_KINDS.has(op.kind)) {
    return (await applyStrategyOperation(db, op as StrategyOperation, actor)) as Result;
  }
  if (LINK_OPERATION_KINDS.has(op.kind)) {
    return (await applyLinkOperation(db, op as LinkOperation, actor)) as Result;
  }
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
      const eventId = await appendEvent(
        db,
        event(actor, created, { type: 'feature-created', data: featureData(created) }),
      );
      await notifyProjectMembers(db, { change: 'created', ...flagOf(created), actor, eventId });
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
      const eventId = await appendEvent(
        db,
        event(actor, clone, { type: 'feature-created', data: featureData(clone) }),
      );
      await notifyProjectMembers(db, { change: 'created', ...flagOf(clone), actor, eventId });
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
      const tags = await listEventTags(db, feature.name);
      await deleteFeatureRow(db, feature.name);
      await appendEvent(
        db,
        event(actor, feature, { type: 'feature-deleted', preData: featureData(feature), tags }),
      );
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
  // The environment and link kinds returned above; every other kind has its case.
  throw new Error(`Unknown feature operation "${(op as { kind: string }).kind}"`);
}
