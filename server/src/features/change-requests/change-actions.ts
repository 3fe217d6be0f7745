import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import {
  CHANGE_PAYLOAD_SCHEMAS,
  type ChangeRequestCreate,
  type CreateDependentFeature,
  type CreateFeatureStrategy,
  type CreateSafeguard,
  type EnvironmentPermission,
  EXPERIMENT_CHANGE_PAYLOAD_SCHEMAS,
  type ExperimentChangeAction,
  FEATURE_CHANGE_ACTIONS,
  type FeatureChangeAction,
  RELEASE_PLAN_CHANGE_PAYLOAD_SCHEMAS,
  type ReleasePlanChangeAction,
  SEGMENT_CHANGE_ACTIONS,
  type SetStrategySortOrder,
  type SupportedChangeAction,
  type TransitionCondition,
  type UpdateFeatureStrategy,
  type UpdateMilestoneStrategy,
  type UpsertSegment,
  type Variant,
} from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { invalidRequest } from '../../lib/validation-errors';
import { getFeature, getFeatureEnvironment, getStrategies, getStrategyById } from '../feature-toggles';
import type { AdminOperation } from '../operations';
import { getSegment } from '../segments';

/**
 * Unleash's change actions (shared/unleash/API.md §10.1): their payload checks, the admin
 * operation each one becomes when applied, what a change was based on when drafted, and the
 * conflicts between that base and the flag as it is now.
 */

/** A change checked against its action's payload schema. */
export interface ValidChange {
  feature: string | null;
  action: SupportedChangeAction | ReleasePlanChangeAction | ExperimentChangeAction;
  payload: unknown;
}

const FEATURE_ACTIONS: ReadonlySet<string> = new Set(FEATURE_CHANGE_ACTIONS);
const SEGMENT_ACTIONS: ReadonlySet<string> = new Set(SEGMENT_CHANGE_ACTIONS);

function checkPayload(action: string, schema: TSchema, payload: unknown): void {
  const first = Value.Errors(schema, payload)[0];
  if (first) {
    throw invalidRequest(
      `The payload of "${action}" is invalid at ${first.instancePath || '/'}: ${first.message}`,
    );
  }
}

/** Checks a posted change's shape: a known action, `feature` where it needs one, a valid payload. */
export function validateChangeShape(change: ChangeRequestCreate): ValidChange {
  const { action } = change;
  // Release-plan actions (issue 14): checked against their own payload schemas.
  if (Object.hasOwn(RELEASE_PLAN_CHANGE_PAYLOAD_SCHEMAS, action)) {
    const planAction = action as ReleasePlanChangeAction;
    if (!change.feature) throw invalidRequest(`The change action "${action}" needs a "feature".`);
    checkPayload(action, RELEASE_PLAN_CHANGE_PAYLOAD_SCHEMAS[planAction], change.payload);
    return { feature: change.feature, action: planAction, payload: change.payload };
  }
  // Starting and stopping experiments (issue 35 §3): `{experimentId}` on the change's flag.
  if (Object.hasOwn(EXPERIMENT_CHANGE_PAYLOAD_SCHEMAS, action)) {
    const experimentAction = action as ExperimentChangeAction;
    if (!change.feature) throw invalidRequest(`The change action "${action}" needs a "feature".`);
    checkPayload(action, EXPERIMENT_CHANGE_PAYLOAD_SCHEMAS[experimentAction], change.payload);
    return { feature: change.feature, action: experimentAction, payload: change.payload };
  }
  if (!FEATURE_ACTIONS.has(action) && !SEGMENT_ACTIONS.has(action)) {
    throw invalidRequest(`Unknown change action "${action}".`);
  }
  const known = action as SupportedChangeAction;
  if (FEATURE_ACTIONS.has(known) && !change.feature) {
    throw invalidRequest(`The change action "${action}" needs a "feature".`);
  }
  const schema = CHANGE_PAYLOAD_SCHEMAS[known];
  const payload = schema === null ? {} : change.payload;
  if (schema !== null) checkPayload(action, schema, payload);
  return { feature: SEGMENT_ACTIONS.has(known) ? null : (change.feature ?? null), action: known, payload };
}

