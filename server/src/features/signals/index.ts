export { signalRoutes } from './signal-routes';
