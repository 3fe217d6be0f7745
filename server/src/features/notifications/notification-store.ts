import { sql } from 'kysely';
import type { Notification, NotificationType } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { avatarUrl } from '../events';

/** Each user keeps their newest notifications only; older ones go when new ones arrive. */
export const NOTIFICATIONS_PER_USER = 500;

export interface NewNotification {
  type: NotificationType;
  message: string;
  /** A console path, e.g. `/projects/default/change-requests/3`. */
  link: string;
  createdBy: { name: string | null; userId: number | null };
  /** The audit-log row this notification was derived from. */
  eventId?: number | null;
}

/**
 * One row per recipient, then each recipient's oldest beyond NOTIFICATIONS_PER_USER removed, in
 * the caller's transaction: a notification commits with the change and event it tells about.
 */
export async function insertNotifications(
  db: Queryable,
  userIds: readonly number[],
  notification: NewNotification,
): Promise<number> {
  const recipients = [...new Set(userIds)].filter((id) => Number.isInteger(id) && id > 0);
  if (recipients.length === 0) return 0;
  // Only users that still exist: a deleted creator or author simply gets nothing.
  const inserted = await sql<{ user_id: number }>`
    insert into notifications
      (user_id, notification_type, message, link, created_by_user_id, created_by_name, event_id)
    select u.id, ${notification.type}::text, ${notification.message}::text, ${notification.link}::text,
           ${notification.createdBy.userId}::int, ${notification.createdBy.name}::text,
           ${notification.eventId == null ? null : String(notification.eventId)}::bigint
    from users u where u.id = any(${recipients}::int[])
    returning user_id`.execute(db);
  if (inserted.rows.length === 0) return 0;
  await sql`
    delete from notifications n
    using (
      select id from (
        select id, row_number() over (partition by user_id order by id desc) as position
        from notifications where user_id = any(${recipients}::int[])
      ) ranked where ranked.position > ${NOTIFICATIONS_PER_USER}
    ) old
    where n.id = old.id`.execute(db);
  return inserted.rows.length;
}

/** The user's notifications, newest first. */
export async function listNotifications(db: Queryable, userId: number): Promise<Notification[]> {
  const rows = await db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(NOTIFICATIONS_PER_USER)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    message: row.message,
    link: row.link,
    notificationType: row.notification_type as NotificationType,
    createdBy: {
      username: row.created_by_name,
      imageUrl: row.created_by_name ? avatarUrl(row.created_by_name) : null,
    },
    createdAt: row.created_at.toISOString(),
    readAt: row.read_at?.toISOString() ?? null,
  }));
}

/** Marks the user's own notifications among `ids` read; ids of others' are ignored. */
export async function markNotificationsRead(db: Queryable, userId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('user_id', '=', userId)
    .where('id', 'in', [...ids])
    .where('read_at', 'is', null)
    .execute();
}