/** The direct-API permission an action needs in the environment (the same as its REST route). */
export const ACTION_PERMISSIONS: Record<
  FeatureChangeAction | ReleasePlanChangeAction | ExperimentChangeAction,
  EnvironmentPermission | null
> = {
  updateEnabled: 'UPDATE_FEATURE_ENVIRONMENT',
  addStrategy: 'CREATE_FEATURE_STRATEGY',
  updateStrategy: 'UPDATE_FEATURE_STRATEGY',
  deleteStrategy: 'DELETE_FEATURE_STRATEGY',
  reorderStrategy: 'UPDATE_FEATURE_STRATEGY',
  patchVariant: 'UPDATE_FEATURE_ENVIRONMENT_VARIANTS',
  // Project-level actions (archive, dependencies) and segments are checked by their own permissions.
  archiveFeature: null,
  addDependency: null,
  deleteDependency: null,
  // Release plans: the permissions of their direct routes (release-plans/plan-routes.ts).
  updateMilestoneStrategy: 'UPDATE_FEATURE_STRATEGY',
  addReleasePlan: 'CREATE_FEATURE_STRATEGY',
  deleteReleasePlan: 'DELETE_FEATURE_STRATEGY',
  startMilestone: 'UPDATE_FEATURE_STRATEGY',
  changeMilestoneProgression: 'UPDATE_FEATURE_STRATEGY',
  deleteMilestoneProgression: 'UPDATE_FEATURE_STRATEGY',
  resumeMilestoneProgression: 'UPDATE_FEATURE_STRATEGY',
  changeSafeguard: 'UPDATE_FEATURE_STRATEGY',
  deleteSafeguard: 'UPDATE_FEATURE_STRATEGY',
  // Experiments: the permission of their start and stop routes (experiments/experiment-routes.ts).
  startExperiment: 'UPDATE_FEATURE_ENVIRONMENT',
  stopExperiment: 'UPDATE_FEATURE_ENVIRONMENT',
};

/** Where a change applies: its project, feature and environment. */
interface ChangeTarget {
  project: string;
  featureName: string;
  environment: string;
}

type Payload = Record<string, unknown>;

/** One builder per change action: the admin operations the change becomes (issue 32: a table, not a switch). */
const CHANGE_OPERATIONS: Record<
  SupportedChangeAction,
  (payload: Payload, t: ChangeTarget, raw: unknown) => AdminOperation[]
> = {
  updateEnabled: (payload, t) => [
    {
      kind: 'set-feature-environment-enabled',
      ...t,
      enabled: payload.enabled === true,
      ...(typeof payload.shouldActivateDisabledStrategies === 'boolean'
        ? { shouldActivateDisabledStrategies: payload.shouldActivateDisabledStrategies }
        : {}),
    },
  ],
  addStrategy: (payload, t) => [{ kind: 'add-strategy', ...t, strategy: payload as CreateFeatureStrategy }],
  updateStrategy: ({ id, ...strategy }, t) => [
    { kind: 'update-strategy', ...t, strategyId: String(id), strategy: strategy as UpdateFeatureStrategy },
  ],
  deleteStrategy: (payload, t) => [{ kind: 'delete-strategy', ...t, strategyId: String(payload.id) }],
  reorderStrategy: (_payload, t, raw) => [
    { kind: 'reorder-strategies', ...t, order: raw as SetStrategySortOrder },
  ],
  patchVariant: (payload, t) => [
    { kind: 'set-environment-variants', ...t, variants: (payload.variants ?? []) as Variant[] },
  ],
  archiveFeature: (_payload, { project, featureName }) => [{ kind: 'archive-feature', project, featureName }],
  addDependency: (payload, { project, featureName }) => [
    { kind: 'add-dependency', project, child: featureName, dependency: payload as CreateDependentFeature },
  ],
  deleteDependency: (_payload, { project, featureName }) => [
    { kind: 'delete-dependencies', project, child: featureName },
  ],
  updateSegment: ({ id, ...segment }) => [
    { kind: 'update-segment', id: Number(id), segment: segment as UpsertSegment },
  ],
  deleteSegment: (payload) => [{ kind: 'delete-segment', id: Number(payload.id) }],
};

