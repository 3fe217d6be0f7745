import { Type } from 'typebox';
import {
  CreateTagSchema,
  EmptyResponseSchema,
  errorResponses,
  TagSchema,
  TagsBulkAddSchema,
  TagsSchema,
  TagTypeSchema,
  TagTypesSchema,
  TagTypeWithVersionSchema,
  TagWithVersionSchema,
  UpdateTagsSchema,
  UpdateTagTypeSchema,
  ValidateTagTypeSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { App } from '../../http/app-type';
import { nameExists, notFound } from '../../lib/errors';
import { type Actor, actorFromRequest } from '../events';
import { applyTagOperation, checkTagTypeName, type TagOperation, tagTypeExists } from './tag-operations';
import { getTag, getTagType, listFeatureTags, listTags, listTagTypes } from './tag-store';

const tags = ['Tags'];
const TypeParams = Type.Object({ type: Type.String() });
const TagParams = Type.Object({ type: Type.String(), value: Type.String() });
const FeatureParams = Type.Object({ featureName: Type.String() });
const NameParams = Type.Object({ name: Type.String() });

/** Tag types, tags and the tags of flags (shared/unleash/API.md §6 "Tags", "Features"). */
export async function tagRoutes(app: App, { db }: { db: Db }): Promise<void> {
  const apply = <O extends TagOperation>(operation: O, actor: Actor) =>
    inTransaction(db, (trx) => applyTagOperation(trx, operation, actor));

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
    async () => ({ version: 1, tagTypes: await listTagTypes(db) }),
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
        .send(await apply({ kind: 'create-tag-type', tagType: request.body }, actorFromRequest(request))),
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
      checkTagTypeName(request.body.name);
      if (await getTagType(db, request.body.name)) throw nameExists(tagTypeExists(request.body.name));
      return { valid: true, tagType: request.body };
    },
  );

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
      const tagType = await getTagType(db, request.params.name);
      if (!tagType) throw notFound('Could not find tag-type');
      return { version: 1, tagType };
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
      await apply(
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
      await apply({ kind: 'delete-tag-type', name: request.params.name }, actorFromRequest(request));
      return reply.status(200).send();
    },
  );

  app.get(
    '/api/admin/tags',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: { operationId: 'getTags', tags, response: { 200: TagsSchema, ...errorResponses(401, 403) } },
    },
    async () => ({ version: 1, tags: await listTags(db) }),
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
      const tag = await apply({ kind: 'create-tag', tag: request.body }, actorFromRequest(request));
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
    async (request) => ({ version: 1, tags: await listTags(db, request.params.type) }),
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
      const tag = await getTag(db, type, value);
      if (!tag) throw notFound(`No tag with type: [${type}] and value [${value}]`);
      return { version: 1, tag };
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
      await apply({ kind: 'delete-tag', tag: request.params }, actorFromRequest(request));
      return reply.status(200).send();
    },
  );

  const requireFeature = async (featureName: string) => {
    const feature = await db
      .selectFrom('features')
      .select('name')
      .where('name', '=', featureName)
      .executeTakeFirst();
    if (!feature) throw notFound('No feature flag found');
  };

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
      await requireFeature(request.params.featureName);
      return { version: 1, tags: await listFeatureTags(db, request.params.featureName) };
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
      await apply(
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
      const result = await apply(
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
      await apply(
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
      await apply(
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
