/**
 * Identity for other domains: who is calling and what an API token may see. See README.md.
 */
export {
  ADMIN_TOKEN_USER_ID,
  ANONYMOUS,
  type ApiTokenCaller,
  type ApiTokenType,
  type AuditActor,
  actorOf,
  type Caller,
  type Grants,
  SYSTEM_ACTOR,
  scopeIncludesEnvironment,
  scopeIncludesProject,
  type TokenScope,
  tokenScopeOf,
  type UserCaller,
} from '../../lib/caller';
export { assertCallerHas, callerHas, type PermissionContext } from '../access';
export { authRoutes } from './auth-routes';
export { type Authenticator, createAuthenticator } from './authenticator';
export { createBootstrap, generatePassword } from './bootstrap';
export { createPasswordLoginSettings, type PasswordLoginSettings } from './password-login-settings';
export { passwordSettingsRoutes } from './password-settings-routes';
export { createSession, deleteSession, deleteSessionsOfUser } from './sessions';
