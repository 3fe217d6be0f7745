import type { Queryable } from '../../db/queryable';

/** Opts back in: deletes the opt-out row; false when there was none. */
export async function deleteUnsubscription(
  db: Queryable,
  userId: number,
  subscription: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('user_unsubscription')
    .where('user_id', '=', userId)
    .where('subscription', '=', subscription)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Opts out: writes the opt-out row; false when it was already there. */
export async function insertUnsubscription(
  db: Queryable,
  userId: number,
  subscription: string,
): Promise<boolean> {
  const rows = await db
    .insertInto('user_unsubscription')
    .values({ user_id: userId, subscription })
    .onConflict((oc) => oc.columns(['user_id', 'subscription']).doNothing())
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

/** The subscriptions the user opted out of. */
export async function unsubscriptionsOf(db: Queryable, userId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('user_unsubscription')
    .select('subscription')
    .where('user_id', '=', userId)
    .execute();
  return new Set(rows.map((row) => row.subscription));
}
