import { SplashParamsSchema, SplashResponseSchema } from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { routeOptionsFor } from '../../http/route-options';
import { ApiError } from '../../lib/errors';
import { splashStore } from './splash-store';

const route = routeOptionsFor(['Admin UI']);
/** Splash ids are the console's own dialogs: a user never has more than a handful. */
export const MAX_SPLASHES_PER_USER = 100;

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
      await db.transaction().execute(async (trx) => {
        const seen = await splashStore.of(trx, caller.id);
        if (!(splashId in seen) && (await splashStore.count(trx, caller.id)) >= MAX_SPLASHES_PER_USER) {
          throw new ApiError(
            'ExceedsLimitError',
            `A user has at most ${MAX_SPLASHES_PER_USER} splash settings.`,
          );
        }
        await splashStore.markSeen(trx, caller.id, splashId);
      });
      return { userId: caller.id, splashId, seen: true };
    },
  );
}
