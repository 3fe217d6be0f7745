import {
  errorResponses,
  FeedbackCreateSchema,
  FeedbackIdParamsSchema,
  FeedbackListSchema,
  FeedbackResponseSchema,
  FeedbackUpdateSchema,
  ProvidedFeedbackSchema,
  ProvideFeedbackSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { perMinute, registerRouteRateLimits } from '../../http/rate-limit';
import { userOf } from '../../lib/caller';
import {
  createUserFeedback,
  providedFeedback,
  provideFeedback,
  updateUserFeedback,
} from './feedback-service';

const tags = ['Admin UI'];
/** The public form answers anyone: a few posts a minute per address are plenty for a person. */
export const PUBLIC_FEEDBACK_PER_MINUTE = 10;

/**
 * Feedback (shared/unleash/API.md §6 "Admin UI"): a user's answer per survey, which needs an
 * identifiable user (a session or a personal access token, never an admin API token: USER), the
 * public form, and its list for admins.
 */
export async function feedbackRoutes(app: App, { db }: { db: Db }): Promise<void> {
  await registerRouteRateLimits(app);

  app.post(
    '/api/admin/feedback',
    {
      config: { permission: 'USER' },
      schema: {
        operationId: 'createFeedback',
        tags,
        body: FeedbackCreateSchema,
        response: { 200: FeedbackResponseSchema, ...errorResponses(400, 401, 403, 415) },
      },
    },
    async (request) => createUserFeedback(db, userOf(request.caller).id, request.body),
  );

  app.put(
    '/api/admin/feedback/:id',
    {
      config: { permission: 'USER' },
      schema: {
        operationId: 'updateFeedback',
        tags,
        params: FeedbackIdParamsSchema,
        body: FeedbackUpdateSchema,
        response: { 200: FeedbackResponseSchema, ...errorResponses(400, 401, 403, 415) },
      },
    },
    async (request) => updateUserFeedback(db, userOf(request.caller).id, request.params.id, request.body),
  );

  app.get(
    '/api/admin/feedback',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'getFeedback',
        tags,
        response: { 200: FeedbackListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => providedFeedback(db),
  );

  app.post(
    '/feedback',
    {
      config: { permission: 'NONE', rateLimit: perMinute(PUBLIC_FEEDBACK_PER_MINUTE) },
      schema: {
        operationId: 'provideFeedback',
        tags,
        body: ProvideFeedbackSchema,
        response: { 200: ProvidedFeedbackSchema, ...errorResponses(400, 415, 429) },
      },
    },
    async (request) => provideFeedback(db, request.body),
  );
}
