export type { ExposureRecorder } from './exposure-port';
export { registerFrontendFastPath } from './frontend-api-fast-path';
export { corsHeaders, FRONTEND_BODY_LIMIT, frontendApiRoutes } from './frontend-api-routes';
export { frontendContext, sentSessionId } from './frontend-context';
export { allowedOrigin, createFrontendSettings, type FrontendSettings } from './frontend-settings';
