import { Type } from 'typebox';
import {
  CreateStrategySchema,
  EmptyResponseSchema,
  errorResponses,
  StrategyDefinitionSchema,
  StrategyDefinitionsSchema,
  UpdateStrategySchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { actorFromRequest } from '../events';
import { createStrategyService, type StrategyService } from './strategy-service';

const tags = ['Strategies'];
const NameParams = Type.Object({ name: Type.String() });
const StrategyNameParams = Type.Object({ strategyName: Type.String() });

/** List, create and read strategy definitions. */
function registerStrategyDefinitionRoutes(app: App, service: StrategyService): void {
  app.get(
    '/api/admin/strategies',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getAllStrategies',
        tags,
        response: { 200: StrategyDefinitionsSchema, ...errorResponses(401) },
      },
    },
    async () => ({ version: 1, strategies: await service.list() }),
  );

  app.post(
    '/api/admin/strategies',
    {
      config: { permission: 'CREATE_STRATEGY' },
      schema: {
        operationId: 'createStrategy',
        tags,
        body: CreateStrategySchema,
        response: { 201: StrategyDefinitionSchema, ...errorResponses(400, 401, 403, 409, 415) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.apply({ kind: 'create-strategy', strategy: request.body }, actorFromRequest(request)),
        ),
  );

  app.get(
    '/api/admin/strategies/:name',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getStrategy',
        tags,
        params: NameParams,
        response: { 200: StrategyDefinitionSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      return service.get(request.params.name);
    },
  );
}

/** Update, delete, deprecate and reactivate a strategy definition. */
function registerStrategyChangeRoutes(app: App, service: StrategyService): void {
  app.put(
    '/api/admin/strategies/:name',
    {
      config: { permission: 'UPDATE_STRATEGY' },
      schema: {
        operationId: 'updateStrategy',
        tags,
        params: NameParams,
        body: UpdateStrategySchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      await service.apply(
        { kind: 'update-strategy-definition', name: request.params.name, strategy: request.body },
        actorFromRequest(request),
      );
      return reply.status(200).send();
    },
  );

  app.delete(
    '/api/admin/strategies/:name',
    {
      config: { permission: 'DELETE_STRATEGY' },
      schema: {
        operationId: 'removeStrategy',
        tags,
        params: NameParams,
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.apply(
        { kind: 'delete-strategy-definition', name: request.params.name },
        actorFromRequest(request),
      );
      return reply.status(200).send();
    },
  );

  for (const action of ['deprecate', 'reactivate'] as const) {
    app.post(
      `/api/admin/strategies/:strategyName/${action}`,
      {
        config: { permission: 'UPDATE_STRATEGY' },
        schema: {
          operationId: `${action}Strategy`,
          tags,
          params: StrategyNameParams,
          response: { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await service.apply(
          {
            kind: action === 'deprecate' ? 'deprecate-strategy' : 'reactivate-strategy',
            name: request.params.strategyName,
          },
          actorFromRequest(request),
        );
        return reply.status(200).send();
      },
    );
  }
}

/** Strategy definitions (`/api/admin/strategies`): the built-in ones and custom ones. */
export async function strategyRoutes(app: App, { db }: { db: Db }): Promise<void> {
  const service = createStrategyService(db);
  registerStrategyDefinitionRoutes(app, service);
  registerStrategyChangeRoutes(app, service);
}
