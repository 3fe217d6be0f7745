import { Type } from 'typebox';
import {
  ApiTokenNameParamsSchema,
  ApiTokenParamsSchema,
  ApiTokenSchema,
  ApiTokensSchema,
  CdnApiTokenSchema,
  CdnApiTokensSchema,
  CreateApiTokenSchema,
  CreatedCdnApiTokenSchema,
  CreateProjectApiTokenSchema,
  EmptyResponseSchema,
  errorResponses,
  ProjectApiTokenParamsSchema,
  TokenStringListSchema,
  UpdateApiTokenSchema,
  ValidatedEdgeTokensSchema,
} from '../../../contract';
import type { App } from '../../http/app-type';
import { perMinute, registerRouteRateLimits } from '../../http/rate-limit';
import type { ApiTokenService } from './api-token-service';

const tags = ['API tokens'];
export const EDGE_VALIDATE_BODY_LIMIT = 100 * 1024;
/** Edge validates at start and when a new token appears: a few a minute. */
export const EDGE_VALIDATE_PER_MINUTE = 120;
const ProjectParams = Type.Object({ projectId: Type.String() });

/**
 * API tokens (shared/unleash/API.md §6 "API tokens", project tokens under "Projects", and
 * `POST /edge/validate`). Routes accept a token of either type when the caller may handle
 * one of them; the service then checks the permission for the token's actual type.
 */
export async function apiTokenRoutes(app: App, deps: { tokens: ApiTokenService }): Promise<void> {
  await registerRouteRateLimits(app);
  registerAdminTokenRoutes(app, deps);
  registerCdnTokenRoutes(app, deps);
  registerTokenByNameRoutes(app, deps);
  registerProjectTokenRoutes(app, deps);
  registerEdgeValidateRoute(app, deps);
}

/** Admin tokens of every type. */
function registerAdminTokenRoutes(app: App, { tokens }: { tokens: ApiTokenService }): void {
  app.get(
    '/api/admin/api-tokens',
    {
      config: { permission: ['READ_CLIENT_API_TOKEN', 'READ_FRONTEND_API_TOKEN'] },
      schema: {
        operationId: 'getAllApiTokens',
        tags,
        response: { 200: ApiTokensSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ tokens: await tokens.list(request.caller) }),
  );

  app.post(
    '/api/admin/api-tokens',
    {
      config: { permission: ['CREATE_CLIENT_API_TOKEN', 'CREATE_FRONTEND_API_TOKEN'] },
      schema: {
        operationId: 'createApiToken',
        tags,
        body: CreateApiTokenSchema,
        response: { 201: ApiTokenSchema, ...errorResponses(400, 401, 403, 415) },
      },
    },
    async (request, reply) => reply.status(201).send(await tokens.create(request.body, request.caller)),
  );
}

function registerCdnTokenRoutes(app: App, { tokens }: { tokens: ApiTokenService }): void {
  // CDN tokens (issue 31 §5): frontend tokens, so the frontend token permissions guard them.
  app.get(
    '/api/admin/cdn/tokens',
    {
      config: { permission: 'READ_FRONTEND_API_TOKEN' },
      schema: {
        operationId: 'getCDNTokens',
        tags,
        response: { 200: CdnApiTokensSchema, ...errorResponses(401, 403) },
      },
    },
    async () => tokens.listCdn(),
  );

  app.post(
    '/api/admin/cdn/tokens',
    {
      config: { permission: 'CREATE_FRONTEND_API_TOKEN' },
      schema: {
        operationId: 'createCDNToken',
        tags,
        body: CdnApiTokenSchema,
        response: { 202: CreatedCdnApiTokenSchema, ...errorResponses(400, 401, 403, 415) },
      },
    },
    async (request, reply) => reply.status(202).send(await tokens.createCdn(request.body, request.caller)),
  );
}

/** Admin tokens by name and by secret. */
function registerTokenByNameRoutes(app: App, { tokens }: { tokens: ApiTokenService }): void {
  app.get(
    '/api/admin/api-tokens/:name',
    {
      config: { permission: ['READ_CLIENT_API_TOKEN', 'READ_FRONTEND_API_TOKEN'] },
      schema: {
        operationId: 'getApiTokensByName',
        tags,
        params: ApiTokenNameParamsSchema,
        response: { 200: ApiTokensSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ tokens: await tokens.listByName(request.params.name, request.caller) }),
  );

  app.put(
    '/api/admin/api-tokens/:token',
    {
      config: { permission: ['UPDATE_CLIENT_API_TOKEN', 'UPDATE_FRONTEND_API_TOKEN'] },
      schema: {
        operationId: 'updateApiToken',
        tags,
        params: ApiTokenParamsSchema,
        body: UpdateApiTokenSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 415) },
      },
    },
    async (request, reply) => {
      await tokens.updateExpiry(request.params.token, request.body.expiresAt, request.caller);
      return reply.send();
    },
  );

  app.delete(
    '/api/admin/api-tokens/:token',
    {
      config: { permission: ['DELETE_CLIENT_API_TOKEN', 'DELETE_FRONTEND_API_TOKEN'] },
      schema: {
        operationId: 'deleteApiToken',
        tags,
        params: ApiTokenParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await tokens.remove(request.params.token, request.caller);
      return reply.send();
    },
  );
}

/** Project tokens (the "Projects" tag). */
function registerProjectTokenRoutes(app: App, { tokens }: { tokens: ApiTokenService }): void {
  app.get(
    '/api/admin/projects/:projectId/api-tokens',
    {
      config: { permission: 'READ_PROJECT_API_TOKEN' },
      schema: {
        operationId: 'getProjectApiTokens',
        tags: ['Projects'],
        params: ProjectParams,
        response: { 200: ApiTokensSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ tokens: await tokens.listForProject(request.params.projectId) }),
  );

  app.post(
    '/api/admin/projects/:projectId/api-tokens',
    {
      config: { permission: 'CREATE_PROJECT_API_TOKEN' },
      schema: {
        operationId: 'createProjectApiToken',
        tags: ['Projects'],
        params: ProjectParams,
        body: CreateProjectApiTokenSchema,
        response: { 201: ApiTokenSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await tokens.createForProject(request.params.projectId, request.body, request.caller)),
  );

  app.delete(
    '/api/admin/projects/:projectId/api-tokens/:token',
    {
      config: { permission: 'DELETE_PROJECT_API_TOKEN' },
      schema: {
        operationId: 'deleteProjectApiToken',
        tags: ['Projects'],
        params: ProjectApiTokenParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await tokens.remove(request.params.token, request.caller, request.params.projectId);
      return reply.send();
    },
  );
}

function registerEdgeValidateRoute(app: App, { tokens }: { tokens: ApiTokenService }): void {
  // Open without credentials, as in Unleash, so bounded: the body as Unleash's express.json()
  // (100 kB, 413 beyond), the list (EDGE_VALIDATE_MAX_TOKENS), and requests per client IP.
  app.post(
    '/edge/validate',
    {
      bodyLimit: EDGE_VALIDATE_BODY_LIMIT,
      config: { permission: 'NONE', rateLimit: perMinute(EDGE_VALIDATE_PER_MINUTE) },
      schema: {
        operationId: 'getValidTokens',
        tags: ['Unleash Edge'],
        body: TokenStringListSchema,
        response: { 200: ValidatedEdgeTokensSchema, ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request) => tokens.validateForEdge(request.body.tokens),
  );
}
