import type { ExperimentMetric } from '../../../contract/experiments';
import type { Queryable } from '../../db/queryable';
import { selectExperimentVariants, selectVariantSums } from './experiment-data-store';

/** Σx, Σx² and Σxy of the pre-exposure covariate x against the metric y (CUPED). */
export interface CovariateSums {
  sum: number;
  sumSquares: number;
  sumProducts: number;
}

/** One variant's sufficient statistics: the analysis input (`AnalysisVariantInput`) less its weight. */
export interface VariantStats {
  name: string;
  users: number;
  /** Σy over exposed users. */
  sum: number;
  /** Σy². */
  sumSquares: number;
  covariate: CovariateSums;
}

const empty = (name: string): VariantStats => ({
  name,
  users: 0,
  sum: 0,
  sumSquares: 0,
  covariate: { sum: 0, sumSquares: 0, sumProducts: 0 },
});

/**
 * What the readout of one metric starts from (issue 35 §2): per variant, the exposed users and
 * the sums of their per-user value y — binomial: 1 when the user had the event within the
 * window after exposure, else 0; mean: the sum of its values there, zeros included — and of the
 * covariate x, the same figure before exposure. The experiment's variants come first in their
 * order (zeros when nobody saw one), then any other variant users were exposed to.
 */
export async function readVariantStats(
  db: Queryable,
  experimentId: number,
  metric: Pick<ExperimentMetric, 'eventName' | 'type'>,
): Promise<VariantStats[]> {
  const [configured, rows] = await Promise.all([
    selectExperimentVariants(db, experimentId),
    selectVariantSums(db, experimentId, {
      eventName: metric.eventName,
      binomial: metric.type === 'binomial',
    }),
  ]);
  const stats = new Map(configured.map((name) => [name, empty(name)]));
  for (const row of rows) {
    stats.set(row.variant, {
      name: row.variant,
      users: row.users,
      sum: Number(row.sum),
      sumSquares: Number(row.sumSquares),
      covariate: { sum: Number(row.xSum), sumSquares: Number(row.xSquares), sumProducts: Number(row.xySum) },
    });
  }
  return [...stats.values()];
}
