import type { FeatureEnvironmentSafeguard } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { getFeature } from '../feature-toggles';
import { listFlagSafeguards } from './flag-safeguard-store';
import { aggregateImpactMetric, type ImpactQuery } from './impact-metrics-read-store';
import { toFlagSafeguardView } from './impact-metrics-view';

/**
 * What other domains read of impact metrics (release-plan safeguards): a metric aggregated over
 * its time range, in one environment when named, restricted to the label selectors; null when
 * nothing was reported.
 */
export function measureImpactMetric(db: Queryable, query: ImpactQuery, now: Date): Promise<number | null> {
  return aggregateImpactMetric(db, query, now);
}

/** A flag's safeguards by environment, for its admin view (featureEnvironmentSchema.safeguards). */
export async function flagSafeguardsByEnvironment(
  db: Queryable,
  featureName: string,
): Promise<ReadonlyMap<string, FeatureEnvironmentSafeguard[]>> {
  const records = await listFlagSafeguards(db, featureName);
  const byEnvironment = new Map<string, FeatureEnvironmentSafeguard[]>();
  if (records.length === 0) return byEnvironment;
  const project = (await getFeature(db, featureName))?.project ?? 'default';
  for (const record of records) {
    byEnvironment.set(record.environment, [
      ...(byEnvironment.get(record.environment) ?? []),
      toFlagSafeguardView(record, project),
    ]);
  }
  return byEnvironment;
}