/** The admin operations a change becomes, applied in order inside the apply transaction. */
export function toAdminOperations(
  change: { feature: string | null; action: string; payload: unknown },
  target: { project: string; environment: string },
): AdminOperation[] {
  const featureName = change.feature ?? '';
  const payload = (change.payload ?? {}) as Payload;
  if (Object.hasOwn(RELEASE_PLAN_CHANGE_PAYLOAD_SCHEMAS, change.action)) {
    return [
      releasePlanOperation(change.action as ReleasePlanChangeAction, payload, { ...target, featureName }),
    ];
  }
  if (Object.hasOwn(EXPERIMENT_CHANGE_PAYLOAD_SCHEMAS, change.action)) {
    const kind = change.action === 'startExperiment' ? 'start-experiment' : 'stop-experiment';
    return [{ kind, ...target, featureName, experimentId: Number(payload.experimentId) }];
  }
  if (!Object.hasOwn(CHANGE_OPERATIONS, change.action)) {
    throw invalidRequest(`Unknown change action "${change.action}".`);
  }
  const toOperations = CHANGE_OPERATIONS[change.action as SupportedChangeAction];
  return toOperations(
    payload,
    { project: target.project, featureName, environment: target.environment },
    change.payload,
  );
}

/** The release-plan operation of a release-plan change (payload already checked). */
function releasePlanOperation(
  action: ReleasePlanChangeAction,
  payload: Record<string, unknown>,
  target: { project: string; environment: string; featureName: string },
): AdminOperation {
  const text = (key: string) => String(payload[key]);
  switch (action) {
    case 'updateMilestoneStrategy': {
      const { id, milestoneId, ...strategy } = payload;
      return {
        kind: 'update-plan-milestone-strategy',
        ...target,
        strategyId: String(id),
        ...(typeof milestoneId === 'string' ? { milestoneId } : {}),
        strategy: strategy as UpdateMilestoneStrategy,
      };
    }
    case 'addReleasePlan':
      return { kind: 'add-release-plan', ...target, templateId: text('templateId') };
    case 'startMilestone':
      return { kind: 'start-milestone', ...target, planId: text('planId'), milestoneId: text('milestoneId') };
    case 'deleteReleasePlan':
      return { kind: 'delete-release-plan', ...target, planId: text('planId') };
    case 'changeMilestoneProgression': {
      return {
        kind: 'change-milestone-progression',
        ...target,
        sourceMilestone: text('sourceMilestone'),
        targetMilestone: text('targetMilestone'),
        transitionCondition: payload.transitionCondition as TransitionCondition,
      };
    }
    case 'deleteMilestoneProgression':
      return { kind: 'delete-milestone-progression', ...target, sourceMilestone: text('sourceMilestone') };
    case 'resumeMilestoneProgression':
      return { kind: 'resume-milestone-progressions', ...target, planId: text('planId') };
    case 'changeSafeguard':
      return {
        kind: 'change-safeguard',
        ...target,
        planId: text('planId'),
        safeguard: payload.safeguard as CreateSafeguard,
      };
    case 'deleteSafeguard':
      return {
        kind: 'delete-safeguard',
        ...target,
        planId: text('planId'),
        safeguardId: text('safeguardId'),
      };
  }
}

// ---- Bases and conflicts ---------------------------------------------------------------------

