import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { type Static, type TSchema, Type } from 'typebox';
import {
  ScimDocumentSchema,
  ScimErrorSchema,
  ScimGroupInputSchema,
  ScimGroupListSchema,
  ScimGroupSchema,
  ScimIdParamsSchema,
  type ScimListQuery,
  ScimListQuerySchema,
  type ScimPatch,
  ScimPatchSchema,
  ScimUserInputSchema,
  ScimUserListSchema,
  ScimUserSchema,
} from '../../../contract';
import type { Config } from '../../config';
import type { App } from '../../http/app-type';
import { registerScimJsonParser } from '../../http/content-type';
import { toApiError } from '../../http/error-handler';
import { publicUrlOf } from '../../http/public-url';
import { listOf, resourceTypes, schemas, serviceProviderConfig } from './scim-discovery';
import { ScimProblem, scimBody, scimNotFound } from './scim-error';
import type { ScimGroupService } from './scim-group-service';
import { projectScimAnswer, type ScimProjection, scimProjectionOf } from './scim-projection';
import type { ScimSettingsService } from './scim-settings-service';
import type { ScimUserService } from './scim-user-service';

export const SCIM_PATH = '/scim/v2';
const SCIM_TYPE = 'application/scim+json; charset=utf-8';
const tags = ['SCIM'];

export interface ScimRouteDependencies {
  config: Config;
  settings: ScimSettingsService;
  scimUsers: ScimUserService;
  scimGroups: ScimGroupService;
}

/** Anything thrown on /scim/v2 in SCIM's error schema (RFC 7644 §3.12), with the same status. */
function toScimProblem(error: unknown): ScimProblem {
  if (error instanceof ScimProblem) return error;
  const validation = Boolean((error as { validation?: unknown }).validation);
  const apiError = toApiError(error);
  const status = apiError.statusCode;
  const scimType =
    status === 409
      ? 'uniqueness'
      : status === 400
        ? validation
          ? 'invalidSyntax'
          : 'invalidValue'
        : undefined;
  const details = apiError.details
    .map((detail) => detail.message)
    .filter((message) => message !== apiError.message);
  const detail = [apiError.message, ...details.slice(0, 5)].join(' ');
  return new ScimProblem(status, detail, scimType);
}

const scimErrors = (...statuses: number[]): Record<number, TSchema> =>
  Object.fromEntries(statuses.map((status) => [status, ScimErrorSchema]));

/** Every SCIM route: no Unleash permission (the SCIM bearer token is checked below), SCIM bodies. */
const route = <const S extends Record<string, unknown>>(operationId: string, schema: S) => ({
  config: { permission: 'NONE' as const, scimJson: true },
  schema: { operationId, tags, ...schema },
});

/**
 * SCIM 2.0 (RFC 7644) for identity providers such as Okta and Entra ID: users, groups and the
 * discovery documents, under BASE_URI_PATH/scim/v2, authenticated by the bearer token of the SCIM
 * settings and answered in `application/scim+json`.
 */
export async function scimRoutes(app: App, deps: ScimRouteDependencies): Promise<void> {
  const { config, settings, scimUsers, scimGroups } = deps;
  registerScimJsonParser(app);
  const baseUrl = (request: FastifyRequest) => `${publicUrlOf(request, config)}${SCIM_PATH}`;

  registerScimErrorHandlers(app);
  registerScimBearerCheck(app, settings);
  registerScimProjection(app);
  registerScimDiscoveryRoutes(app, baseUrl);

  // Users and Groups (RFC 7644 §3.2–3.6): the same six operations on each.
  scimResourceRoutes(app, {
    baseUrl,
    path: '/Users',
    noun: 'User',
    inputSchema: ScimUserInputSchema,
    schema: ScimUserSchema,
    listSchema: ScimUserListSchema,
    service: scimUsers,
  });
  scimResourceRoutes(app, {
    baseUrl,
    path: '/Groups',
    noun: 'Group',
    inputSchema: ScimGroupInputSchema,
    schema: ScimGroupSchema,
    listSchema: ScimGroupListSchema,
    service: scimGroups,
  });
}

