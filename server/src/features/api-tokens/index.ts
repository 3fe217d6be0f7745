export { apiTokenRoutes } from './api-token-routes';
export { type ApiTokenService, createApiTokenService, toApiToken } from './api-token-service';
export type { ApiTokenRecord } from './api-token-store';
export { edgeIssueTokenRoutes } from './edge-issue-token-routes';
export { hashSecret, parseApiTokenSecret } from './token-format';
