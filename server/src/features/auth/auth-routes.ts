import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  ChangePasswordSchema,
  EmailSchema,
  EmptyResponseSchema,
  errorResponses,
  LoginSchema,
  MeSchema,
  PasswordSchema,
  ProfileSchema,
  ResetTokenQuerySchema,
  SESSION_COOKIE,
  TokenUserSchema,
  UserSchema,
  ValidatePasswordSchema,
} from '../../../contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { publicUrlOf } from '../../http/public-url';
import { perMinute, registerRouteRateLimits } from '../../http/rate-limit';
import { ADMIN_TOKEN_USER_ID, type Caller, type UserCaller } from '../../lib/caller';
import { ApiError } from '../../lib/errors';
import { getRole, groupIdsOfUser, listGrants, projectsOfUser, rootRolesOfUsers, toRole } from '../access';
import { listUserFeedback } from '../feedback';
import type { GroupService } from '../groups';
import { splashOfUser } from '../instance-admin';
import { subscriptionsOf } from '../notifications';
import { assertStrongPassword, type UserService } from '../users';
import type { PasswordLoginSettings } from './password-login-settings';
import { countSessionsOfUser, createSession, deleteExpiredSessions, deleteSession } from './session-store';

export interface AuthRouteDependencies {
  db: Db;
  config: Config;
  users: UserService;
  groups: GroupService;
  /** Resolves once the first user and configured tokens exist (see bootstrap). */
  ready: () => Promise<void>;
  passwordLogin: PasswordLoginSettings;
  /** Single sign-out: the identity provider's logout URL for a session signed in through it. */
  singleSignOutUrl?: (
    sessionId: string,
    signedOutUrl: string,
    publicUrl: string,
  ) => Promise<string | undefined>;
}

function userOf(caller: Caller): UserCaller {
  if (caller.kind !== 'user') throw new ApiError('ForbiddenError', 'This operation needs a signed-in user.');
  return caller;
}

/**
 * Password login and logout, password reset, and the signed-in user's own views
 * (shared/unleash/API.md §4.3 "Session login", §6 "Auth" and "Users").
 */
