export { assertStrongPassword } from './password-hash';
export { userRoutes } from './user-routes';
export {
  createUserService,
  INACTIVE_AFTER_DAYS,
  PASSWORD_MISMATCH,
  toUser,
  type UserLinkMail,
  type UserMail,
  type UserService,
  type UserServiceHooks,
} from './user-service';
export type { UserRecord } from './user-store';
