import { sql } from 'kysely';
import type { CreateSafeguard } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { ulid } from '../../lib/ulid';
import type { AggregationMode, TimeRange } from './impact-metrics-rules';

/**
 * Safeguards of a flag environment (Unleash's `feature_environment_safeguards`): one per flag
 * environment, as `PUT …/environments/{environment}/safeguards` names none and so replaces it.
 */
export interface FlagSafeguardRecord {
  id: string;
  featureName: string;
  environment: string;
  impactMetricId: string;
  metricName: string;
  timeRange: TimeRange;
  aggregationMode: AggregationMode;
  labelSelectors: Record<string, string[]>;
  triggerCondition: { operator: '>' | '<'; threshold: number };
  triggeredAt: Date | null;
}

const COLUMNS = [
  'id',
  'feature_name',
  'environment',
  'impact_metric_id',
  'metric_name',
  'time_range',
  'aggregation_mode',
  'label_selectors',
  'trigger_operator',
  'trigger_threshold',
  'triggered_at',
] as const;

type SafeguardDbRow = {
  id: string;
  feature_name: string;
  environment: string;
  impact_metric_id: string;
  metric_name: string;
  time_range: TimeRange;
  aggregation_mode: AggregationMode;
  label_selectors: unknown;
  trigger_operator: '>' | '<';
  trigger_threshold: number;
  triggered_at: Date | null;
};

const toRecord = (row: SafeguardDbRow): FlagSafeguardRecord => ({
  id: row.id,
  featureName: row.feature_name,
  environment: row.environment,
  impactMetricId: row.impact_metric_id,
  metricName: row.metric_name,
  timeRange: row.time_range,
  aggregationMode: row.aggregation_mode,
  labelSelectors: (row.label_selectors as Record<string, string[]>) ?? {},
  triggerCondition: { operator: row.trigger_operator, threshold: Number(row.trigger_threshold) },
  triggeredAt: row.triggered_at,
});

/** The safeguards of a flag's environments (all of them when `environment` is absent). */
export async function listFlagSafeguards(
  db: Queryable,
  featureName: string,
  environment?: string,
): Promise<FlagSafeguardRecord[]> {
  let query = db
    .selectFrom('feature_environment_safeguards')
    .select(COLUMNS)
    .where('feature_name', '=', featureName);
  if (environment !== undefined) query = query.where('environment', '=', environment);
  const rows = await query.orderBy('environment').execute();
  return rows.map(toRecord);
}

/** Sets the flag environment's safeguard, replacing the one it had; returns both. */
export async function upsertFlagSafeguard(
  db: Queryable,
  target: { featureName: string; environment: string },
  input: CreateSafeguard,
): Promise<{ safeguard: FlagSafeguardRecord; before: FlagSafeguardRecord | undefined }> {
  const [before] = await listFlagSafeguards(db, target.featureName, target.environment);
  const values = {
    metric_name: input.impactMetric.metricName,
    time_range: input.impactMetric.timeRange,
    aggregation_mode: input.impactMetric.aggregationMode,
    label_selectors: JSON.stringify(input.impactMetric.labelSelectors),
    trigger_operator: input.triggerCondition.operator,
    trigger_threshold: input.triggerCondition.threshold,
    triggered_at: null,
    checked_at: null,
  };
  const row = before
    ? await db
        .updateTable('feature_environment_safeguards')
        .set(values)
        .where('id', '=', before.id)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow()
    : await db
        .insertInto('feature_environment_safeguards')
        .values({
          id: ulid(),
          feature_name: target.featureName,
          environment: target.environment,
          impact_metric_id: ulid(),
          ...values,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
  return { safeguard: toRecord(row), before };
}

export async function deleteFlagSafeguard(
  db: Queryable,
  target: { featureName: string; environment: string },
  id: string,
): Promise<FlagSafeguardRecord | undefined> {
  const row = await db
    .deleteFrom('feature_environment_safeguards')
    .where('id', '=', id)
    .where('feature_name', '=', target.featureName)
    .where('environment', '=', target.environment)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/**
 * Locks up to `limit` safeguards due for a check, skipping those another instance holds: not
 * triggered since last set, their flag enabled in their environment (something left to disable),
 * and not measured within the interval.
 */
export async function claimDueFlagSafeguards(
  db: Queryable,
  limit: number,
  now: Date,
  intervalMs: number,
): Promise<{ safeguardId: string }[]> {
  const checkedBefore = new Date(now.getTime() - intervalMs);
  const rows = await db
    .selectFrom('feature_environment_safeguards as s')
    .select('s.id')
    .where('s.triggered_at', 'is', null)
    .where((eb) => eb.or([eb('s.checked_at', 'is', null), eb('s.checked_at', '<=', checkedBefore)]))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('feature_environments as fe')
          .select(sql`1`.as('one'))
          .whereRef('fe.feature_name', '=', 's.feature_name')
          .whereRef('fe.environment', '=', 's.environment')
          .where('fe.enabled', '=', true),
      ),
    )
    .orderBy(sql`s.checked_at nulls first`)
    .limit(limit)
    .forUpdate('s')
    .skipLocked()
    .execute();
  return rows.map((row) => ({ safeguardId: row.id }));
}

/** Stamps when a safeguard was last measured; returns it, or undefined when it is gone. */
export async function stampFlagSafeguardChecked(
  db: Queryable,
  id: string,
  now: Date,
): Promise<FlagSafeguardRecord | undefined> {
  const row = await db
    .updateTable('feature_environment_safeguards')
    .set({ checked_at: now })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function markFlagSafeguardTriggered(db: Queryable, id: string, now: Date): Promise<void> {
  await db
    .updateTable('feature_environment_safeguards')
    .set({ triggered_at: now })
    .where('id', '=', id)
    .execute();
}
