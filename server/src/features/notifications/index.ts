// Issue 19. The triggers are called by the domain that makes the change, in its transaction.

// The signed-in user's e-mail subscriptions, for the profile (profileSchema.subscriptions).
export { subscriptionsOf } from './email-subscriptions';
export { notificationRoutes } from './notification-routes';
export {
  type AdminNotice,
  type NotificationActor,
  notifyAdmins,
  notifyFlagPotentiallyStale,
  notifyProjectMembers,
  notifyReviewers,
  notifyScheduleFailed,
} from './notify';
