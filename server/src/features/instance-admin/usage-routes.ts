import { LICENSED_USERS_HISTORY_DAYS, LicensedUsersSchema, TelemetrySettingsSchema } from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { routeOptionsFor } from '../../http/route-options';
import { licensedUserHistory, startOfUtcDay } from './licensed-users';
import { licensedUsersStore } from './licensed-users-store';

const route = routeOptionsFor(['Instance Admin']);
const DAY_MS = 86_400_000;

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
    async () => {
      const at = now();
      const since = new Date(startOfUtcDay(at).getTime() - (LICENSED_USERS_HISTORY_DAYS - 1) * DAY_MS);
      const [current, changes] = await Promise.all([
        licensedUsersStore.currentCount(db),
        licensedUsersStore.changesSince(db, since),
      ]);
      return {
        seatCount: 0,
        licensedUsers: {
          current,
          history: licensedUserHistory(current, changes, LICENSED_USERS_HISTORY_DAYS, at),
        },
      };
    },
  );
}
