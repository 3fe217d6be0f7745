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
import type { Caller, UserCaller } from '../../lib/caller';
import { ApiError } from '../../lib/errors';
import type { GroupService } from '../groups';
import { assertStrongPassword, type UserService } from '../users';
import { createAccountViewService } from './account-view-service';
import type { PasswordLoginSettings } from './password-login-settings';
import { activeSessionsOf, deleteSession, openSession } from './sessions';

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

type StartSession = (request: FastifyRequest, reply: FastifyReply, userId: number) => Promise<void>;

/** Opens a session and sets its cookie. */
function sessionStarter(db: Db, config: Config): StartSession {
  const ttlMs = config.sessionTtlHours * 3600 * 1000;
  const cookiePath = config.baseUriPath || '/';
  return async (request, reply, userId) => {
    const session = await openSession(db, userId, ttlMs);
    reply.setCookie(SESSION_COOKIE, session.id, {
      path: cookiePath,
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      expires: session.expiresAt,
    });
  };
}

/**
 * Password login and logout, password reset, and the signed-in user's own views
 * (shared/unleash/API.md §4.3 "Session login", §6 "Auth" and "Users").
 */
export async function authRoutes(app: App, deps: AuthRouteDependencies): Promise<void> {
  await registerRouteRateLimits(app);
  const startSession = sessionStarter(deps.db, deps.config);
  registerLoginRoutes(app, deps, startSession);
  registerPasswordResetRoutes(app, deps);
  registerOwnAccountRoutes(app, deps, startSession);
}

/** Password login and logout. */
function registerLoginRoutes(app: App, deps: AuthRouteDependencies, startSession: StartSession): void {
  const { db, config, users, ready, passwordLogin } = deps;
  const cookiePath = config.baseUriPath || '/';

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
      return { ...user, activeSessions: await activeSessionsOf(db, record.id) };
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
}

/** Password reset links and the password policy check, all without a session. */
function registerPasswordResetRoutes(app: App, deps: AuthRouteDependencies): void {
  const { config, users } = deps;

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
}

/** The signed-in user's own views and password. */
function registerOwnAccountRoutes(app: App, deps: AuthRouteDependencies, startSession: StartSession): void {
  const { users } = deps;
  const views = createAccountViewService(deps);

  app.get(
    '/api/admin/user',
    {
      config: { permission: 'AUTHENTICATED', beforePasswordChange: true },
      schema: {
        operationId: 'getMe',
        tags: ['Users'],
        response: { 200: MeSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => views.me(request.caller),
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
    async (request) => views.profile(userOf(request.caller), await request.hiddenProjects()),
  );

  app.post(
    '/api/admin/user/change-password',
    {
      config: { permission: 'USER', beforePasswordChange: true },
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
