export { uiConfigRoutes } from './ui-config-routes';
