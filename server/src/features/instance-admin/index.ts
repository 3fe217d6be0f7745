import type { Db } from '../../db/database';
import { splashStore } from './splash-store';

export { instanceAdminRoutes } from './instance-admin-routes';
export { createMaintenanceSetting, type MaintenanceSetting } from './maintenance-setting';

/** The splash map of `GET /api/admin/user` (meSchema.splash). */
export const splashOfUser = (db: Db, userId: number) => splashStore.of(db, userId);
