import type { Experiment } from '../../../contract';
import type { JobKind } from '../scheduler';
import { readResults } from './experiment-readout';
import { claimExperimentsDueForSnapshot, insertSnapshot } from './experiment-store';

/**
 * Once an hour per running experiment, its readout as it stands is kept in
 * `experiment_snapshots`: the cumulative lift over time the readout's chart draws. Claimed with
 * SKIP LOCKED, so across instances each experiment is measured once an hour.
 */
export function experimentSnapshotJob(): JobKind<Experiment> {
  return {
    name: 'experiment-hourly-snapshot',
    claimDue: (trx, limit) => claimExperimentsDueForSnapshot(trx, limit),
    async run(trx, experiment) {
      const { metrics } = await readResults(trx, experiment, []);
      await insertSnapshot(trx, experiment.id, { metrics });
    },
    // Nothing to mark: no snapshot was written, so the experiment stays due and is tried next tick.
    async markFailed() {
      return false;
    },
    describe: (experiment) => ({ experimentId: experiment.id, flag: experiment.featureName }),
  };
}
