import type { JobKind } from '../scheduler';
import { deleteExpiredData, hasExpiredData, tryRetentionLock } from './experiment-data-store';

/** Rows of each kind deleted per run; the scheduler runs the job again while older rows remain. */
export const RETENTION_BATCH = 5000;

const DAY_MS = 86_400_000;

/**
 * Keeps experiment data bounded (issue 35 §1) through the durable scheduler: per-user rows
 * (exposures, user metrics) of experiments stopped more than `perUserDays` ago
 * (EXPERIMENT_DATA_RETENTION_DAYS), and hourly event counts older than `hourlyDays`
 * (TRACKED_EVENTS_RETENTION_DAYS). The claim takes an advisory lock without waiting, so with
 * several instances one of them deletes and the others skip the tick.
 */
export function experimentDataRetentionJob(
  retention: { perUserDays: number; hourlyDays: number },
  clock: () => Date = () => new Date(),
): JobKind<{ perUserCutoff: Date; hourlyCutoff: Date }> {
  return {
    name: 'experiment-data-retention',
    async claimDue(trx) {
      if (!(await tryRetentionLock(trx))) return [];
      const now = clock().getTime();
      const perUserCutoff = new Date(now - retention.perUserDays * DAY_MS);
      const hourlyCutoff = new Date(now - retention.hourlyDays * DAY_MS);
      return (await hasExpiredData(trx, perUserCutoff, hourlyCutoff))
        ? [{ perUserCutoff, hourlyCutoff }]
        : [];
    },
    async run(trx, row) {
      await deleteExpiredData(trx, row.perUserCutoff, row.hourlyCutoff, RETENTION_BATCH);
    },
    // Nothing to mark: the rows are still there, so the job stays due for the next tick.
    async markFailed() {
      return false;
    },
    describe: (row) => ({
      perUserCutoff: row.perUserCutoff.toISOString(),
      hourlyCutoff: row.hourlyCutoff.toISOString(),
    }),
  };
}
