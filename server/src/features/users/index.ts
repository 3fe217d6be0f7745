export { INACTIVE_AFTER_DAYS } from './inactive-users';
export { assertStrongPassword } from './password-hash';
export type { UserLinkMail, UserMail } from './user-mail';
export { userRoutes } from './user-routes';
export {
  createUserService,
  PASSWORD_MISMATCH,
  toUser,
  type UserService,
  type UserServiceHooks,
} from './user-service';
export type { UserRecord } from './user-store';
