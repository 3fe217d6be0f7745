import {
  CreatePatSchema,
  EmptyResponseSchema,
  errorResponses,
  PatIdParamsSchema,
  PatSchema,
  PatsSchema,
} from '../../../contract';
import type { App } from '../../http/app-type';
import { actorOf, type Caller, type UserCaller } from '../../lib/caller';
import { ApiError } from '../../lib/errors';
import { PAT_LIMIT, type PatService } from './pat-service';

const tags = ['Personal access tokens'];

/** The guard lets only users through (permission USER); this narrows the type. */
function userOf(caller: Caller): UserCaller {
  if (caller.kind !== 'user') throw new ApiError('ForbiddenError', 'PATs require an authenticated user.');
  return caller;
}

/** The signed-in user's personal access tokens (shared/unleash/API.md §6 "Personal access tokens"). */
export async function patRoutes(app: App, { pats }: { pats: PatService }): Promise<void> {
  app.get(
    '/api/admin/user/tokens',
    {
      config: { permission: 'USER' },
      schema: {
        operationId: 'getPats',
        tags,
        response: { 200: PatsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ pats: await pats.list(userOf(request.caller).id) }),
  );

  app.post(
    '/api/admin/user/tokens',
    {
      config: { permission: 'USER' },
      schema: {
        operationId: 'createPat',
        tags,
        body: CreatePatSchema,
        response: { 201: PatSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request, reply) => {
      const user = userOf(request.caller);
      const pat = await pats.create(user.id, request.body, actorOf(user), { limit: PAT_LIMIT });
      return reply.status(201).send(pat);
    },
  );

  app.delete(
    '/api/admin/user/tokens/:id',
    {
      config: { permission: 'USER' },
      schema: {
        operationId: 'deletePat',
        tags,
        params: PatIdParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = userOf(request.caller);
      await pats.remove(user.id, request.params.id, actorOf(user));
      return reply.send();
    },
  );
}
