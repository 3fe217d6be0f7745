import { SplashParamsSchema, SplashResponseSchema } from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { routeOptionsFor } from '../../http/route-options';
import { ApiError } from '../../lib/errors';
import { markSplashSeen } from './splash-service';

const route = routeOptionsFor(['Admin UI']);

/**
 * `POST /api/admin/splash/{id}` (updateSplashSettings): marks a first-run dialog seen by the
 * signed-in user; `GET /api/admin/user` returns the map. Not an audited change (a user's own
 * view state, as in Unleash).
 */
export async function splashRoutes(app: App, { db }: { db: Db }) {
  app.post(
    '/api/admin/splash/:id',
    route({
      operationId: 'updateSplashSettings',
      permission: 'USER',
      params: SplashParamsSchema,
      response: { 200: SplashResponseSchema },
      errors: [400, 401, 403, 415],
    }),
    async (request) => {
      const caller = request.caller;
      if (caller.kind !== 'user')
        throw new ApiError('ForbiddenError', 'This operation needs a signed-in user.');
      const splashId = request.params.id;
      await markSplashSeen(db, caller.id, splashId);
      return { userId: caller.id, splashId, seen: true };
    },
  );
}
