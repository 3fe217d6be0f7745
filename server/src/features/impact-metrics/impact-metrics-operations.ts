import {
  type CreateImpactMetricsConfig,
  type CreateSafeguard,
  type FeatureEnvironmentSafeguard,
  IMPACT_METRIC_LIMITS,
  type ImpactMetricsConfig,
} from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { ApiError, notFound } from '../../lib/errors';
import { type Actor, appendEvent } from '../events';
import { getFeature, getFeatureEnvironment } from '../feature-toggles';
import { deleteFlagSafeguard, upsertFlagSafeguard } from './flag-safeguard-store';
import {
  countImpactConfigs,
  deleteImpactConfig,
  getImpactConfig,
  insertImpactConfig,
  updateImpactConfig,
} from './impact-metric-config-store';
import { metricTypeOf } from './impact-metrics-read-store';
import { assertStorableConfig, assertStorableSafeguard } from './impact-metrics-rules';
import { toConfigView, toFlagSafeguardView } from './impact-metrics-view';

/**
 * The impact-metric writes (issue 35 §1), each applied in the caller's transaction with its
 * event: a chart of the instance (`flag` absent) or of a flag, saved (`impact-metric-created` or,
 * with the id of an existing one, `impact-metric-updated`) or deleted (`impact-metric-deleted`);
 * the safeguard of a flag environment set (`safeguard-changed`) or deleted (`safeguard-deleted`).
 */
interface FlagTarget {
  project: string;
  featureName: string;
}

export type ImpactMetricOperation =
  | { kind: 'save-impact-config'; flag?: FlagTarget; config: CreateImpactMetricsConfig }
  | { kind: 'delete-impact-config'; flag?: FlagTarget; id: string }
  | (FlagTarget & { kind: 'change-flag-safeguard'; environment: string; safeguard: CreateSafeguard })
  | (FlagTarget & { kind: 'delete-flag-safeguard'; environment: string; safeguardId: string });

export interface ImpactMetricOperationResults {
  'save-impact-config': ImpactMetricsConfig;
  'delete-impact-config': undefined;
  'change-flag-safeguard': FeatureEnvironmentSafeguard;
  'delete-flag-safeguard': undefined;
}

/** The flag must exist in the project, unarchived; and, when named, be in the environment. */
async function requireFlag(db: Queryable, target: FlagTarget, environment?: string): Promise<void> {
  const feature = await getFeature(db, target.featureName, true);
  if (!feature || feature.project !== target.project || feature.archivedAt) {
    throw notFound(`There's no feature named "${target.featureName}" in project "${target.project}".`);
  }
  if (environment !== undefined && !(await getFeatureEnvironment(db, target.featureName, environment))) {
    throw notFound(`Environment "${environment}" is not enabled for feature "${target.featureName}".`);
  }
}

type RecordEvent = (
  type: string,
  fields: { data?: unknown; preData?: unknown; featureName?: string; project?: string; environment?: string },
) => Promise<unknown>;

async function saveConfig(
  db: Queryable,
  op: Extract<ImpactMetricOperation, { kind: 'save-impact-config' }>,
  record: RecordEvent,
): Promise<ImpactMetricsConfig> {
  assertStorableConfig(op.config);
  const featureName = op.flag?.featureName ?? null;
  const scope = op.flag ? { featureName: op.flag.featureName, project: op.flag.project } : {};
  const type = (await metricTypeOf(db, op.config.metricName)) ?? undefined;
  if (op.config.id !== undefined) {
    const before = await getImpactConfig(db, featureName, op.config.id);
    if (!before) throw notFound(`Could not find impact metric config with id ${op.config.id}.`);
    const saved = toConfigView(await updateImpactConfig(db, before.id, op.config), type);
    await record('impact-metric-updated', { ...scope, data: saved, preData: toConfigView(before, type) });
    return saved;
  }
  const limit = op.flag ? IMPACT_METRIC_LIMITS.flagConfigs : IMPACT_METRIC_LIMITS.instanceConfigs;
  if ((await countImpactConfigs(db, featureName)) >= limit) {
    throw new ApiError(
      'ExceedsLimitError',
      `Failed to create impact metric config. You can't create more than the established limit of ${limit}.`,
    );
  }
  const saved = toConfigView(await insertImpactConfig(db, featureName, op.config), type);
  await record('impact-metric-created', { ...scope, data: saved });
  return saved;
}

async function apply(db: Queryable, op: ImpactMetricOperation, record: RecordEvent): Promise<unknown> {
  switch (op.kind) {
    case 'save-impact-config':
      if (op.flag) await requireFlag(db, op.flag);
      return saveConfig(db, op, record);
    case 'delete-impact-config': {
      if (op.flag) await requireFlag(db, op.flag);
      const before = await deleteImpactConfig(db, op.flag?.featureName ?? null, op.id);
      if (!before) throw notFound(`Could not find impact metric config with id ${op.id}.`);
      const scope = op.flag ? { featureName: op.flag.featureName, project: op.flag.project } : {};
      await record('impact-metric-deleted', { ...scope, preData: toConfigView(before, undefined) });
      return undefined;
    }
    case 'change-flag-safeguard': {
      await requireFlag(db, op, op.environment);
      assertStorableSafeguard(op.safeguard);
      const { safeguard, before } = await upsertFlagSafeguard(db, op, op.safeguard);
      const view = toFlagSafeguardView(safeguard, op.project);
      await record('safeguard-changed', {
        ...target(op),
        data: view,
        preData: before ? toFlagSafeguardView(before, op.project) : null,
      });
      return view;
    }
    case 'delete-flag-safeguard': {
      await requireFlag(db, op, op.environment);
      const before = await deleteFlagSafeguard(db, op, op.safeguardId);
      if (!before) throw notFound(`Could not find safeguard with id ${op.safeguardId}.`);
      await record('safeguard-deleted', { ...target(op), preData: toFlagSafeguardView(before, op.project) });
      return undefined;
    }
  }
}

const target = (op: FlagTarget & { environment: string }) => ({
  featureName: op.featureName,
  project: op.project,
  environment: op.environment,
});

export async function applyImpactMetricOperation<O extends ImpactMetricOperation>(
  db: Queryable,
  operation: O,
  actor: Actor,
): Promise<ImpactMetricOperationResults[O['kind']]> {
  const record: RecordEvent = (type, fields) =>
    appendEvent(db, { type, createdBy: actor.name, createdByUserId: actor.userId, ...fields });
  return (await apply(db, operation, record)) as ImpactMetricOperationResults[O['kind']];
}
