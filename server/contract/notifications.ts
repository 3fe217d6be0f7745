import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';

/**
 * The signed-in user's notifications (issue 19; Unleash Enterprise's notificationsSchema and
 * markNotificationsAsReadSchema, shared/unleash/SCHEMAS.md). `link` is a console path.
 */

/** Unleash names `change-request` and `toggle`; `integration` is ours, for a paused integration. */
export const NOTIFICATION_TYPES = ['change-request', 'toggle', 'integration'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NotificationSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  message: Type.String(),
  link: Type.String(),
  notificationType: Type.Union([
    Type.Literal('change-request'),
    Type.Literal('toggle'),
    Type.Literal('integration'),
  ]),
  createdBy: Type.Object({
    username: Type.Optional(Nullable(Type.String())),
    imageUrl: Type.Optional(Nullable(Type.String())),
  }),
  createdAt: DateTimeSchema,
  readAt: Nullable(DateTimeSchema),
});
export type Notification = Static<typeof NotificationSchema>;

export const NotificationsSchema = Type.Array(NotificationSchema);
export type Notifications = Static<typeof NotificationsSchema>;

/** At most this many ids per call: a client marks what it shows, which is bounded too. */
export const MAX_NOTIFICATIONS_PER_READ = 500;

export const MarkNotificationsAsReadSchema = Type.Object({
  notifications: Type.Array(Type.Integer({ minimum: 0, maximum: 2147483647 }), {
    maxItems: MAX_NOTIFICATIONS_PER_READ,
  }),
});
export type MarkNotificationsAsRead = Static<typeof MarkNotificationsAsReadSchema>;

/** The e-mails a user may opt out of (Unleash's `productivity-report`); everyone starts subscribed. */
export const EMAIL_SUBSCRIPTIONS = ['productivity-report'] as const;
export type EmailSubscription = (typeof EMAIL_SUBSCRIPTIONS)[number];
export const EmailSubscriptionParamsSchema = Type.Object({ subscription: Type.String({ maxLength: 100 }) });
