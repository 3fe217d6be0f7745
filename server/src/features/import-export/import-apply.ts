import type {
  ChangeRequestCreate,
  CreateFeature,
  CreateFeatureStrategy,
  ExportResult,
  ImportSummary,
} from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { draftChangesInTransaction } from '../change-requests';
import { type Actor, appendEvent } from '../events';
import { type BulkNewFeature, canCreateInBulk, createFeaturesInBulk } from '../feature-toggles';
import { type AdminOperation, applyAdminOperation } from '../operations';
import type { FlagPlan, ImportPlan, PlannedStrategy } from './import-plan';

/**
 * Applies an import plan inside the caller's transaction, through the flag model's own
 * operations (each validates, writes and records its event), in Unleash's order: definitions
 * (context fields, tag types, segments), flags, their environment, tags and links, then
 * dependencies once every flag exists. When the environment requires change requests the
 * environment changes and dependencies go into the caller's draft instead.
 */

export interface ImportTarget {
  project: string;
  environment: string;
}

function strategyInput(strategy: PlannedStrategy, segmentIds: Map<string, number>): CreateFeatureStrategy {
  const { segmentNames, ...rest } = strategy;
  return { ...rest, segments: segmentNames.map((name) => segmentIds.get(name) ?? -1) };
}

function flagOperations(flag: FlagPlan, target: ImportTarget, createdInBulk: boolean): AdminOperation[] {
  const { project } = target;
  const featureName = flag.name;
  const ops: AdminOperation[] = [];
  if (flag.create && !createdInBulk) {
    const feature = { name: featureName, ...flag.create } as unknown as CreateFeature;
    ops.push({ kind: 'create-feature', project, feature });
  }
  if (flag.metadata) {
    ops.push({ kind: 'update-feature', project, featureName, changes: flag.metadata });
  }
  if (flag.stale !== undefined)
    ops.push({ kind: 'set-feature-stale', project, featureName, stale: flag.stale });
  if (flag.tags && !createdInBulk) {
    ops.push({
      kind: 'update-feature-tags',
      featureName,
      addedTags: flag.tags.added,
      removedTags: flag.tags.removed,
    });
  }
  for (const linkId of flag.links?.removeIds ?? []) {
    ops.push({ kind: 'delete-feature-link', project, featureName, linkId });
  }
  for (const link of flag.links?.add ?? []) {
    ops.push({ kind: 'add-feature-link', project, featureName, link: { url: link.url, title: link.title } });
  }
  return ops;
}

function environmentOperations(
  flag: FlagPlan,
  target: ImportTarget,
  segmentIds: Map<string, number>,
): AdminOperation[] {
  const { project, environment } = target;
  const featureName = flag.name;
  const ops: AdminOperation[] = [];
  for (const strategyId of flag.replaceStrategies?.deleteIds ?? []) {
    ops.push({ kind: 'delete-strategy', project, featureName, environment, strategyId });
  }
  for (const strategy of flag.replaceStrategies?.add ?? []) {
    ops.push({
      kind: 'add-strategy',
      project,
      featureName,
      environment,
      strategy: strategyInput(strategy, segmentIds),
    });
  }
  if (flag.variants)
    ops.push({
      kind: 'set-environment-variants',
      project,
      featureName,
      environment,
      variants: flag.variants,
    });
  if (flag.enabled !== undefined) {
    ops.push({
      kind: 'set-feature-environment-enabled',
      project,
      featureName,
      environment,
      enabled: flag.enabled,
    });
  }
  return ops;
}

function environmentChanges(flag: FlagPlan, segmentIds: Map<string, number>): ChangeRequestCreate[] {
  const feature = flag.name;
  const changes: ChangeRequestCreate[] = [];
  for (const id of flag.replaceStrategies?.deleteIds ?? [])
    changes.push({ feature, action: 'deleteStrategy', payload: { id } });
  for (const strategy of flag.replaceStrategies?.add ?? []) {
    changes.push({ feature, action: 'addStrategy', payload: strategyInput(strategy, segmentIds) });
  }
  if (flag.variants) changes.push({ feature, action: 'patchVariant', payload: { variants: flag.variants } });
  if (flag.enabled !== undefined)
    changes.push({ feature, action: 'updateEnabled', payload: { enabled: flag.enabled } });
  return changes;
}

function dependencyOperations(flag: FlagPlan, target: ImportTarget): AdminOperation[] {
  if (!flag.dependencies) return [];
  const ops: AdminOperation[] = [];
  if (flag.dependencies.remove.length)
    ops.push({ kind: 'delete-dependencies', project: target.project, child: flag.name });
  for (const dependency of flag.dependencies.add) {
    ops.push({ kind: 'add-dependency', project: target.project, child: flag.name, dependency });
  }
  return ops;
}

function dependencyChanges(flag: FlagPlan): ChangeRequestCreate[] {
  if (!flag.dependencies) return [];
  const changes: ChangeRequestCreate[] = [];
  if (flag.dependencies.remove.length)
    changes.push({ feature: flag.name, action: 'deleteDependency', payload: {} });
  for (const dependency of flag.dependencies.add) {
    changes.push({ feature: flag.name, action: 'addDependency', payload: dependency });
  }
  return changes;
}

function bulkable(flag: FlagPlan): boolean {
  return (
    flag.create !== undefined &&
    canCreateInBulk({ enabled: flag.enabled ?? false, strategies: flag.replaceStrategies?.add ?? [] })
  );
}

