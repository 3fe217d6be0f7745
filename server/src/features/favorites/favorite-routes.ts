import {
  EmptyResponseSchema,
  errorResponses,
  FavoriteFeatureParamsSchema,
  FavoriteProjectParamsSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { userOf } from '../../lib/caller';
import { createFavoriteService } from './favorite-service';

/**
 * Favourite flags and projects (shared/unleash/API.md §6 "Features", "Projects"): per user, so
 * they need an identifiable user (USER: a session or a personal access token).
 */
export async function favoriteRoutes(app: App, { db }: { db: Db }): Promise<void> {
  const favorites = createFavoriteService(db);
  const user = { permission: 'USER' as const };
  const response = { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) };
  const flagPath = '/api/admin/projects/:projectId/features/:featureName/favorites';
  const projectPath = '/api/admin/projects/:projectId/favorites';

  for (const [method, favorite] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    app[method](
      flagPath,
      {
        config: user,
        schema: {
          operationId: favorite ? 'addFavoriteFeature' : 'removeFavoriteFeature',
          tags: ['Features'],
          params: FavoriteFeatureParamsSchema,
          response,
        },
      },
      async (request, reply) => {
        const { projectId, featureName } = request.params;
        await favorites.setFeature(userOf(request.caller), projectId, featureName, favorite);
        return reply.send();
      },
    );
    app[method](
      projectPath,
      {
        config: user,
        schema: {
          operationId: favorite ? 'addFavoriteProject' : 'removeFavoriteProject',
          tags: ['Projects'],
          params: FavoriteProjectParamsSchema,
          response,
        },
      },
      async (request, reply) => {
        await favorites.setProject(userOf(request.caller), request.params.projectId, favorite);
        return reply.send();
      },
    );
  }
}
