export { ofrepRoutes } from './ofrep-routes';
