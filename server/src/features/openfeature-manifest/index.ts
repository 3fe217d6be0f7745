export { openFeatureManifestRoutes } from './manifest-routes';
