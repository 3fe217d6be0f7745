import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { bannerRoutes } from './banner-routes';
import { createBannerService } from './banner-service';
import { licenseRoutes } from './license-routes';
import { maintenanceRoutes } from './maintenance-routes';
import type { MaintenanceSetting } from './maintenance-setting';
import { splashRoutes } from './splash-routes';
import { uiErrorRoutes } from './ui-error-routes';
import { usageRoutes } from './usage-routes';

/** Running the instance (issue 19): banners, maintenance, splash, license and UI errors; telemetry settings and licensed users (issue 31 §5). */
export async function instanceAdminRoutes(
  app: App,
  { db, maintenance }: { db: Db; maintenance: MaintenanceSetting },
): Promise<void> {
  await app.register(bannerRoutes, { banners: createBannerService(db) });
  await app.register(maintenanceRoutes, { maintenance });
  await app.register(splashRoutes, { db });
  await app.register(licenseRoutes, { db });
  await app.register(uiErrorRoutes, { db });
  await app.register(usageRoutes, { db });
}
