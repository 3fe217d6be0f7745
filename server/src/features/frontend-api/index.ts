export { registerFrontendFastPath } from './frontend-api-fast-path';
export { corsHeaders, FRONTEND_BODY_LIMIT, frontendApiRoutes } from './frontend-api-routes';
export { frontendContext } from './frontend-context';
export { allowedOrigin, createFrontendSettings, type FrontendSettings } from './frontend-settings';
