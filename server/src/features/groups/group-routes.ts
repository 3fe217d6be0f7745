import {
  CreateGroupSchema,
  EmptyResponseSchema,
  errorResponses,
  GroupIdParamsSchema,
  GroupSchema,
  GroupsSchema,
} from '../../../contract';
import type { App } from '../../http/app-type';
import { actorOf } from '../../lib/caller';
import type { GroupService } from './group-service';

const tags = ['Users'];

/** Groups (shared/unleash/API.md §6 "Users" groups, §10.7). */
export async function groupRoutes(app: App, { groups }: { groups: GroupService }): Promise<void> {
  app.get(
    '/api/admin/groups',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getGroups',
        tags,
        response: { 200: GroupsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ groups: await groups.list() }),
  );

  app.post(
    '/api/admin/groups',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'createGroup',
        tags,
        body: CreateGroupSchema,
        response: { 201: GroupSchema, ...errorResponses(400, 401, 403, 409, 415) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await groups.create(request.body, actorOf(request.caller))),
  );

  app.get(
    '/api/admin/groups/:groupId',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getGroup',
        tags,
        params: GroupIdParamsSchema,
        response: { 200: GroupSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => groups.get(request.params.groupId),
  );

  app.put(
    '/api/admin/groups/:groupId',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'updateGroup',
        tags,
        params: GroupIdParamsSchema,
        body: CreateGroupSchema,
        response: { 200: GroupSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => groups.update(request.params.groupId, request.body, actorOf(request.caller)),
  );

  app.delete(
    '/api/admin/groups/:groupId',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'deleteGroup',
        tags,
        params: GroupIdParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await groups.remove(request.params.groupId, actorOf(request.caller));
      return reply.send();
    },
  );
}
