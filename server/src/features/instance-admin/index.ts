export { instanceAdminRoutes } from './instance-admin-routes';
export { createMaintenanceSetting, type MaintenanceSetting } from './maintenance-setting';
export { splashOfUser } from './splash-service';
