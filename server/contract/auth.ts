import { type Static, Type } from 'typebox';
import { Nullable } from './admin-common';
import { RoleSchema } from './roles';

/**
 * Password login and password reset (shared/unleash/API.md §4.3 "Session login", §6 "Auth";
 * SCHEMAS.md loginSchema, changePasswordSchema, emailSchema, validatePasswordSchema,
 * tokenUserSchema).
 */

export const SESSION_COOKIE = 'unleash-session';

export const LoginSchema = Type.Object({ username: Type.String(), password: Type.String() });
export type Login = Static<typeof LoginSchema>;

export const ChangePasswordSchema = Type.Object(
  { token: Type.String(), password: Type.String() },
  { additionalProperties: false },
);
export type ChangePassword = Static<typeof ChangePasswordSchema>;

export const EmailSchema = Type.Object({ email: Type.String() }, { additionalProperties: false });

export const ValidatePasswordSchema = Type.Object(
  { password: Type.String() },
  { additionalProperties: false },
);

export const ResetTokenQuerySchema = Type.Object({ token: Type.Optional(Type.String()) });

export const TokenUserSchema = Type.Object({
  id: Type.Integer(),
  name: Type.Optional(Type.String()),
  email: Type.String(),
  token: Type.String(),
  createdBy: Nullable(Type.String()),
  role: RoleSchema,
});
export type TokenUser = Static<typeof TokenUserSchema>;
