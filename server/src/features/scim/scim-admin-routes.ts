import {
  EmptyResponseSchema,
  ScimSettingsSchema,
  ScimTokenSchema,
  SetScimSettingsSchema,
} from '../../../contract';
import type { App } from '../../http/app-type';
import { routeOptionsFor } from '../../http/route-options';
import { actorOf } from '../../lib/caller';
import type { ScimGroupService } from './scim-group-service';
import type { ScimSettingsService } from './scim-settings-service';
import type { ScimUserService } from './scim-user-service';

const options = routeOptionsFor(['Auth']);
const usersOptions = routeOptionsFor(['Users']);

/**
 * SCIM settings, token generation and the bulk deletes of provisioned users and groups
 * (shared/unleash/API.md §6 "Auth" and "Users", §10.6).
 */
export async function scimAdminRoutes(
  app: App,
  deps: { settings: ScimSettingsService; scimUsers: ScimUserService; scimGroups: ScimGroupService },
): Promise<void> {
  const { settings, scimUsers, scimGroups } = deps;

  app.get(
    '/api/admin/scim-settings',
    options({
      operationId: 'getScimSettings',
      permission: 'ADMIN',
      response: { 200: ScimSettingsSchema },
      errors: [401, 403],
    }),
    async () => settings.get(),
  );

  app.post(
    '/api/admin/scim-settings',
    options({
      operationId: 'setScimSettings',
      permission: 'ADMIN',
      body: SetScimSettingsSchema,
      response: { 200: ScimSettingsSchema },
      errors: [400, 401, 403, 415],
    }),
    async (request) => settings.set(request.body.enabled, actorOf(request.caller)),
  );

  app.post(
    '/api/admin/scim-settings/generate-new-token',
    options({
      operationId: 'generateNewToken',
      permission: 'ADMIN',
      response: { 200: ScimTokenSchema },
      errors: [401, 403, 404],
    }),
    async (request) => settings.generateToken(actorOf(request.caller)),
  );

  app.delete(
    '/api/admin/user-admin/scim-users',
    usersOptions({
      operationId: 'deleteScimUsers',
      permission: 'ADMIN',
      response: { 200: EmptyResponseSchema },
      errors: [401, 403],
    }),
    async (request, reply) => {
      await scimUsers.removeAll(actorOf(request.caller));
      return reply.send();
    },
  );

  app.delete(
    '/api/admin/groups/scim-groups',
    usersOptions({
      operationId: 'deleteScimGroups',
      permission: 'ADMIN',
      response: { 200: EmptyResponseSchema },
      errors: [401, 403],
    }),
    async (request, reply) => {
      await scimGroups.removeAll(actorOf(request.caller));
      return reply.send();
    },
  );
}