function toBulkFeature(flag: FlagPlan, segmentIds: Map<string, number>): BulkNewFeature {
  const create = flag.create!;
  return {
    name: flag.name,
    type: create.type,
    description: create.description,
    impressionData: create.impressionData,
    enabled: flag.enabled ?? false,
    variants: flag.variants ?? [],
    strategies: (flag.replaceStrategies?.add ?? []).map((strategy) => strategyInput(strategy, segmentIds)),
    tags: flag.tags?.added ?? [],
  };
}

const PART_NAMES: Array<[keyof FlagPlan, string]> = [
  ['metadata', 'type, description or impression data'],
  ['stale', 'stale'],
  ['enabled', 'enabled'],
  ['replaceStrategies', 'strategies'],
  ['variants', 'variants'],
  ['tags', 'tags'],
  ['dependencies', 'dependencies'],
  ['links', 'links'],
];

function changedParts(flag: FlagPlan): string[] {
  return PART_NAMES.filter(([key]) => flag[key] !== undefined).map(([, label]) => label);
}

/** What the import did, by name: Switchyard's answer beyond Unleash's empty 200. */
export function summarise(plan: ImportPlan, file: ExportResult): ImportSummary {
  const fieldNames = (file.contextFields ?? []).map((field) => field.name);
  return {
    features: {
      created: plan.flags.filter((flag) => flag.outcome === 'created').map((flag) => flag.name),
      changed: plan.flags.filter((flag) => flag.outcome === 'changed').map((flag) => flag.name),
      unchanged: plan.flags.filter((flag) => flag.outcome === 'unchanged').map((flag) => flag.name),
    },
    contextFields: {
      created: plan.contextFieldsToCreate.map((field) => field.name),
      changed: [],
      unchanged: fieldNames.filter((name) => plan.contextFieldsUnchanged.includes(name)),
    },
    segments: {
      created: plan.segmentsToCreate.map((segment) => segment.name),
      changed: [],
      unchanged: plan.segmentsUnchanged,
    },
    tagTypes: {
      created: plan.tagTypesToCreate.map((tagType) => tagType.name),
      changed: [],
      unchanged: plan.tagTypesUnchanged,
    },
    skippedArchived: plan.skippedArchived,
    featureChanges: plan.flags
      .filter((flag) => flag.outcome === 'changed')
      .map((flag) => ({
        feature: flag.name,
        parts: changedParts(flag),
      })),
  };
}

/** Applies the plan; answers the change request holding the environment changes, if any. */
export async function applyImportPlan(
  db: Queryable,
  plan: ImportPlan,
  input: { target: ImportTarget; segmentIds: Map<string, number>; viaChangeRequest: boolean; actor: Actor },
): Promise<number | undefined> {
  const { target, actor } = input;
  const segmentIds = new Map(input.segmentIds);
  for (const field of plan.contextFieldsToCreate) {
    await applyAdminOperation(
      db,
      {
        kind: 'create-context-field',
        field: {
          name: field.name,
          ...(field.description ? { description: field.description } : {}),
          stickiness: field.stickiness ?? false,
          sortOrder: field.sortOrder ?? 0,
          legalValues: (field.legalValues ?? []).map((legal) => ({ ...legal })),
        },
      },
      actor,
    );
  }
  for (const tagType of plan.tagTypesToCreate) {
    await applyAdminOperation(
      db,
      {
        kind: 'create-tag-type',
        tagType: {
          name: tagType.name,
          ...(tagType.description ? { description: tagType.description } : {}),
          ...(tagType.icon !== undefined ? { icon: tagType.icon } : {}),
          ...(tagType.color !== undefined ? { color: tagType.color } : {}),
        },
      },
      actor,
    );
  }
  for (const segment of plan.segmentsToCreate) {
    const created = await applyAdminOperation(db, { kind: 'create-segment', segment }, actor);
    segmentIds.set(segment.name, created.id);
  }
  // New flags are written in multi-row statements (10,000 flags in one transaction, issue 18).
  const bulk = new Set(input.viaChangeRequest ? [] : plan.flags.filter((flag) => bulkable(flag)));
  await createFeaturesInBulk(
    db,
    { ...target, features: [...bulk].map((flag) => toBulkFeature(flag, segmentIds)) },
    actor,
  );
  const changes: ChangeRequestCreate[] = [];
  for (const flag of plan.flags) {
    const createdInBulk = bulk.has(flag);
    for (const op of flagOperations(flag, target, createdInBulk)) await applyAdminOperation(db, op, actor);
    if (createdInBulk) continue;
    if (input.viaChangeRequest) changes.push(...environmentChanges(flag, segmentIds));
    else {
      for (const op of environmentOperations(flag, target, segmentIds))
        await applyAdminOperation(db, op, actor);
    }
  }
  for (const flag of plan.flags) {
    if (input.viaChangeRequest) changes.push(...dependencyChanges(flag));
    else for (const op of dependencyOperations(flag, target)) await applyAdminOperation(db, op, actor);
  }
  const changeRequestId = changes.length
    ? await draftChangesInTransaction(db, { ...target, changes, actor })
    : undefined;
  await appendEvent(db, {
    type: 'features-imported',
    createdBy: actor.name,
    createdByUserId: actor.userId,
    project: target.project,
    environment: target.environment,
  });
  return changeRequestId;
}