/** Errors and unknown paths answered in SCIM's error schema. */
function registerScimErrorHandlers(app: App): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const problem = toScimProblem(error);
    if (problem.status >= 500) request.log.error({ err: error }, 'SCIM request failed');
    reply.status(problem.status).type(SCIM_TYPE).send(scimBody(problem));
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    reply
      .status(404)
      .type(SCIM_TYPE)
      .send(scimBody(new ScimProblem(404, `${path} is not a SCIM endpoint`)));
  });
}

/** Every request needs the SCIM settings' bearer token, and SCIM enabled. */
function registerScimBearerCheck(app: App, settings: ScimSettingsService): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.type(SCIM_TYPE);
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^bearer\s+(\S{1,500})\s*$/i.exec(header) : null;
    if (!match) throw new ScimProblem(401, 'A SCIM bearer token is required (Authorization: Bearer <token>)');
    const verdict = await settings.accepts(match[1] as string);
    if (verdict === 'unknown') throw new ScimProblem(401, 'The SCIM bearer token is unknown or was replaced');
    if (verdict === 'disabled')
      throw new ScimProblem(403, 'SCIM provisioning is disabled in the SCIM settings');
  });
}

/**
 * RFC 7644 §3.4.2.5 / §3.9: any answer carrying Users or Groups may be narrowed. Read before the
 * handler so a malformed list is refused before anything changes.
 */
function registerScimProjection(app: App): void {
  const projections = new WeakMap<FastifyRequest, ScimProjection>();
  const RESOURCE_ROUTE = /\/(Users|Groups)(\/:id)?$/;
  app.addHook('preHandler', async (request) => {
    if (!RESOURCE_ROUTE.test(request.routeOptions.url ?? '')) return;
    const projection = scimProjectionOf(request.query);
    if (projection) projections.set(request, projection);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const projection = projections.get(request);
    if (!projection || reply.statusCode >= 300 || typeof payload !== 'string') return payload;
    return JSON.stringify(projectScimAnswer(JSON.parse(payload), projection));
  });
}

/** The discovery documents (RFC 7644 §4): service provider config, resource types, schemas. */
function registerScimDiscoveryRoutes(app: App, baseUrl: (request: FastifyRequest) => string): void {
  app.get(
    '/ServiceProviderConfig',
    route('getScimServiceProviderConfig', { response: { 200: ScimDocumentSchema, ...scimErrors(401, 403) } }),
    async (request) => serviceProviderConfig(baseUrl(request)),
  );
  app.get(
    '/ResourceTypes',
    route('getScimResourceTypes', { response: { 200: ScimDocumentSchema, ...scimErrors(401, 403) } }),
    async (request) => listOf(resourceTypes(baseUrl(request))),
  );
  app.get(
    '/ResourceTypes/:id',
    route('getScimResourceType', {
      params: ScimIdParamsSchema,
      response: { 200: ScimDocumentSchema, ...scimErrors(401, 403, 404) },
    }),
    async (request) => {
      const found = resourceTypes(baseUrl(request)).find((type) => type.id === request.params.id);
      if (!found) throw scimNotFound('Resource type', request.params.id);
      return found;
    },
  );
  app.get(
    '/Schemas',
    route('getScimSchemas', { response: { 200: ScimDocumentSchema, ...scimErrors(401, 403) } }),
    async (request) => listOf(schemas(baseUrl(request))),
  );
  app.get(
    '/Schemas/:id',
    route('getScimSchema', {
      params: ScimIdParamsSchema,
      response: { 200: ScimDocumentSchema, ...scimErrors(401, 403, 404) },
    }),
    async (request) => {
      const found = schemas(baseUrl(request)).find((schema) => schema.id === request.params.id);
      if (!found) throw scimNotFound('Schema', request.params.id);
      return found;
    },
  );
}

