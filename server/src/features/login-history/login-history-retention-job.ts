import type { JobKind } from '../scheduler';
import { deleteLoginEntriesBefore, hasLoginEntriesBefore, tryRetentionLock } from './login-history-store';

/** Entries deleted per run; the scheduler runs the job again while older entries remain. */
export const RETENTION_BATCH = 5000;

/**
 * Deletes login history older than the retention (LOGIN_HISTORY_RETENTION_HOURS) through the
 * durable scheduler. The claim takes a transaction-scoped advisory lock without waiting, so with
 * several instances one of them deletes and the others skip the tick.
 */
export function loginHistoryRetentionJob(
  retentionHours: number,
  clock: () => Date = () => new Date(),
): JobKind<{ cutoff: Date }> {
  return {
    name: 'login-history-retention',
    async claimDue(trx) {
      if (!(await tryRetentionLock(trx))) return [];
      const cutoff = new Date(clock().getTime() - retentionHours * 3600_000);
      return (await hasLoginEntriesBefore(trx, cutoff)) ? [{ cutoff }] : [];
    },
    async run(trx, row) {
      await deleteLoginEntriesBefore(trx, row.cutoff, RETENTION_BATCH);
    },
    // Nothing to mark: the entries are still there, so the job stays due for the next tick.
    async markFailed() {
      return false;
    },
    describe: (row) => ({ cutoff: row.cutoff.toISOString() }),
  };
}