export async function authRoutes(app: App, deps: AuthRouteDependencies): Promise<void> {
  const { db, config, users, groups, ready, passwordLogin } = deps;
  const ttlMs = config.sessionTtlHours * 3600 * 1000;
  const cookiePath = config.baseUriPath || '/';

  await registerRouteRateLimits(app);

  async function startSession(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
    await deleteExpiredSessions(db);
    const session = await createSession(db, userId, ttlMs);
    reply.setCookie(SESSION_COOKIE, session.id, {
      path: cookiePath,
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      expires: session.expiresAt,
    });
  }

  app.post(
    '/auth/simple/login',
    {
      config: { permission: 'NONE', rateLimit: perMinute(config.loginRateLimitPerMinute) },
      schema: {
        operationId: 'login',
        tags: ['Auth'],
        body: LoginSchema,
        response: { 200: UserSchema, ...errorResponses(400, 401, 403, 415, 429) },
      },
    },
    async (request, reply) => {
      await ready();
      await passwordLogin.assertLoginAllowed();
      const record = await users.verifyLogin(request.body.username, request.body.password, {
        ip: request.ip ?? null,
      });
      await startSession(request, reply, record.id);
      const user = await users.get(record.id);
      return { ...user, activeSessions: await countSessionsOfUser(db, record.id) };
    },
  );

  app.post(
    '/logout',
    {
      config: { permission: 'NONE' },
      schema: { operationId: 'logout', tags: ['Auth'], response: { 302: Type.Null() } },
    },
    async (request, reply) => {
      const sessionId = request.cookies[SESSION_COOKIE];
      if (sessionId) await deleteSession(db, sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: cookiePath });
      // As Unleash: the browser lands on the signed-out page, through the identity provider's
      // logout when the session came from it and single sign-out is on.
      const signedOut = `${config.baseUriPath}/signed-out`;
      const providerLogout =
        sessionId && deps.singleSignOutUrl
          ? await deps.singleSignOutUrl(
              sessionId,
              `${publicUrlOf(request, config)}/signed-out`,
              publicUrlOf(request, config),
            )
          : undefined;
      return reply.redirect(providerLogout ?? signedOut, 302);
    },
  );

  app.post(
    '/auth/reset/password',
    {
      config: { permission: 'NONE' },
      schema: {
        operationId: 'changePassword',
        tags: ['Auth'],
        body: ChangePasswordSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 415) },
      },
    },
    async (request, reply) => {
      await users.resetPassword(request.body.token, request.body.password);
      return reply.send();
    },
  );

  app.post(
    '/auth/reset/password-email',
    {
      config: { permission: 'NONE', rateLimit: perMinute(1) },
      schema: {
        operationId: 'sendResetPasswordEmail',
        tags: ['Auth'],
        body: EmailSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 415, 429) },
      },
    },
    async (request, reply) => {
      // With e-mail configured, a person with this address gets a reset link; without, an admin
      // hands out reset links (POST /api/admin/user-admin/reset-password). The answer never
      // reveals whether the address is known, and never waits for the SMTP server.
      const outcome = await users.requestPasswordReset(request.body.email, publicUrlOf(request, config));
      if (outcome === 'no-email')
        request.log.info('password reset by e-mail requested; e-mail is not configured');
      return reply.send();
    },
  );

  app.get(
    '/auth/reset/validate',
    {
      config: { permission: 'NONE' },
      schema: {
        operationId: 'validateToken',
        tags: ['Auth'],
        querystring: ResetTokenQuerySchema,
        response: { 200: TokenUserSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const token = request.query.token;
      if (!token) throw new ApiError('InvalidTokenError', 'The reset token is invalid, used or expired');
      return users.validateResetToken(token);
    },
  );

  app.post(
    '/auth/reset/validate-password',
    {
      config: { permission: 'NONE' },
      schema: {
        operationId: 'validatePassword',
        tags: ['Auth'],
        body: ValidatePasswordSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 415) },
      },
    },
    async (request, reply) => {
      assertStrongPassword(request.body.password);
      return reply.send();
    },
  );

  app.get(
    '/api/admin/user',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getMe',
        tags: ['Users'],
        response: { 200: MeSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const caller = request.caller;
      if (caller.kind === 'user') {
        return {
          user: await users.get(caller.id),
          permissions: listGrants(caller.grants),
          feedback: await listUserFeedback(db, caller.id),
          splash: await splashOfUser(db, caller.id),
        };
      }
      // An admin API token: no user behind it, so a pseudo user (Unleash's id -42).
      const name = caller.kind === 'api-token' ? caller.tokenName : 'unknown';
      return {
        user: { id: ADMIN_TOKEN_USER_ID, username: name, name, permissions: ['ADMIN'] },
        permissions: [{ permission: 'ADMIN' }],
        feedback: [],
        splash: {},
      };
    },
  );

  app.get(
    '/api/admin/user/profile',
    {
      config: { permission: 'USER' },
      schema: {
        operationId: 'getProfile',
        tags: ['Users'],
        response: { 200: ProfileSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const user = userOf(request.caller);
      const rootRoleId = (await rootRolesOfUsers(db, [user.id])).get(user.id);
      const rootRole = rootRoleId !== undefined ? await getRole(db, rootRoleId) : undefined;
      const groupList = await groups.getMany(await groupIdsOfUser(db, user.id));
      const hidden = await request.hiddenProjects();
      return {
        rootRole: rootRole ? toRole(rootRole) : { id: 0, type: 'root', name: 'None' },
        // Memberships are what makes a private project visible; the shared read model still has
        // the last word, so the profile never lists a project the caller's other views hide.
        projects: (await projectsOfUser(db, user.id)).filter((project) => !hidden.has(project)),
        groups: groupList.map((group) => ({
          id: group.id,
          name: group.name,
          description: group.description,
          mappingsSSO: group.mappingsSSO,
          rootRole: group.rootRole,
        })),
        subscriptions: await subscriptionsOf(db, user.id),
        features: [],
        canChangePassword: !user.isService,
      };
    },
  );

  app.post(
    '/api/admin/user/change-password',
    {
      config: { permission: 'USER' },
      schema: {
        operationId: 'changeMyPassword',
        tags: ['Users'],
        body: PasswordSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 415) },
      },
    },
    async (request, reply) => {
      const user = userOf(request.caller);
      await users.changeOwnPassword(user.id, request.body);
      // Changing the password ends every session; the one making the change gets a fresh one.
      if (user.via === 'session') await startSession(request, reply, user.id);
      return reply.send();
    },
  );
}