/** What a SCIM resource's service answers; ScimUserService and ScimGroupService both are one. */
interface ScimResourceService<Input, Resource, List> {
  list(query: ScimListQuery, baseUrl: string): Promise<List>;
  create(input: Input, baseUrl: string): Promise<Resource>;
  get(scimId: string, baseUrl: string): Promise<Resource>;
  replace(scimId: string, input: Input, baseUrl: string): Promise<Resource>;
  patch(scimId: string, patch: ScimPatch, baseUrl: string): Promise<Resource>;
  remove(scimId: string): Promise<void>;
}

interface ScimResource<I extends TSchema, R extends TSchema, L extends TSchema> {
  path: '/Users' | '/Groups';
  /** Names the operations: listScim<noun>s, createScim<noun>, … */
  noun: 'User' | 'Group';
  inputSchema: I;
  schema: R;
  listSchema: L;
  service: ScimResourceService<Static<I>, Static<R>, Static<L>>;
  baseUrl: (request: FastifyRequest) => string;
}

/** List, create, get, replace, patch and delete of one SCIM resource type. */
function scimResourceRoutes<I extends TSchema, R extends TSchema, L extends TSchema>(
  app: App,
  resource: ScimResource<I, R, L>,
): void {
  const { path, noun, inputSchema, schema, listSchema, service, baseUrl } = resource;
  const byId = `${path}/:id`;
  // TypeBox's type provider cannot resolve a generic schema's Static, so these routes are declared
  // on the untyped instance; the same schemas still validate requests and serialise answers, and
  // the accessors below give the handlers their types.
  const untyped = app as unknown as FastifyInstance;
  const plainRoute = (operationId: string, schema: Record<string, unknown>): RouteShorthandOptions =>
    route(operationId, schema);
  const inputOf = (request: FastifyRequest) => request.body as Static<I>;
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
  untyped.get(
    path,
    plainRoute(`listScim${noun}s`, {
      querystring: ScimListQuerySchema,
      response: { 200: listSchema, ...scimErrors(400, 401, 403) },
    }),
    async (request) => service.list(request.query as ScimListQuery, baseUrl(request)),
  );
  untyped.post(
    path,
    plainRoute(`createScim${noun}`, {
      body: inputSchema,
      response: { 201: schema, ...scimErrors(400, 401, 403, 409, 415) },
    }),
    async (request, reply) =>
      reply.status(201).send(await service.create(inputOf(request), baseUrl(request))),
  );
  untyped.get(
    byId,
    plainRoute(`getScim${noun}`, {
      params: ScimIdParamsSchema,
      response: { 200: schema, ...scimErrors(401, 403, 404) },
    }),
    async (request) => service.get(idOf(request), baseUrl(request)),
  );
  untyped.put(
    byId,
    plainRoute(`replaceScim${noun}`, {
      params: ScimIdParamsSchema,
      body: inputSchema,
      response: { 200: schema, ...scimErrors(400, 401, 403, 404, 409, 415) },
    }),
    async (request) => service.replace(idOf(request), inputOf(request), baseUrl(request)),
  );
  untyped.patch(
    byId,
    plainRoute(`patchScim${noun}`, {
      params: ScimIdParamsSchema,
      body: ScimPatchSchema,
      response: { 200: schema, ...scimErrors(400, 401, 403, 404, 409, 415) },
    }),
    async (request) => service.patch(idOf(request), request.body as ScimPatch, baseUrl(request)),
  );
  untyped.delete(
    byId,
    plainRoute(`deleteScim${noun}`, {
      params: ScimIdParamsSchema,
      response: { 204: Type.Null(), ...scimErrors(401, 403, 404) },
    }),
    async (request, reply) => {
      await service.remove(idOf(request));
      return reply.status(204).send(null);
    },
  );
}
