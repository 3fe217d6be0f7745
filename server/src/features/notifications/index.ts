// Issue 19. The triggers are called by the domain that makes the change, in its transaction.

export { notificationRoutes } from './notification-routes';
export { NOTIFICATIONS_PER_USER } from './notification-store';
export {
  type AdminNotice,
  type NotificationActor,
  notifyAdmins,
  notifyFlagPotentiallyStale,
  notifyReviewers,
  notifyScheduleFailed,
} from './notify';
