import type { Queryable } from '../../db/queryable';
import { invalidOperation } from '../../lib/errors';
import { invalidRequest } from '../../lib/validation-errors';
import { type Actor, appendEvent, listEventTags } from '../events';
import { recordFlagArchived, recordFlagRevived } from '../feature-lifecycle';
import { notifyProjectMembers } from '../notifications';
import { getProject, getProjectEnvironments } from '../projects';
import { changeFeatureTags } from '../tags';
import type { FlagEnvironmentExtensions } from './environment-extensions';
import { changeFeatureProject, cloneFeature, recordCreated } from './feature-move-operations';
import type {
  FeatureOperation,
  FeatureOperationOf,
  FeatureOperationResults,
  LinkOperationKind,
  StrategyOperationKind,
} from './feature-operation-types';
import { deleteParentLinks, featureTypeExists, listActiveChildLinks } from './feature-relation-store';
import {
  deleteFeatureRow,
  type FeatureRow,
  featureData,
  getFeature,
  insertFeature,
  insertFeatureEnvironments,
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

/**
 * Applies a flag operation (feature-operation-types.ts) inside the caller's transaction: one
 * handler per kind in `HANDLERS`; the flag lifecycle here (create, update, clone, stale, archive,
 * revive, delete; clone and move in feature-move-operations.ts), environment and strategy operations in strategy-operations.ts, links in
 * link-operations.ts.
 */

type Handler<K extends FeatureOperation['kind']> = (
  db: Queryable,
  op: FeatureOperationOf<K>,
  actor: Actor,
  extensions: FlagEnvironmentExtensions | null,
) => Promise<FeatureOperationResults[K]>;
type FeatureData = FeatureOperationResults['create-feature'];

async function archiveFeatures(db: Queryable, actor: Actor, features: FeatureRow[]): Promise<void> {
  const names = features.map((feature) => feature.name);
  const children = await listActiveChildLinks(db, names);
  if (children.some((row) => !names.includes(row.child))) {
    throw invalidOperation('You can not archive/delete this feature since other features depend on it.');
  }
  for (const feature of features) {
    if (feature.archivedAt) continue;
    const parents = await deleteParentLinks(db, feature.name);
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

async function createFeature(
  db: Queryable,
  op: FeatureOperationOf<'create-feature'>,
  actor: Actor,
): Promise<FeatureData> {
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
  await recordCreated(db, actor, created);
  if (input.tags?.length) await changeFeatureTags(db, created, input.tags, [], actor);
  return featureData(created);
}

async function updateFeature(
  db: Queryable,
  op: FeatureOperationOf<'update-feature'>,
  actor: Actor,
): Promise<FeatureData> {
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
  if (changes.type !== undefined && !(await featureTypeExists(db, changes.type))) {
    throw invalidRequest(`Feature type ${changes.type} does not exist`);
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
  return featureData(after);
}

async function setFeatureStale(
  db: Queryable,
  op: FeatureOperationOf<'set-feature-stale'>,
  actor: Actor,
): Promise<FeatureData> {
  const before = await lockFeature(db, op.project, op.featureName);
  if (before.stale === op.stale) return featureData(before);
  await updateFeatureRow(db, op.featureName, { stale: op.stale });
  await appendEvent(db, event(actor, before, { type: op.stale ? 'feature-stale-on' : 'feature-stale-off' }));
  return featureData({ ...before, stale: op.stale });
}

async function archiveFeature(
  db: Queryable,
  op: FeatureOperationOf<'archive-feature'>,
  actor: Actor,
): Promise<undefined> {
  const feature = await lockFeature(db, op.project, op.featureName);
  await archiveFeatures(db, actor, [feature]);
  return undefined;
}

async function archiveManyFeatures(
  db: Queryable,
  op: FeatureOperationOf<'archive-features'>,
  actor: Actor,
): Promise<undefined> {
  // Locked in name order so that two batches over the same flags cannot deadlock.
  const features: FeatureRow[] = [];
  for (const name of [...new Set(op.featureNames)].sort())
    features.push(await lockFeature(db, op.project, name));
  await archiveFeatures(db, actor, features);
  return undefined;
}

async function reviveFeature(
  db: Queryable,
  op: FeatureOperationOf<'revive-feature'>,
  actor: Actor,
): Promise<undefined> {
  const feature = await lockFeature(db, undefined, op.featureName);
  if (!feature.archivedAt) return undefined;
  const project = await getProject(db, feature.project);
  if (!project || project.archivedAt) {
    throw invalidOperation(
      `Cannot revive ${feature.name}: its project ${feature.project} is archived or gone.`,
    );
  }
  await updateFeatureRow(db, feature.name, { archivedAt: null });
  await appendEvent(db, event(actor, feature, { type: 'feature-revived' }));
  await recordFlagRevived(db, feature.name);
  return undefined;
}

async function deleteFeature(
  db: Queryable,
  op: FeatureOperationOf<'delete-feature'>,
  actor: Actor,
): Promise<undefined> {
  const feature = await getFeature(db, op.featureName, true);
  // Only archived flags are deleted; Unleash answers 200 for anything else too.
  if (!feature?.archivedAt) return undefined;
  const tags = await listEventTags(db, feature.name);
  await deleteFeatureRow(db, feature.name);
  await appendEvent(
    db,
    event(actor, feature, { type: 'feature-deleted', preData: featureData(feature), tags }),
  );
  return undefined;
}

const strategyHandler =
  <K extends StrategyOperationKind>(): Handler<K> =>
  async (db, op, actor, extensions) =>
    (await applyStrategyOperation(db, op, actor, extensions)) as FeatureOperationResults[K];
const linkHandler =
  <K extends LinkOperationKind>(): Handler<K> =>
  async (db, op, actor) =>
    (await applyLinkOperation(db, op, actor)) as FeatureOperationResults[K];

const HANDLERS: { [K in FeatureOperation['kind']]: Handler<K> } = {
  'create-feature': createFeature,
  'update-feature': updateFeature,
  'clone-feature': cloneFeature,
  'set-feature-stale': setFeatureStale,
  'archive-feature': archiveFeature,
  'archive-features': archiveManyFeatures,
  'revive-feature': reviveFeature,
  'delete-feature': deleteFeature,
  'change-feature-project': changeFeatureProject,
  'set-feature-environment-enabled': strategyHandler(),
  'add-strategy': strategyHandler(),
  'update-strategy': strategyHandler(),
  'delete-strategy': strategyHandler(),
  'reorder-strategies': strategyHandler(),
  'set-strategy-segments': strategyHandler(),
  'set-environment-variants': strategyHandler(),
  'add-feature-link': linkHandler(),
  'update-feature-link': linkHandler(),
  'delete-feature-link': linkHandler(),
};

/**
 * Applies a flag operation inside the caller's transaction. `extensions`: what release plans add
 * to a flag's environments (environment-extensions.ts), passed in by the caller (the admin routes'
 * service, the operations table); null applies the operation without them.
 */
export async function applyFeatureOperation<O extends FeatureOperation>(
  db: Queryable,
  operation: O,
  actor: Actor,
  extensions: FlagEnvironmentExtensions | null,
): Promise<FeatureOperationResults[O['kind']]> {
  const op = operation as FeatureOperation;
  // Change requests may govern this write (issue 13: change-requests/direct-write-check.ts).
  await actor.checkDirectWrite?.(db, op);
  const handler = HANDLERS[op.kind] as Handler<FeatureOperation['kind']> | undefined;
  if (!handler) throw new Error(`Unknown feature operation "${(op as { kind: string }).kind}"`);
  return (await handler(db, op as never, actor, extensions)) as FeatureOperationResults[O['kind']];
}
