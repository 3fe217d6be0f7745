import { Type } from 'typebox';
import {
  errorResponses,
  FeatureTypeSchema,
  FeatureTypesSchema,
  UpdateFeatureTypeLifetimeSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { App } from '../../http/app-type';
import { actorFromRequest } from '../events';
import { applyFeatureTypeOperation } from './feature-type-operations';
import { listFeatureTypes } from './feature-type-service';

const tags = ['Feature Types'];

/** Feature types and their lifetimes (shared/unleash/API.md §6 "Feature Types", §7.2). */
export async function featureTypeRoutes(app: App, { db }: { db: Db }): Promise<void> {
  app.get(
    '/api/admin/feature-types',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getAllFeatureTypes',
        tags,
        response: { 200: FeatureTypesSchema, ...errorResponses(401) },
      },
    },
    async () => ({ version: 1, types: await listFeatureTypes(db) }),
  );

  app.put(
    '/api/admin/feature-types/:id/lifetime',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'updateFeatureTypeLifetime',
        tags,
        params: Type.Object({ id: Type.String() }),
        body: UpdateFeatureTypeLifetimeSchema,
        response: { 200: FeatureTypeSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) =>
      inTransaction(db, (trx) =>
        applyFeatureTypeOperation(
          trx,
          {
            kind: 'update-feature-type-lifetime',
            id: request.params.id,
            lifetimeDays: request.body.lifetimeDays,
          },
          actorFromRequest(request),
        ),
      ),
  );
}
