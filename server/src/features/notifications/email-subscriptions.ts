import { EMAIL_SUBSCRIPTIONS, type EmailSubscription } from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import { actorOf, type UserCaller } from '../../lib/caller';
import { notFound } from '../../lib/errors';
import { appendEvent } from '../events';
import { deleteUnsubscription, insertUnsubscription, unsubscriptionsOf } from './email-subscription-store';

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
      ? await deleteUnsubscription(trx, user.id, subscription)
      : await insertUnsubscription(trx, user.id, subscription);
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
  const out = await unsubscriptionsOf(db, userId);
  return EMAIL_SUBSCRIPTIONS.filter((subscription) => !out.has(subscription));
}
