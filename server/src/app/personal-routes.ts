import type { Db } from '../db/database';
import { favoriteRoutes } from '../features/favorites';
import { feedbackRoutes } from '../features/feedback';
import { notificationRoutes } from '../features/notifications';
import { personalDashboardRoutes } from '../features/personal-dashboard';
import type { App } from '../http/app-type';

/** What belongs to the signed-in user (issue 19): notifications, feedback, favourites and the personal dashboard. */
export async function personalRoutes(app: App, { db }: { db: Db }): Promise<void> {
  await app.register(notificationRoutes, { db });
  await app.register(feedbackRoutes, { db });
  await app.register(favoriteRoutes, { db });
  await app.register(personalDashboardRoutes, { db });
}
