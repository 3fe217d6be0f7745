import type { Notification } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { listNotifications, markNotificationsRead } from './notification-store';

/** The signed-in user's inbox, newest first (`getNotifications`). */
export async function inboxOf(db: Queryable, userId: number): Promise<Notification[]> {
  return listNotifications(db, userId);
}

/** `markNotificationsAsRead`: the user's own among `ids`; others' ids are ignored. */
export async function markInboxRead(db: Queryable, userId: number, ids: readonly number[]): Promise<void> {
  await markNotificationsRead(db, userId, ids);
}
