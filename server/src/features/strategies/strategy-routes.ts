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
import { inTransaction } from '../../db/transaction';
import type { App } from '../../http/app-type';
import { notFound } from '../../lib/errors';
import { type Actor, actorFromRequest } from '../events';
import { applyStrategyOperation, type StrategyOperation } from './strategy-operations';
import { getStrategy, listStrategies, toStrategyDefinition } from './strategy-store';

const tags = ['Strategies'];
const NameParams = Type.Object({ name: Type.String() });
const StrategyNameParams = Type.Object({ strategyName: Type.String() });

/** Strategy definitions (`/api/admin/strategies`): the built-in ones and custom ones. */
export async function strategyRoutes(app: App, { db }: { db: Db }): Promise<void> {
  const apply = <O extends StrategyOperation>(operation: O, actor: Actor) =>
    inTransaction(db, (trx) => applyStrategyOperation(trx, operation, actor));

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
    async () => ({ version: 1, strategies: (await listStrategies(db)).map(toStrategyDefinition) }),
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
        .send(await apply({ kind: 'create-strategy', strategy: request.body }, actorFromRequest(request))),
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
      const row = await getStrategy(db, request.params.name);
      if (!row) throw notFound('No strategy found');
      return toStrategyDefinition(row);
    },
  );

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
      await apply(
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
      await apply(
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
        await apply(
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
