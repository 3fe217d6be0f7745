import type { Experiment, ExperimentResults } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { readVariantStats } from '../experiment-data';
import { analyse } from './analysis/analyse';
import {
  buildAnalysisRequests,
  liftOverTime,
  type MetricStats,
  usersNeededFor80Power,
  verdictOf,
} from './readout-rules';

/**
 * The readout of one experiment: per metric, the tracking domain's per-variant statistics
 * (`readVariantStats`), turned into an analysis request (`buildAnalysisRequests`) and answered by
 * the analysis engine (`analyse`), with its verdict and the users 80% power needs; and the lift
 * over time from the hourly snapshots. A draft has no split yet: no metrics to read.
 */
export async function readResults(
  db: Queryable,
  experiment: Experiment,
  snapshots: Array<{ takenAt: Date; result: unknown }>,
): Promise<ExperimentResults> {
  const stats: MetricStats[] =
    experiment.status === 'draft'
      ? []
      : await Promise.all(
          experiment.metrics.map(async (metric) => ({
            eventName: metric.eventName,
            variants: await readVariantStats(db, experiment.id, metric),
          })),
        );
  const metrics = buildAnalysisRequests(experiment, stats).map(({ metric, request }) => {
    const result = analyse(request);
    return {
      metric,
      result,
      verdict: verdictOf(metric, result, experiment),
      usersNeededFor80Power: usersNeededFor80Power(request),
    };
  });
  // The hourly snapshots are the history; the readout as it stands now is the line's last point.
  const now =
    experiment.status === 'running' && metrics.length > 0
      ? [{ takenAt: new Date(), result: { metrics } }]
      : [];
  return {
    experiment,
    metrics,
    liftOverTime: liftOverTime([...snapshots, ...now], experiment.controlVariant),
  };
}
