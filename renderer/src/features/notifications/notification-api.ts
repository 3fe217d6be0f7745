import type { Notification } from '../../../../server/contract';
import type { AdminApi } from '../../api/admin-api';

/** The signed-in user's notifications (shared/unleash/API.md §6 "Notifications"). */
export const NOTIFICATIONS_KEY = 'notifications';

export const listNotifications = (api: AdminApi, signal?: AbortSignal) =>
  api.client.get<Notification[]>('/api/admin/notifications', undefined, signal);

export const markNotificationsRead = (api: AdminApi, ids: readonly number[]) =>
  api.client.post<void>('/api/admin/notifications/read', { notifications: [...ids] });

/** How often the bell asks again while the console is open. */
export const NOTIFICATION_POLL_MS = 15_000;
