import {
  AdminCountSchema,
  CreateUserResponseSchema,
  CreateUserSchema,
  EmptyResponseSchema,
  errorResponses,
  IdSchema,
  IdsSchema,
  InactiveUsersSchema,
  PasswordSchema,
  ResetPasswordSchema,
  UpdateUserSchema,
  UserIdParamsSchema,
  UserSchema,
  UserSearchQuerySchema,
  UsersSchema,
  UsersSearchSchema,
  ValidatePasswordSchema,
} from '../../../contract';
import type { Config } from '../../config';
import type { App } from '../../http/app-type';
import { publicUrlOf } from '../../http/public-url';
import { actorOf } from '../../lib/caller';
import { assertStrongPassword } from './password-hash';
import type { UserService } from './user-service';

const tags = ['Users'];

/** User administration (shared/unleash/API.md §6 "Users": `/api/admin/user-admin/*`). */
export async function userRoutes(app: App, deps: UserRouteDeps): Promise<void> {
  registerUserListRoutes(app, deps);
  registerInactiveUserRoutes(app, deps);
  registerUserPasswordRoutes(app, deps);
  registerSingleUserRoutes(app, deps);
}

interface UserRouteDeps {
  users: UserService;
  config: Config;
}

/** The user list: list, create, search, admin count. */
function registerUserListRoutes(app: App, { users, config }: UserRouteDeps): void {
  app.get(
    '/api/admin/user-admin',
    {
      config: { permission: 'ADMIN' },
      schema: { operationId: 'getUsers', tags, response: { 200: UsersSchema, ...errorResponses(401, 403) } },
    },
    async () => users.list(),
  );

  app.post(
    '/api/admin/user-admin',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'createUser',
        tags,
        body: CreateUserSchema,
        response: { 201: CreateUserResponseSchema, ...errorResponses(400, 401, 403, 415) },
      },
    },
    async (request, reply) => {
      const created = await users.create(request.body, actorOf(request.caller), publicUrlOf(request, config));
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/admin/user-admin/search',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'searchUsers',
        tags,
        querystring: UserSearchQuerySchema,
        response: { 200: UsersSearchSchema, ...errorResponses(401) },
      },
    },
    async (request) => users.search(request.query.q),
  );

  app.get(
    '/api/admin/user-admin/admin-count',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'getAdminCount',
        tags,
        response: { 200: AdminCountSchema, ...errorResponses(401, 403) },
      },
    },
    async () => users.adminCount(),
  );
}

/** Inactive users: list and delete. */
function registerInactiveUserRoutes(app: App, { users }: UserRouteDeps): void {
  app.get(
    '/api/admin/user-admin/inactive',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'getInactiveUsers',
        tags,
        response: { 200: InactiveUsersSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ version: 1, inactiveUsers: await users.inactive() }),
  );

  app.post(
    '/api/admin/user-admin/inactive/delete',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'deleteInactiveUsers',
        tags,
        body: IdsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 415) },
      },
    },
    async (request, reply) => {
      await users.deleteInactive(request.body.ids, actorOf(request.caller));
      return reply.send();
    },
  );
}

/** Password reset links and password validation. */
function registerUserPasswordRoutes(app: App, { users, config }: UserRouteDeps): void {
  app.post(
    '/api/admin/user-admin/reset-password',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'resetUserPassword',
        tags,
        body: IdSchema,
        response: { 200: ResetPasswordSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) => ({
      resetPasswordUrl: await users.createResetLink(
        request.body.id,
        actorOf(request.caller),
        publicUrlOf(request, config),
      ),
    }),
  );

  app.post(
    '/api/admin/user-admin/validate-password',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'validateUserPassword',
        tags,
        body: ValidatePasswordSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 415) },
      },
    },
    async (request, reply) => {
      assertStrongPassword(request.body.password);
      return reply.send();
    },
  );
}

/** One user: read, update, delete, set password. */
function registerSingleUserRoutes(app: App, { users }: UserRouteDeps): void {
  app.get(
    '/api/admin/user-admin/:id',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'getUser',
        tags,
        params: UserIdParamsSchema,
        response: { 200: UserSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => users.get(request.params.id),
  );

  app.put(
    '/api/admin/user-admin/:id',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'updateUser',
        tags,
        params: UserIdParamsSchema,
        body: UpdateUserSchema,
        response: { 200: CreateUserResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) => users.update(request.params.id, request.body, actorOf(request.caller)),
  );

  app.delete(
    '/api/admin/user-admin/:id',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'deleteUser',
        tags,
        params: UserIdParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await users.remove(request.params.id, actorOf(request.caller));
      return reply.send();
    },
  );

  app.post(
    '/api/admin/user-admin/:id/change-password',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'changeUserPassword',
        tags,
        params: UserIdParamsSchema,
        body: PasswordSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      await users.setPassword(request.params.id, request.body.password);
      return reply.send();
    },
  );
}
