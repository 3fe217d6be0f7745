import {
  CreatePatSchema,
  CreateServiceAccountSchema,
  EmptyResponseSchema,
  errorResponses,
  PatSchema,
  PatsSchema,
  ServiceAccountIdParamsSchema,
  ServiceAccountSchema,
  ServiceAccountsSchema,
  ServiceAccountTokenParamsSchema,
  UpdateServiceAccountSchema,
} from '../../../contract';
import type { App } from '../../http/app-type';
import { actorOf } from '../../lib/caller';
import type { ServiceAccountService } from './service-account-service';

const tags = ['Service Accounts'];

/** Service accounts and their tokens (shared/unleash/API.md §6 "Service Accounts", §10.5). */
export async function serviceAccountRoutes(app: App, deps: ServiceAccountRouteDeps): Promise<void> {
  registerServiceAccountRoutes(app, deps);
  registerServiceAccountTokenRoutes(app, deps);
}

interface ServiceAccountRouteDeps {
  serviceAccounts: ServiceAccountService;
}

/** The service accounts themselves. */
function registerServiceAccountRoutes(app: App, { serviceAccounts }: ServiceAccountRouteDeps): void {
  app.get(
    '/api/admin/service-account',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'getServiceAccounts',
        tags,
        response: { 200: ServiceAccountsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => serviceAccounts.list(),
  );

  app.post(
    '/api/admin/service-account',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'createServiceAccount',
        tags,
        body: CreateServiceAccountSchema,
        response: { 201: ServiceAccountSchema, ...errorResponses(400, 401, 403, 409, 415) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await serviceAccounts.create(request.body, actorOf(request.caller))),
  );

  app.put(
    '/api/admin/service-account/:id',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'updateServiceAccount',
        tags,
        params: ServiceAccountIdParamsSchema,
        body: UpdateServiceAccountSchema,
        response: { 200: ServiceAccountSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) => serviceAccounts.update(request.params.id, request.body, actorOf(request.caller)),
  );

  app.delete(
    '/api/admin/service-account/:id',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'deleteServiceAccount',
        tags,
        params: ServiceAccountIdParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await serviceAccounts.remove(request.params.id, actorOf(request.caller));
      return reply.send();
    },
  );
}

/** A service account's tokens. */
function registerServiceAccountTokenRoutes(app: App, { serviceAccounts }: ServiceAccountRouteDeps): void {
  app.get(
    '/api/admin/service-account/:id/token',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'getServiceAccountTokens',
        tags,
        params: ServiceAccountIdParamsSchema,
        response: { 200: PatsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ pats: await serviceAccounts.tokens(request.params.id) }),
  );

  app.post(
    '/api/admin/service-account/:id/token',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'createServiceAccountToken',
        tags,
        params: ServiceAccountIdParamsSchema,
        body: CreatePatSchema,
        response: { 201: PatSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await serviceAccounts.createToken(request.params.id, request.body, actorOf(request.caller))),
  );

  app.delete(
    '/api/admin/service-account/:id/token/:tokenId',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'deleteServiceAccountToken',
        tags,
        params: ServiceAccountTokenParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await serviceAccounts.deleteToken(request.params.id, request.params.tokenId, actorOf(request.caller));
      return reply.send();
    },
  );
}
