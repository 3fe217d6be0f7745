import {
  EmailSubscriptionParamsSchema,
  EmptyResponseSchema,
  errorResponses,
  MarkNotificationsAsReadSchema,
  NotificationsSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { userOf } from '../../lib/caller';
import { setEmailSubscription } from './email-subscriptions';
import { inboxOf, markInboxRead } from './notification-inbox';

const tags = ['Notifications'];

/**
 * The signed-in user's notifications (shared/unleash/API.md §6 "Notifications"). Both need an
 * identifiable user (a session or a personal access token): an admin API token has no inbox.
 */
export async function notificationRoutes(app: App, { db }: { db: Db }): Promise<void> {
  app.get(
    '/api/admin/notifications',
    {
      config: { permission: 'USER' },
      schema: {
        operationId: 'getNotifications',
        tags,
        response: { 200: NotificationsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => inboxOf(db, userOf(request.caller).id),
  );

  app.post(
    '/api/admin/notifications/read',
    {
      config: { permission: 'USER' },
      schema: {
        operationId: 'markNotificationsAsRead',
        tags,
        body: MarkNotificationsAsReadSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 415) },
      },
    },
    async (request, reply) => {
      await markInboxRead(db, userOf(request.caller).id, request.body.notifications);
      return reply.send();
    },
  );

  for (const [method, subscribed] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/api/admin/email-subscription/:subscription',
      {
        config: { permission: 'USER' },
        schema: {
          operationId: subscribed ? 'subscribeEmailSubscription' : 'unsubscribeEmailSubscription',
          tags,
          params: EmailSubscriptionParamsSchema,
          response: { 202: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await setEmailSubscription(db, userOf(request.caller), request.params.subscription, subscribed);
        return reply.status(202).send();
      },
    );
  }
}