/** A strategy as compared for conflicts: the fields a change would overwrite. */
function strategyFingerprint(row: Awaited<ReturnType<typeof getStrategyById>>) {
  if (!row) return null;
  return {
    name: row.strategyName,
    title: row.title,
    disabled: row.disabled,
    parameters: row.parameters,
    constraints: row.constraints,
    variants: row.variants,
    segments: [...row.segments].sort((a, b) => a - b),
  };
}

async function segmentFingerprint(db: Queryable, id: number) {
  const row = await getSegment(db, id);
  return row ? { name: row.name, description: row.description, constraints: row.constraints } : null;
}

/** What a change is based on: the state it would overwrite, recorded when it is drafted. */
export async function changeBase(
  db: Queryable,
  change: { feature: string | null; action: string; payload: unknown },
  environment: string,
): Promise<unknown> {
  const payload = (change.payload ?? {}) as Record<string, unknown>;
  switch (change.action) {
    case 'updateStrategy':
    case 'deleteStrategy':
      return { strategy: strategyFingerprint(await getStrategyById(db, String(payload.id))) };
    case 'reorderStrategy': {
      const strategies = await getStrategies(db, change.feature ?? '', environment);
      return { strategyIds: strategies.map((row) => row.id).sort() };
    }
    case 'patchVariant': {
      const row = await getFeatureEnvironment(db, change.feature ?? '', environment);
      return { variants: row?.variants ?? [] };
    }
    case 'updateSegment':
    case 'deleteSegment':
      return { segment: await segmentFingerprint(db, Number(payload.id)) };
    default:
      return null;
  }
}

/** JSON with object keys sorted: jsonb does not keep key order, so bases compare by value. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * Why a drafted change no longer fits the current state, or undefined. Flag-level conflicts
 * (archived, deleted) are reported by `featureConflict`.
 */
export async function changeConflict(
  db: Queryable,
  change: { feature: string | null; action: string; payload: unknown; basedOn: unknown; createdAt: Date },
  environment: string,
): Promise<string | undefined> {
  const base = (change.basedOn ?? {}) as Record<string, unknown>;
  const payload = (change.payload ?? {}) as Record<string, unknown>;
  const since = change.createdAt.toISOString();
  switch (change.action) {
    case 'updateStrategy':
    case 'deleteStrategy': {
      const current = await getStrategyById(db, String(payload.id));
      if (!current || current.featureName !== change.feature || current.environment !== environment) {
        return 'The strategy was deleted';
      }
      if (base.strategy !== undefined && !same(base.strategy, strategyFingerprint(current))) {
        return `The strategy was changed since the change was drafted (${since})`;
      }
      return undefined;
    }
    case 'reorderStrategy': {
      const strategies = await getStrategies(db, change.feature ?? '', environment);
      if (base.strategyIds !== undefined && !same(base.strategyIds, strategies.map((row) => row.id).sort())) {
        return `The flag's strategies were added or removed since the change was drafted (${since})`;
      }
      return undefined;
    }
    case 'patchVariant': {
      const row = await getFeatureEnvironment(db, change.feature ?? '', environment);
      if (base.variants !== undefined && !same(base.variants, row?.variants ?? [])) {
        return `The variants were changed since the change was drafted (${since})`;
      }
      return undefined;
    }
    case 'updateSegment':
    case 'deleteSegment': {
      const current = await segmentFingerprint(db, Number(payload.id));
      if (!current) return 'The segment was deleted';
      if (base.segment !== undefined && base.segment !== null && !same(base.segment, current)) {
        return `The segment was changed since the change was drafted (${since})`;
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/** A flag-level conflict: the flag is gone, archived or moved to another project. */
export async function featureConflict(
  db: Queryable,
  feature: string,
  project: string,
): Promise<string | undefined> {
  const row = await getFeature(db, feature);
  if (!row) return 'The flag was deleted';
  if (row.archivedAt) return 'The flag was archived';
  if (row.project !== project) return `The flag was moved to project "${row.project}"`;
  return undefined;
}
