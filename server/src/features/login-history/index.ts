/** Login history (issue 19): what other domains use. See README.md. */

export { loginHistoryRetentionJob } from './login-history-retention-job';
export { loginHistoryRoutes } from './login-history-routes';
export { LOGIN_FAILURE, type LoginAttempt, readLoginHistory, recordLogin } from './login-history-service';
