import {
  AdminPermissionsSchema,
  CreateRoleSchema,
  EmptyResponseSchema,
  errorResponses,
  RoleIdParamsSchema,
  RolesSchema,
  RoleWithPermissionsSchema,
  RoleWithVersionSchema,
} from '../../../contract';
import type { App } from '../../http/app-type';
import { actorOf } from '../../lib/caller';
import type { RoleService } from './role-service';

const tags = ['Users'];

/** Roles and the permission catalogue (shared/unleash/API.md §6 "Users" roles, §7.2, §10.7). */
export async function roleRoutes(app: App, deps: { roles: RoleService }): Promise<void> {
  registerRoleListRoutes(app, deps);
  registerSingleRoleRoutes(app, deps);
}

/** The role list: read, create, validate. */
function registerRoleListRoutes(app: App, { roles }: { roles: RoleService }): void {
  app.get(
    '/api/admin/roles',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: { operationId: 'getRoles', tags, response: { 200: RolesSchema, ...errorResponses(401, 403) } },
    },
    async () => roles.list(),
  );

  app.post(
    '/api/admin/roles',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'createRole',
        tags,
        body: CreateRoleSchema,
        response: { 200: RoleWithVersionSchema, ...errorResponses(400, 401, 403, 409, 415) },
      },
    },
    async (request) => ({ version: 1, roles: await roles.create(request.body, actorOf(request.caller)) }),
  );

  app.post(
    '/api/admin/roles/validate',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'validateRole',
        tags,
        body: CreateRoleSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 409, 415) },
      },
    },
    async (request, reply) => {
      await roles.validate(request.body);
      return reply.send();
    },
  );
}

/** One role, and the permission catalogue. */
function registerSingleRoleRoutes(app: App, { roles }: { roles: RoleService }): void {
  app.get(
    '/api/admin/roles/:roleId',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getRoleById',
        tags,
        params: RoleIdParamsSchema,
        response: { 200: RoleWithPermissionsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => roles.get(request.params.roleId),
  );

  app.put(
    '/api/admin/roles/:roleId',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'updateRole',
        tags,
        params: RoleIdParamsSchema,
        body: CreateRoleSchema,
        response: { 200: RoleWithVersionSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => ({
      version: 1,
      roles: await roles.update(request.params.roleId, request.body, actorOf(request.caller)),
    }),
  );

  app.delete(
    '/api/admin/roles/:roleId',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'deleteRole',
        tags,
        params: RoleIdParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await roles.remove(request.params.roleId, actorOf(request.caller));
      return reply.send();
    },
  );

  app.get(
    '/api/admin/permissions',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getPermissions',
        tags: ['Auth'],
        response: { 200: AdminPermissionsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => roles.permissions(),
  );
}
