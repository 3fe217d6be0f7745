import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

export type JobTransaction = Transaction<Database>;

/**
 * One kind of durable job: rows of some table that come due at a time (a scheduled change
 * request, a release-plan milestone progression in issue 14). The scheduler owns the
 * transactions, the locking discipline and the failure path; a kind owns its table.
 */
export interface JobKind<Row> {
  /** For logs: `change-request-schedule`, `release-plan-progression`... */
  readonly name: string;
  /**
   * The job changes flags (applies a change request, advances a milestone): it waits, pending,
   * while the scheduler's `holdFlagChanges` says so (maintenance mode, issue 19).
   */
  readonly changesFlags?: boolean;
  /**
   * Locks up to `limit` rows that are due now, oldest first, with `FOR UPDATE SKIP LOCKED`, so
   * another instance claiming at the same moment gets other rows and a row runs once.
   */
  claimDue(trx: JobTransaction, limit: number): Promise<Row[]>;
  /**
   * Does the job and takes the row out of the due set (deletes it or changes its status), in
   * the claim's transaction: both commit together or neither does.
   */
  run(trx: JobTransaction, row: Row): Promise<void>;
  /**
   * After `run` threw and its transaction rolled back, in a new transaction: locks the row again
   * and marks it failed with the reason. Returns false when the row is no longer due (another
   * instance ran it meanwhile), which skips `onFailure`.
   */
  markFailed(trx: JobTransaction, row: Row, reason: string): Promise<boolean>;
  /** Told about the failure in the same transaction as `markFailed` (events, notifications). */
  onFailure?(trx: JobTransaction, row: Row, reason: string): Promise<void>;
  /** What identifies the row in logs. */
  describe(row: Row): Record<string, unknown>;
}
