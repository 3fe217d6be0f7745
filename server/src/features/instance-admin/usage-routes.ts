import { LicensedUsersSchema, TelemetrySettingsSchema } from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { routeOptionsFor } from '../../http/route-options';
import { readLicensedUsers } from './usage-service';

const route = routeOptionsFor(['Instance Admin']);

/**
 * `GET /api/admin/telemetry/settings` and `GET /api/admin/licensed-users` (API.md §6, issue 31
 * §5): what the instance reports about itself and who uses it.
 */
export async function usageRoutes(app: App, { db, clock }: { db: Db; clock?: () => Date }) {
  const now = clock ?? (() => new Date());

  app.get(
    '/api/admin/telemetry/settings',
    route({
      operationId: 'getTelemetrySettings',
      permission: 'AUTHENTICATED',
      response: { 200: TelemetrySettingsSchema },
      errors: [401],
    }),
    // Switchyard never phones home (ui-config's versionInfo has no "latest" for the same reason).
    async () => ({ versionInfoCollectionEnabled: false, featureInfoCollectionEnabled: false }),
  );

  app.get(
    '/api/admin/licensed-users',
    route({
      operationId: 'getAllLicensedUsers',
      permission: 'ADMIN',
      response: { 200: LicensedUsersSchema },
      errors: [401, 403],
    }),
    async () => readLicensedUsers(db, now()),
  );
}
