import { Type } from 'typebox';
import {
  ContextFieldSchema,
  ContextFieldStrategiesSchema,
  ContextFieldsSchema,
  CreateContextFieldSchema,
  EmptyResponseSchema,
  errorResponses,
  LegalValueSchema,
  NameSchema,
  type Permission,
  UpdateContextFieldSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { actorFromRequest } from '../events';
import { type ContextFieldService, createContextFieldService } from './context-field-service';

const tags = ['Context'];
const FieldParams = Type.Object({ contextField: Type.String() });
const ProjectFieldParams = Type.Object({ projectId: Type.String(), contextField: Type.String() });

/** The root scope, and Unleash's beta project-scoped one with its own permissions and operationIds. */
interface ContextFieldScope {
  prefix: string;
  params: typeof FieldParams | typeof ProjectFieldParams;
  suffix: string;
  permissions: Record<string, Permission>;
  projectOf: (params: Record<string, string>) => string | undefined;
}

const SCOPES: ContextFieldScope[] = [
  {
    prefix: '/api/admin/context',
    params: FieldParams,
    suffix: '',
    permissions: {
      create: 'CREATE_CONTEXT_FIELD',
      update: 'UPDATE_CONTEXT_FIELD',
      delete: 'DELETE_CONTEXT_FIELD',
    } as Record<string, Permission>,
    projectOf: (_params: Record<string, string>): string | undefined => undefined,
  },
  {
    prefix: '/api/admin/projects/:projectId/context',
    params: ProjectFieldParams,
    suffix: 'ForProject',
    permissions: {
      create: 'UPDATE_PROJECT_CONTEXT',
      update: 'UPDATE_PROJECT_CONTEXT',
      delete: 'UPDATE_PROJECT_CONTEXT',
    } as Record<string, Permission>,
    projectOf: (params: Record<string, string>): string | undefined => params.projectId,
  },
];

/** The list's path parameters (the project scope's `projectId`), and the scope's operationId. */
function scopeNaming(scope: ContextFieldScope) {
  const listParams = scope.suffix ? Type.Object({ projectId: Type.String() }) : undefined;
  const op = (id: string) => `${id}${scope.suffix}`;
  return { listParams, op };
}

/** List, create and validate context fields of a scope. */
function registerContextFieldListRoutes(
  app: App,
  service: ContextFieldService,
  scope: ContextFieldScope,
): void {
  const { listParams, op } = scopeNaming(scope);
  app.get(
    scope.prefix,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: op('getContextFields'),
        tags,
        ...(listParams ? { params: listParams } : {}),
        querystring: Type.Object({ include: Type.Optional(Type.String()) }),
        response: { 200: ContextFieldsSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.list(scope.projectOf(request.params as Record<string, string>)),
  );

  app.post(
    scope.prefix,
    {
      config: { permission: scope.permissions.create },
      schema: {
        operationId: op('createContextField'),
        tags,
        ...(listParams ? { params: listParams } : {}),
        body: CreateContextFieldSchema,
        response: { 201: ContextFieldSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request, reply) => {
      const project = scope.projectOf(request.params as Record<string, string>);
      const body = project ? { ...request.body, project } : request.body;
      const field = await service.create(body, actorFromRequest(request));
      return reply.status(201).send(field);
    },
  );

  app.post(
    `${scope.prefix}/validate`,
    {
      config: { permission: scope.permissions.create },
      schema: {
        operationId: op('validateContextFieldName'),
        tags,
        ...(listParams ? { params: listParams } : {}),
        body: NameSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 409, 415) },
      },
    },
    async (request, reply) => {
      await service.validateName(request.body.name);
      return reply.status(200).send();
    },
  );
}

/** One context field of a scope: read, update and delete. */
function registerContextFieldItemRoutes(
  app: App,
  service: ContextFieldService,
  scope: ContextFieldScope,
): void {
  const { op } = scopeNaming(scope);
  app.get(
    `${scope.prefix}/:contextField`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: op('getContextField'),
        tags,
        params: scope.params,
        response: { 200: ContextFieldSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => service.get((request.params as { contextField: string }).contextField),
  );

  app.put(
    `${scope.prefix}/:contextField`,
    {
      config: { permission: scope.permissions.update },
      schema: {
        operationId: op('updateContextField'),
        tags,
        params: scope.params,
        body: UpdateContextFieldSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      const params = request.params as Record<string, string>;
      const project = scope.projectOf(params);
      const body = project ? { ...request.body, project } : request.body;
      await service.update(params.contextField!, body, actorFromRequest(request));
      return reply.status(200).send();
    },
  );

  app.delete(
    `${scope.prefix}/:contextField`,
    {
      config: { permission: scope.permissions.delete },
      schema: {
        operationId: op('deleteContextField'),
        tags,
        params: scope.params,
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.remove(
        (request.params as { contextField: string }).contextField,
        actorFromRequest(request),
      );
      return reply.status(200).send();
    },
  );
}

/** A context field's legal values, and the strategies using it. */
function registerLegalValueRoutes(app: App, service: ContextFieldService, scope: ContextFieldScope): void {
  const { op } = scopeNaming(scope);
  app.post(
    `${scope.prefix}/:contextField/legal-values`,
    {
      config: { permission: scope.permissions.update },
      schema: {
        operationId: op('updateContextFieldLegalValue'),
        tags,
        params: scope.params,
        body: LegalValueSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      const { contextField } = request.params as { contextField: string };
      await service.upsertLegalValue(contextField, request.body, actorFromRequest(request));
      return reply.status(200).send();
    },
  );

  app.delete(
    `${scope.prefix}/:contextField/legal-values/:legalValue`,
    {
      config: { permission: scope.permissions.update },
      schema: {
        operationId: op('deleteContextFieldLegalValue'),
        tags,
        params: Type.Object({ ...scope.params.properties, legalValue: Type.String() }),
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { contextField, legalValue } = request.params as { contextField: string; legalValue: string };
      await service.deleteLegalValue(contextField, legalValue, actorFromRequest(request));
      return reply.status(200).send();
    },
  );

  app.get(
    `${scope.prefix}/:contextField/strategies`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: scope.suffix ? 'getStrategiesByContextFieldForProject' : 'getStrategiesByContextField',
        tags: ['Strategies'],
        params: scope.params,
        response: { 200: ContextFieldStrategiesSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({
      strategies: await service.strategiesUsing((request.params as { contextField: string }).contextField),
    }),
  );
}

/**
 * Context fields (shared/unleash/API.md §6 "Context"), at the root and, as Unleash's beta
 * project-scoped variant, under `/api/admin/projects/:projectId/context`.
 */
export async function contextFieldRoutes(app: App, { db }: { db: Db }): Promise<void> {
  const service = createContextFieldService(db);
  for (const scope of SCOPES) {
    registerContextFieldListRoutes(app, service, scope);
    registerContextFieldItemRoutes(app, service, scope);
    registerLegalValueRoutes(app, service, scope);
  }
}
