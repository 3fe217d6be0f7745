export { apiTokenRoutes } from './api-token-routes';
export type { ApiTokenRecord } from './api-token-rules';
export { type ApiTokenService, createApiTokenService, toApiToken } from './api-token-service';
export { edgeIssueTokenRoutes } from './edge-issue-token-routes';
export { hashSecret, parseApiTokenSecret } from './token-format';
