import { EMAIL_SUBSCRIPTIONS, type EmailSubscription } from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import { actorOf, type UserCaller } from '../../lib/caller';
import { notFound } from '../../lib/errors';
import { appendEvent } from '../events';

/**
 * E-mail subscriptions (shared/unleash/API.md §6 "Notifications", table `user_unsubscription`):
 * on by default, a row per opt-out. Sending the e-mails belongs to the e-mail domain, which reads
 * `subscribedUserIds`. Each change is one transaction with a `user-preference-updated` event.
 */
function subscriptionOf(name: string): EmailSubscription {
  const known = EMAIL_SUBSCRIPTIONS.find((subscription) => subscription === name);
  if (!known) throw notFound(`Unknown subscription ${name}: known are ${EMAIL_SUBSCRIPTIONS.join(', ')}.`);
  return known;
}

export async function setEmailSubscription(db: Db, user: UserCaller, name: string, subscribed: boolean) {
  const subscription = subscriptionOf(name);
  const actor = actorOf(user);
  await inTransaction(db, async (trx) => {
    const changed = subscribed
      ? Number(
          (
            await trx
              .deleteFrom('user_unsubscription')
              .where('user_id', '=', user.id)
              .where('subscription', '=', subscription)
              .executeTakeFirst()
          ).numDeletedRows,
        ) > 0
      : (
          await trx
            .insertInto('user_unsubscription')
            .values({ user_id: user.id, subscription })
            .onConflict((oc) => oc.columns(['user_id', 'subscription']).doNothing())
            .returning('user_id')
            .execute()
        ).length > 0;
    if (!changed) return;
    await appendEvent(trx, {
      type: 'user-preference-updated',
      createdBy: actor.createdBy,
      createdByUserId: actor.createdByUserId,
      data: { subscription, subscribed },
    });
  });
}

/** The subscriptions the user has not opted out of (profileSchema.subscriptions). */
export async function subscriptionsOf(db: Queryable, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_unsubscription')
    .select('subscription')
    .where('user_id', '=', userId)
    .execute();
  const out = new Set(rows.map((row) => row.subscription));
  return EMAIL_SUBSCRIPTIONS.filter((subscription) => !out.has(subscription));
}
