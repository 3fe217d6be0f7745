import { Type } from 'typebox';
import {
  EmptyResponseSchema,
  errorResponses,
  FeatureLifecycleCompletedSchema,
  FeatureLifecycleCountSchema,
  FeatureLifecycleSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { actorFromRequest } from '../events';
import { createLifecycleService } from './lifecycle-service';

const tags = ['Lifecycle'];
const FeatureParams = Type.Object({ projectId: Type.String(), featureName: Type.String() });
const path = '/api/admin/projects/:projectId/features/:featureName/lifecycle';

/** The flag lifecycle (shared/unleash/API.md lines ~749, ~779-781). */
export async function lifecycleRoutes(app: App, { db }: { db: Db }): Promise<void> {
  const service = createLifecycleService(db);
  app.get(
    path,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getFeatureLifecycle',
        tags,
        params: FeatureParams,
        response: { 200: FeatureLifecycleSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { projectId, featureName } = request.params;
      return service.stagesOf(projectId, featureName);
    },
  );

  app.post(
    `${path}/complete`,
    {
      config: { permission: 'UPDATE_FEATURE' },
      schema: {
        operationId: 'complete',
        tags,
        params: FeatureParams,
        body: FeatureLifecycleCompletedSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      const { projectId, featureName } = request.params;
      await service.complete(projectId, featureName, request.body, actorFromRequest(request));
      return reply.status(200).send();
    },
  );

  app.post(
    `${path}/uncomplete`,
    {
      config: { permission: 'UPDATE_FEATURE' },
      schema: {
        operationId: 'uncomplete',
        tags,
        params: FeatureParams,
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { projectId, featureName } = request.params;
      await service.uncomplete(projectId, featureName, actorFromRequest(request));
      return reply.status(200).send();
    },
  );

  app.get(
    '/api/admin/lifecycle/count',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getFeatureLifecycleStageCount',
        tags,
        response: { 200: FeatureLifecycleCountSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.countByStage(await request.hiddenProjects()),
  );
}
