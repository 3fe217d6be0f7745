import { PasswordAuthSchema } from '../../../contract';
import type { App } from '../../http/app-type';
import { routeOptionsFor } from '../../http/route-options';
import { actorOf } from '../../lib/caller';
import type { PasswordLoginSettings } from './password-login-settings';

const options = routeOptionsFor(['Auth']);

/** The password-login switch (shared/unleash/API.md §6 "Auth": getSimpleSettings, setSimpleSettings). */
export async function passwordSettingsRoutes(
  app: App,
  { passwordLogin }: { passwordLogin: PasswordLoginSettings },
): Promise<void> {
  app.get(
    '/api/admin/auth/simple/settings',
    options({
      operationId: 'getSimpleSettings',
      permission: 'ADMIN',
      response: { 200: PasswordAuthSchema },
      errors: [401, 403],
    }),
    async () => passwordLogin.get(),
  );

  app.post(
    '/api/admin/auth/simple/settings',
    options({
      operationId: 'setSimpleSettings',
      permission: 'ADMIN',
      body: PasswordAuthSchema,
      response: { 200: PasswordAuthSchema },
      errors: [400, 401, 403, 415],
    }),
    async (request) => passwordLogin.set(request.body, actorOf(request.caller)),
  );
}
