import type { JobKind } from '../scheduler';
import { utcDay } from './insight-calculations';
import { hasSnapshot, takeDailySnapshot } from './insight-store';

/**
 * The daily insights snapshot as a kind of the durable scheduler: due while today's (UTC) day
 * row is missing, so it runs at the first tick after start and after midnight. Across instances
 * the day row's primary key lets exactly one transaction write it; a failure rolls everything
 * back and the next tick tries again.
 */
export function insightSnapshotJob(clock: () => Date = () => new Date()): JobKind<{ day: string }> {
  return {
    name: 'insight-daily-snapshot',
    async claimDue(trx) {
      const day = utcDay(clock());
      return (await hasSnapshot(trx, day)) ? [] : [{ day }];
    },
    async run(trx, row) {
      await takeDailySnapshot(trx, row.day, clock());
    },
    // Nothing to mark: the day row was rolled back with the rest, so the job stays due.
    async markFailed() {
      return false;
    },
    describe: (row) => ({ day: row.day }),
  };
}
