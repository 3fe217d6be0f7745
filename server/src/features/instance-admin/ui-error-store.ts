import type { UiError } from '../../../contract';
import type { Db } from '../../db/database';

/** Reported console errors (Switchyard's `ui_errors`), kept to a bounded newest set. */
export const uiErrorStore = {
  async record(
    db: Db,
    report: { errorMessage: string; errorStack: string | null; userId: number | null },
    keep: number,
  ): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('ui_errors')
        .values({
          error_message: report.errorMessage,
          error_stack: report.errorStack,
          user_id: report.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Ids only grow: everything older than the newest `keep` goes (an index-only range delete).
      await trx
        .deleteFrom('ui_errors')
        .where('id', '<=', id - keep)
        .execute();
    });
  },
  async newest(db: Db, limit: number): Promise<UiError[]> {
    const rows = await db.selectFrom('ui_errors').selectAll().orderBy('id', 'desc').limit(limit).execute();
    return rows.map((row) => ({
      id: row.id,
      errorMessage: row.error_message,
      errorStack: row.error_stack,
      userId: row.user_id,
      createdAt: row.created_at.toISOString(),
    }));
  },
};
