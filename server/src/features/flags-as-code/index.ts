export { flagsAsCodeRoutes } from './flags-as-code-routes';
