import type { ChangeRequestCreate, Permission } from '../../../contract';
import type { AdminOperation } from '../operations';
import { type CurrentFlag, type StateFlag, sameContent } from './flags-as-code-rules';

/**
 * Pure: the admin operations that carry one flag from its current state to the desired one
 * (issue 36 §2), the same operations REST and change requests apply. Strategies of an
 * environment are replaced as a whole when their ordered content differs.
 */

const tagOf = (tag: string) => {
  const at = tag.indexOf(':');
  return { type: tag.slice(0, at), value: tag.slice(at + 1) };
};

/** Type, description, impression data, tags and dependencies. */
export function metadataSteps(project: string, desired: StateFlag, current: StateFlag): AdminOperation[] {
  const steps: AdminOperation[] = [];
  const featureName = desired.name;
  const changes: { type?: string; description?: string | null; impressionData?: boolean } = {};
  if (desired.type !== current.type) changes.type = desired.type;
  if (desired.description !== current.description) changes.description = desired.description;
  if (desired.impressionData !== current.impressionData) changes.impressionData = desired.impressionData;
  if (Object.keys(changes).length > 0) steps.push({ kind: 'update-feature', project, featureName, changes });
  const addedTags = desired.tags.filter((tag) => !current.tags.includes(tag)).map(tagOf);
  const removedTags = current.tags.filter((tag) => !desired.tags.includes(tag)).map(tagOf);
  if (addedTags.length || removedTags.length) {
    steps.push({ kind: 'update-feature-tags', featureName, addedTags, removedTags });
  }
  const wanted = new Map(desired.dependencies.map((dependency) => [dependency.feature, dependency]));
  for (const dependency of current.dependencies) {
    if (!wanted.has(dependency.feature)) {
      steps.push({ kind: 'delete-dependency', project, child: featureName, parent: dependency.feature });
    }
  }
  for (const dependency of desired.dependencies) {
    const existing = current.dependencies.find((item) => item.feature === dependency.feature);
    if (!existing || !sameContent(existing, dependency)) {
      steps.push({ kind: 'add-dependency', project, child: featureName, dependency });
    }
  }
  return steps;
}

/** Replaces the strategies of each environment whose ordered strategies differ. */
export function strategySteps(
  project: string,
  desired: StateFlag,
  current: CurrentFlag,
  segmentIds: ReadonlyMap<string, number>,
): AdminOperation[] {
  const steps: AdminOperation[] = [];
  const featureName = desired.name;
  for (const [environment, wanted] of Object.entries(desired.environments)) {
    const existing = current.environments[environment];
    if (existing && sameContent(existing.strategies, wanted.strategies)) continue;
    for (const strategyId of current.strategyIds[environment] ?? []) {
      steps.push({ kind: 'delete-strategy', project, featureName, environment, strategyId });
    }
    wanted.strategies.forEach((strategy, sortOrder) => {
      steps.push({
        kind: 'add-strategy',
        project,
        featureName,
        environment,
        strategy: {
          name: strategy.name,
          title: strategy.title,
          parameters: strategy.parameters,
          constraints: strategy.constraints,
          variants: strategy.variants,
          disabled: strategy.disabled,
          sortOrder,
          segments: strategy.segments.map((name) => segmentIds.get(name) ?? -1),
        },
      });
    });
  }
  return steps;
}

/** On/off and variants of each environment, once its strategies are in place. */
export function environmentSteps(
  project: string,
  desired: StateFlag,
  current: CurrentFlag,
): AdminOperation[] {
  const steps: AdminOperation[] = [];
  const featureName = desired.name;
  for (const [environment, wanted] of Object.entries(desired.environments)) {
    const existing = current.environments[environment];
    if (!sameContent(existing?.variants ?? [], wanted.variants)) {
      steps.push({
        kind: 'set-environment-variants',
        project,
        featureName,
        environment,
        variants: wanted.variants,
      });
    }
    if (existing?.enabled !== wanted.enabled) {
      steps.push({
        kind: 'set-feature-environment-enabled',
        project,
        featureName,
        environment,
        enabled: wanted.enabled,
      });
    }
  }
  return steps;
}

/** The permission an operation needs, and where (the same as its REST route declares). */
export function permissionOf(operation: AdminOperation): { permission: Permission; environment?: string } {
  const environment =
    'environment' in operation && typeof operation.environment === 'string'
      ? operation.environment
      : undefined;
  const at = (permission: Permission) => (environment ? { permission, environment } : { permission });
  switch (operation.kind) {
    case 'create-feature':
      return at('CREATE_FEATURE');
    case 'archive-feature':
      return at('DELETE_FEATURE');
    case 'add-strategy':
      return at('CREATE_FEATURE_STRATEGY');
    case 'delete-strategy':
      return at('DELETE_FEATURE_STRATEGY');
    case 'set-feature-environment-enabled':
      return at('UPDATE_FEATURE_ENVIRONMENT');
    case 'set-environment-variants':
      return at('UPDATE_FEATURE_ENVIRONMENT_VARIANTS');
    case 'add-dependency':
    case 'delete-dependency':
      return at('UPDATE_FEATURE_DEPENDENCY');
    default:
      return at('UPDATE_FEATURE');
  }
}

/** The flag with only these environments (the others are handled apart). */
export function withEnvironments(flag: StateFlag, names: ReadonlySet<string>, keep: boolean): StateFlag {
  const environments = Object.fromEntries(
    Object.entries(flag.environments).filter(([name]) => names.has(name) === keep),
  );
  return { ...flag, environments };
}

/**
 * The environment changes of one governed environment as change-request changes (the actions
 * the console drafts), applied later by the same operations. When its strategies are replaced
 * the on/off state is stated too: removing the last strategy turns an environment off.
 */
export function changeRequestChanges(
  project: string,
  desired: StateFlag,
  current: CurrentFlag,
  environment: string,
  segmentIds: ReadonlyMap<string, number>,
): ChangeRequestCreate[] {
  const only = withEnvironments(desired, new Set([environment]), true);
  const feature = desired.name;
  const changes: ChangeRequestCreate[] = [];
  const strategies = strategySteps(project, only, current, segmentIds);
  for (const step of strategies) {
    if (step.kind === 'delete-strategy')
      changes.push({ feature, action: 'deleteStrategy', payload: { id: step.strategyId } });
    if (step.kind === 'add-strategy')
      changes.push({ feature, action: 'addStrategy', payload: step.strategy });
  }
  const wanted = only.environments[environment];
  for (const step of environmentSteps(project, only, current)) {
    if (step.kind === 'set-environment-variants') {
      changes.push({ feature, action: 'patchVariant', payload: { variants: step.variants } });
    }
  }
  const enabledChanges = current.environments[environment]?.enabled !== wanted?.enabled;
  if (wanted && (enabledChanges || (strategies.length > 0 && wanted.enabled))) {
    changes.push({ feature, action: 'updateEnabled', payload: { enabled: wanted.enabled } });
  }
  return changes;
}
