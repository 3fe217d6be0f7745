import { Type } from 'typebox';
import {
  CreateTagSchema,
  EmptyResponseSchema,
  errorResponses,
  TagsSchema,
  TagTypeSchema,
  TagTypesSchema,
  TagTypeWithVersionSchema,
  TagWithVersionSchema,
  UpdateTagTypeSchema,
  ValidateTagTypeSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { actorFromRequest } from '../events';
import { registerFeatureTagRoutes } from './feature-tag-routes';
import { createTagService, type TagService } from './tag-service';

const tags = ['Tags'];
const TypeParams = Type.Object({ type: Type.String() });
const TagParams = Type.Object({ type: Type.String(), value: Type.String() });
const NameParams = Type.Object({ name: Type.String() });

/** Tag types: list, create and validate. */
function registerTagTypeRoutes(app: App, service: TagService): void {
  app.get(
    '/api/admin/tag-types',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getTagTypes',
        tags,
        response: { 200: TagTypesSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ version: 1, tagTypes: await service.listTagTypes() }),
  );

  app.post(
    '/api/admin/tag-types',
    {
      config: { permission: 'CREATE_TAG_TYPE' },
      schema: {
        operationId: 'createTagType',
        tags,
        body: TagTypeSchema,
        response: { 201: TagTypeSchema, ...errorResponses(400, 401, 403, 409, 415) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.apply({ kind: 'create-tag-type', tagType: request.body }, actorFromRequest(request)),
        ),
  );

  app.post(
    '/api/admin/tag-types/validate',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'validateTagType',
        tags,
        body: TagTypeSchema,
        response: { 200: ValidateTagTypeSchema, ...errorResponses(400, 401, 403, 409, 415) },
      },
    },
    async (request) => {
      await service.validateTagType(request.body.name);
      return { valid: true, tagType: request.body };
    },
  );
}

/** One tag type: read, update and delete. */
function registerTagTypeItemRoutes(app: App, service: TagService): void {
  app.get(
    '/api/admin/tag-types/:name',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getTagType',
        tags,
        params: NameParams,
        response: { 200: TagTypeWithVersionSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      return { version: 1, tagType: await service.getTagType(request.params.name) };
    },
  );

  app.put(
    '/api/admin/tag-types/:name',
    {
      config: { permission: 'UPDATE_TAG_TYPE' },
      schema: {
        operationId: 'updateTagType',
        tags,
        params: NameParams,
        body: UpdateTagTypeSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 415) },
      },
    },
    async (request, reply) => {
      await service.apply(
        { kind: 'update-tag-type', name: request.params.name, changes: request.body },
        actorFromRequest(request),
      );
      return reply.status(200).send();
    },
  );

  app.delete(
    '/api/admin/tag-types/:name',
    {
      config: { permission: 'DELETE_TAG_TYPE' },
      schema: {
        operationId: 'deleteTagType',
        tags,
        params: NameParams,
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await service.apply({ kind: 'delete-tag-type', name: request.params.name }, actorFromRequest(request));
      return reply.status(200).send();
    },
  );
}

/** Tags: list (all or of one type), create, read and delete. */
function registerTagValueRoutes(app: App, service: TagService): void {
  app.get(
    '/api/admin/tags',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: { operationId: 'getTags', tags, response: { 200: TagsSchema, ...errorResponses(401, 403) } },
    },
    async () => ({ version: 1, tags: await service.listTags() }),
  );

  app.post(
    '/api/admin/tags',
    {
      config: { permission: 'UPDATE_FEATURE' },
      schema: {
        operationId: 'createTag',
        tags,
        body: CreateTagSchema,
        response: { 201: TagWithVersionSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request, reply) => {
      const tag = await service.apply({ kind: 'create-tag', tag: request.body }, actorFromRequest(request));
      return reply.status(201).send({ version: 1, tag });
    },
  );

  app.get(
    '/api/admin/tags/:type',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getTagsByType',
        tags,
        params: TypeParams,
        response: { 200: TagsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ version: 1, tags: await service.listTags(request.params.type) }),
  );

  app.get(
    '/api/admin/tags/:type/:value',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getTag',
        tags,
        params: TagParams,
        response: { 200: TagWithVersionSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { type, value } = request.params;
      return { version: 1, tag: await service.getTag(type, value) };
    },
  );

  app.delete(
    '/api/admin/tags/:type/:value',
    {
      config: { permission: 'UPDATE_FEATURE' },
      schema: {
        operationId: 'deleteTag',
        tags,
        params: TagParams,
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await service.apply({ kind: 'delete-tag', tag: request.params }, actorFromRequest(request));
      return reply.status(200).send();
    },
  );
}

/** Tag types, tags and the tags of flags (shared/unleash/API.md §6 "Tags", "Features"). */
export async function tagRoutes(app: App, { db }: { db: Db }): Promise<void> {
  const service = createTagService(db);
  registerTagTypeRoutes(app, service);
  registerTagTypeItemRoutes(app, service);
  registerTagValueRoutes(app, service);
  registerFeatureTagRoutes(app, service);
}
