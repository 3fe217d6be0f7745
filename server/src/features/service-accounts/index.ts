export { serviceAccountRoutes } from './service-account-routes';
export { createServiceAccountService, type ServiceAccountService } from './service-account-service';
