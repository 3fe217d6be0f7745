import { Type } from 'typebox';
import {
  EmptyResponseSchema,
  errorResponses,
  ProjectAccessConfigurationSchema,
  ProjectAccessSchema,
  ProjectAddAccessSchema,
  ProjectGroupParamsSchema,
  ProjectRolesBodySchema,
  ProjectRoleUsageSchema,
  ProjectUserParamsSchema,
  RoleIdParamsSchema,
  RolesSchema,
  ServiceAccountIdParamsSchema,
  UserAccessOverviewSchema,
  UserAccessQuerySchema,
  UserIdParamsSchema,
  UserRolesQuerySchema,
  UsersGroupsBaseSchema,
} from '../../../contract';
import type { App } from '../../http/app-type';
import { actorOf, type Caller } from '../../lib/caller';
import { ApiError, badData } from '../../lib/errors';
import type { ProjectAccessService } from './project-access-service';

const tags = ['Projects'];
const ProjectParams = Type.Object({ projectId: Type.String() });

function userIdOf(caller: Caller): number {
  if (caller.kind !== 'user') throw new ApiError('ForbiddenError', 'This operation needs a signed-in user.');
  return caller.id;
}

/** Project access and the access views (shared/unleash/API.md §6 "Projects" access routes, "Users"). */
export async function projectAccessRoutes(app: App, deps: { access: ProjectAccessService }): Promise<void> {
  registerProjectAccessListRoutes(app, deps);
  registerProjectMemberRoleRoutes(app, deps);
  registerProjectGroupRoleRoutes(app, deps);
  registerAccessViewRoutes(app, deps);
}

/** A project's whole access list: read, add to, replace. */
function registerProjectAccessListRoutes(app: App, { access }: { access: ProjectAccessService }): void {
  app.get(
    '/api/admin/projects/:projectId/access',
    {
      config: { permission: 'PROJECT_USER_ACCESS_READ' },
      schema: {
        operationId: 'getProjectAccess',
        tags,
        params: ProjectParams,
        response: { 200: ProjectAccessSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => access.get(request.params.projectId),
  );

  app.post(
    '/api/admin/projects/:projectId/access',
    {
      config: { permission: 'PROJECT_USER_ACCESS_WRITE' },
      schema: {
        operationId: 'addAccessToProject',
        tags,
        params: ProjectParams,
        body: ProjectAddAccessSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      await access.add(request.params.projectId, request.body, actorOf(request.caller));
      return reply.send();
    },
  );

  app.put(
    '/api/admin/projects/:projectId/access',
    {
      config: { permission: 'PROJECT_USER_ACCESS_WRITE' },
      schema: {
        operationId: 'setProjectAccess',
        tags,
        params: ProjectParams,
        body: ProjectAccessConfigurationSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      await access.set(request.params.projectId, request.body, actorOf(request.caller));
      return reply.send();
    },
  );
}

/** One user's roles in a project. */
function registerProjectMemberRoleRoutes(app: App, { access }: { access: ProjectAccessService }): void {
  app.put(
    '/api/admin/projects/:projectId/users/:userId/roles',
    {
      config: { permission: 'PROJECT_USER_ACCESS_WRITE' },
      schema: {
        operationId: 'setRolesForUser',
        tags,
        params: ProjectUserParamsSchema,
        body: ProjectRolesBodySchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      const { projectId, userId } = request.params;
      await access.setUserRoles(projectId, userId, request.body.roles, actorOf(request.caller));
      return reply.send();
    },
  );

  app.delete(
    '/api/admin/projects/:projectId/users/:userId/roles',
    {
      config: { permission: 'PROJECT_USER_ACCESS_WRITE' },
      schema: {
        operationId: 'removeUserAccess',
        tags,
        params: ProjectUserParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await access.removeUser(request.params.projectId, request.params.userId, actorOf(request.caller));
      return reply.send();
    },
  );
}

/** A group's roles in a project, and where a project role is used. */
function registerProjectGroupRoleRoutes(app: App, { access }: { access: ProjectAccessService }): void {
  app.put(
    '/api/admin/projects/:projectId/groups/:groupId/roles',
    {
      config: { permission: 'PROJECT_USER_ACCESS_WRITE' },
      schema: {
        operationId: 'setRolesForGroup',
        tags,
        params: ProjectGroupParamsSchema,
        body: ProjectRolesBodySchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      const { projectId, groupId } = request.params;
      await access.setGroupRoles(projectId, groupId, request.body.roles, actorOf(request.caller));
      return reply.send();
    },
  );

  app.delete(
    '/api/admin/projects/:projectId/groups/:groupId/roles',
    {
      config: { permission: 'PROJECT_USER_ACCESS_WRITE' },
      schema: {
        operationId: 'removeGroupAccess',
        tags,
        params: ProjectGroupParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await access.removeGroup(request.params.projectId, request.params.groupId, actorOf(request.caller));
      return reply.send();
    },
  );

  app.get(
    '/api/admin/projects/roles/:roleId/access',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'getRoleProjectAccess',
        tags,
        params: RoleIdParamsSchema,
        response: { 200: ProjectRoleUsageSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => access.roleUsage(request.params.roleId),
  );
}

/** The access views of the Users and Service Accounts areas. */
function registerAccessViewRoutes(app: App, { access }: { access: ProjectAccessService }): void {
  app.get(
    '/api/admin/user/roles',
    {
      config: { permission: 'USER' },
      schema: {
        operationId: 'getUserRoles',
        tags: ['Users'],
        querystring: UserRolesQuerySchema,
        response: { 200: RolesSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const projectId = request.query.projectId;
      if (!projectId) throw badData('The query parameter projectId is required');
      return { version: 1, roles: await access.rolesOfUserInProject(userIdOf(request.caller), projectId) };
    },
  );

  app.get(
    '/api/admin/user-admin/access',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getBaseUsersAndGroups',
        tags: ['Users'],
        response: { 200: UsersGroupsBaseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => access.shareTargets(),
  );

  app.get(
    '/api/admin/user-admin/:id/permissions',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'getUserAccessOverview',
        tags: ['Users'],
        params: UserIdParamsSchema,
        querystring: UserAccessQuerySchema,
        response: { 200: UserAccessOverviewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => access.overview(request.params.id, request.query, false),
  );

  app.get(
    '/api/admin/service-account/:id/permissions',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'getServiceAccountPermissions',
        tags: ['Service Accounts'],
        params: ServiceAccountIdParamsSchema,
        querystring: UserAccessQuerySchema,
        response: { 200: UserAccessOverviewSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => access.overview(request.params.id, request.query, true),
  );
}
