import type { FastifyReply, FastifyRequest } from 'fastify';
import { type TSchema, Type } from 'typebox';
import {
  ManifestArchiveResponseSchema,
  type ManifestCreateFlag,
  ManifestCreateFlagSchema,
  ManifestEnvelopeSchema,
  ManifestErrorSchema,
  ManifestFlagResponseSchema,
  type ManifestUpdateFlag,
  ManifestUpdateFlagSchema,
  type Permission,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { toApiError } from '../../http/error-handler';
import { callerHas } from '../access';
import { actorFromRequest } from '../events';
import { capabilitiesOf } from './manifest-rules';
import { createManifestService, type ManifestService } from './manifest-service';

const TAGS = ['OpenFeature manifest'];
/** Where the CLI's base URL points: a project's (`…/api/admin/projects/P`) or the default project's. */
const PROJECT_BASE = '/api/admin/projects/:projectId/openfeature/v0/manifest';
const DEFAULT_BASE = '/openfeature/v0/manifest';
const DEFAULT_PROJECT = 'default';

const errors = (...statuses: number[]): Record<number, TSchema> =>
  Object.fromEntries(statuses.map((status) => [status, ManifestErrorSchema]));

function options(operationId: string, permission: Permission, schema: Record<string, unknown>) {
  return { config: { permission }, schema: { operationId, tags: TAGS, ...schema } };
}

const projectOf = (request: FastifyRequest) =>
  (request.params as { projectId?: string }).projectId ?? DEFAULT_PROJECT;

/** What the caller may do here, for `X-Manifest-Capabilities` (sync.yaml: "read,write,delete"). */
function capabilities(request: FastifyRequest): string {
  const context = { project: projectOf(request) };
  const may = (permission: Permission) => callerHas(request.caller, permission, context);
  return capabilitiesOf({
    create: may('CREATE_FEATURE'),
    update: may('UPDATE_FEATURE'),
    archive: may('DELETE_FEATURE'),
  });
}

/** Errors in the manifest API's own shape: `{error: {message, status, details}}`. */
function registerManifestErrors(app: App): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = toApiError(error);
    const status = apiError.statusCode;
    if (status >= 500) request.log.error({ err: error }, 'manifest request failed');
    const details = apiError.details
      .filter((detail) => detail.message !== apiError.message || detail.path)
      .map((detail) => ({
        ...(typeof detail.path === 'string' ? { field: detail.path.replace(/^\/(body\/)?/, '') } : {}),
        message: detail.message,
      }));
    reply.headers(apiError.headers);
    reply
      .status(status)
      .type('application/json')
      // `name` (Unleash's error name) beside the protocol's fields, for clients that tell refusals apart.
      .send({
        error: {
          message: apiError.message,
          status,
          name: apiError.errorName,
          ...(details.length ? { details } : {}),
        },
      });
  });
}

function registerAt(app: App, base: string, service: ManifestService, suffix: string): void {
  const params = base === PROJECT_BASE ? { params: Type.Object({ projectId: Type.String() }) } : {};
  const keyParams = Type.Object({
    ...(base === PROJECT_BASE ? { projectId: Type.String() } : {}),
    key: Type.String(),
  });
  app.get(
    base,
    options(`getOpenFeatureManifest${suffix}`, 'AUTHENTICATED', {
      ...params,
      response: { 200: ManifestEnvelopeSchema, ...errors(401, 403, 404) },
    }),
    async (request, reply) => {
      reply.header('x-manifest-capabilities', capabilities(request));
      return service.manifest(projectOf(request));
    },
  );
  app.post(
    `${base}/flags`,
    options(`createOpenFeatureManifestFlag${suffix}`, 'CREATE_FEATURE', {
      ...params,
      body: ManifestCreateFlagSchema,
      response: { 201: ManifestFlagResponseSchema, ...errors(400, 401, 403, 404, 409, 415) },
    }),
    async (request, reply) => {
      const created = await service.create(
        projectOf(request),
        request.body as ManifestCreateFlag,
        actorFromRequest(request),
      );
      reply.header('x-manifest-capabilities', capabilities(request));
      return reply.status(201).send(created);
    },
  );
  app.put(
    `${base}/flags/:key`,
    options(`updateOpenFeatureManifestFlag${suffix}`, 'UPDATE_FEATURE', {
      params: keyParams,
      body: ManifestUpdateFlagSchema,
      response: { 200: ManifestFlagResponseSchema, ...errors(400, 401, 403, 404, 409, 415) },
    }),
    async (request, reply) => {
      const { key } = request.params as { key: string };
      reply.header('x-manifest-capabilities', capabilities(request));
      return service.update(
        projectOf(request),
        key,
        request.body as ManifestUpdateFlag,
        actorFromRequest(request),
      );
    },
  );
  app.delete(
    `${base}/flags/:key`,
    options(`archiveOpenFeatureManifestFlag${suffix}`, 'DELETE_FEATURE', {
      params: keyParams,
      response: { 200: ManifestArchiveResponseSchema, ...errors(401, 403, 404, 409) },
    }),
    async (request, reply) => {
      const { key } = request.params as { key: string };
      reply.header('x-manifest-capabilities', capabilities(request));
      return service.archive(projectOf(request), key, actorFromRequest(request));
    },
  );
}

/**
 * OpenFeature's Manifest Management API (open-feature/cli api/v0/sync.yaml) over a project's
 * flags: `openfeature pull --flag-source-url <server>/api/admin/projects/<project>` (or the bare
 * server URL for the default project) with a personal access token or admin token as bearer.
 */
export async function openFeatureManifestRoutes(app: App, { db }: { db: Db }): Promise<void> {
  const service = createManifestService(db);
  registerManifestErrors(app);
  registerAt(app, PROJECT_BASE, service, '');
  registerAt(app, DEFAULT_BASE, service, 'OfDefaultProject');
}
