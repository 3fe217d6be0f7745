import { errorResponses, FeatureSearchQuerySchema, SearchFeaturesSchema } from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { userIdOf } from '../../lib/caller';
import { searchFeatures } from './feature-search-service';

/** `GET /api/admin/search/features` (shared/unleash/API.md §6.2 "Feature search"). */
export async function featureSearchRoutes(app: App, { db }: { db: Db }): Promise<void> {
  app.get(
    '/api/admin/search/features',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'searchFeatures',
        tags: ['Search'],
        querystring: FeatureSearchQuerySchema,
        response: { 200: SearchFeaturesSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      searchFeatures(db, request.query, await request.hiddenProjects(), userIdOf(request.caller)),
  );
}
