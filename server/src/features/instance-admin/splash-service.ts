import type { Db } from '../../db/database';
import { ApiError } from '../../lib/errors';
import { splashStore } from './splash-store';

/** Splash ids are the console's own dialogs: a user never has more than a handful. */
export const MAX_SPLASHES_PER_USER = 100;

/** The splash map of `GET /api/admin/user` (meSchema.splash). */
export const splashOfUser = (db: Db, userId: number) => splashStore.of(db, userId);

/** Marks a first-run dialog seen, within the per-user bound (not an audited change). */
export async function markSplashSeen(db: Db, userId: number, splashId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const seen = await splashStore.of(trx, userId);
    if (!(splashId in seen) && (await splashStore.count(trx, userId)) >= MAX_SPLASHES_PER_USER) {
      throw new ApiError('ExceedsLimitError', `A user has at most ${MAX_SPLASHES_PER_USER} splash settings.`);
    }
    await splashStore.markSeen(trx, userId, splashId);
  });
}
