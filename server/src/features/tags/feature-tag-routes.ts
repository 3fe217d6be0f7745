import { Type } from 'typebox';
import {
  EmptyResponseSchema,
  errorResponses,
  TagSchema,
  TagsBulkAddSchema,
  TagsSchema,
  UpdateTagsSchema,
} from '../../../contract';
import type { App } from '../../http/app-type';
import { actorFromRequest } from '../events';
import type { TagService } from './tag-service';

const tags = ['Tags'];
const FeatureParams = Type.Object({ featureName: Type.String() });

/** List a flag's tags and add one. */
function registerFeatureTagReadAddRoutes(app: App, service: TagService): void {
  app.get(
    '/api/admin/features/:featureName/tags',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'listTags',
        tags: ['Features'],
        params: FeatureParams,
        response: { 200: TagsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      return { version: 1, tags: await service.listFeatureTags(request.params.featureName) };
    },
  );

  app.post(
    '/api/admin/features/:featureName/tags',
    {
      config: { permission: 'UPDATE_FEATURE' },
      schema: {
        operationId: 'addTag',
        tags: ['Features'],
        params: FeatureParams,
        body: TagSchema,
        response: { 201: TagSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      const tag = { type: request.body.type, value: request.body.value.trim() };
      await service.apply(
        {
          kind: 'update-feature-tags',
          featureName: request.params.featureName,
          addedTags: [tag],
          removedTags: [],
        },
        actorFromRequest(request),
      );
      return reply.status(201).send(tag);
    },
  );
}

/** Replace and remove a flag's tags, and change the tags of several flags of a project. */
function registerFeatureTagChangeRoutes(app: App, service: TagService): void {
  app.put(
    '/api/admin/features/:featureName/tags',
    {
      config: { permission: 'UPDATE_FEATURE' },
      schema: {
        operationId: 'updateTags',
        tags: ['Features'],
        params: FeatureParams,
        body: UpdateTagsSchema,
        response: { 200: TagsSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) => {
      const result = await service.apply(
        {
          kind: 'update-feature-tags',
          featureName: request.params.featureName,
          addedTags: request.body.addedTags,
          removedTags: request.body.removedTags,
        },
        actorFromRequest(request),
      );
      return { version: 1, tags: result };
    },
  );

  app.delete(
    '/api/admin/features/:featureName/tags/:type/:value',
    {
      config: { permission: 'UPDATE_FEATURE' },
      schema: {
        operationId: 'removeTag',
        tags: ['Features'],
        params: Type.Object({ featureName: Type.String(), type: Type.String(), value: Type.String() }),
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { featureName, type, value } = request.params;
      await service.apply(
        { kind: 'update-feature-tags', featureName, addedTags: [], removedTags: [{ type, value }] },
        actorFromRequest(request),
      );
      return reply.status(200).send();
    },
  );

  app.put(
    '/api/admin/projects/:projectId/tags',
    {
      config: { permission: 'UPDATE_FEATURE' },
      schema: {
        operationId: 'addTagToFeatures',
        tags,
        params: Type.Object({ projectId: Type.String() }),
        body: TagsBulkAddSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      const { features, tags: change } = request.body;
      await service.apply(
        {
          kind: 'update-project-feature-tags',
          project: request.params.projectId,
          features,
          addedTags: change.addedTags,
          removedTags: change.removedTags,
        },
        actorFromRequest(request),
      );
      return reply.status(200).send();
    },
  );
}

/** The tags of a flag, and of several flags of a project at once. */
export function registerFeatureTagRoutes(app: App, service: TagService): void {
  registerFeatureTagReadAddRoutes(app, service);
  registerFeatureTagChangeRoutes(app, service);
}
