import {
  CreateInvitedUserSchema,
  EmptyResponseSchema,
  errorResponses,
  PublicSignupTokenCreateSchema,
  PublicSignupTokenSchema,
  PublicSignupTokensSchema,
  PublicSignupTokenUpdateSchema,
  SignupTokenParamsSchema,
  UserSchema,
} from '../../../contract';
import type { Config } from '../../config';
import type { App } from '../../http/app-type';
import { publicUrlOf } from '../../http/public-url';
import { actorOf } from '../../lib/caller';
import type { SignupTokenService } from './signup-token-service';

const tags = ['Public signup tokens'];

/**
 * Invite links (shared/unleash/API.md §6 "Public signup tokens", §10.4). Beyond Unleash, only a
 * hash of each link's secret is stored (STORED_HASHED says how the wire shows that).
 */
const STORED_HASHED =
  "Switchyard stores only a hash of an invite link's secret: `secret` and `url` are the real ones only in the answer that creates the link. Elsewhere `secret` is the link's id (the hash), which the admin routes accept in place of the secret, and `url` is null (Unleash returns both every time).";

export async function signupTokenRoutes(app: App, deps: SignupTokenRouteDeps): Promise<void> {
  registerInviteLinkAdminRoutes(app, deps);
  registerInviteLinkPublicRoutes(app, deps);
}

interface SignupTokenRouteDeps {
  invites: SignupTokenService;
  config: Config;
}

/** The admin's invite links. */
function registerInviteLinkAdminRoutes(app: App, { invites, config }: SignupTokenRouteDeps): void {
  app.get(
    '/api/admin/invite-link/tokens',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'getAllPublicSignupTokens',
        tags,
        description: STORED_HASHED,
        response: { 200: PublicSignupTokensSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ tokens: await invites.list(publicUrlOf(request, config)) }),
  );

  app.post(
    '/api/admin/invite-link/tokens',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'createPublicSignupToken',
        tags,
        description: STORED_HASHED,
        body: PublicSignupTokenCreateSchema,
        response: { 201: PublicSignupTokenSchema, ...errorResponses(400, 401, 403, 415) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await invites.create(request.body, actorOf(request.caller), publicUrlOf(request, config))),
  );

  app.get(
    '/api/admin/invite-link/tokens/:token',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'getPublicSignupToken',
        tags,
        description: STORED_HASHED,
        params: SignupTokenParamsSchema,
        response: { 200: PublicSignupTokenSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => invites.get(request.params.token, publicUrlOf(request, config)),
  );

  app.put(
    '/api/admin/invite-link/tokens/:token',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'updatePublicSignupToken',
        tags,
        params: SignupTokenParamsSchema,
        body: PublicSignupTokenUpdateSchema,
        response: { 200: PublicSignupTokenSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) =>
      invites.update(
        request.params.token,
        request.body,
        actorOf(request.caller),
        publicUrlOf(request, config),
      ),
  );
}

/** The public side: validate a link, sign up through it. */
function registerInviteLinkPublicRoutes(app: App, { invites }: SignupTokenRouteDeps): void {
  app.get(
    '/invite/:token/validate',
    {
      config: { permission: 'NONE' },
      schema: {
        operationId: 'validatePublicSignupToken',
        tags,
        params: SignupTokenParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      await invites.validate(request.params.token);
      return reply.send();
    },
  );

  app.post(
    '/invite/:token/signup',
    {
      config: { permission: 'NONE' },
      schema: {
        operationId: 'addPublicSignupTokenUser',
        tags,
        params: SignupTokenParamsSchema,
        body: CreateInvitedUserSchema,
        response: { 201: UserSchema, ...errorResponses(400, 409, 415) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await invites.signup(request.params.token, request.body)),
  );
}
