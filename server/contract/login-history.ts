import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';

/**
 * Login history (issue 19; Unleash Enterprise's `GET /api/admin/logins`, loginHistorySchema and
 * loginEventSchema in shared/unleash/SCHEMAS.md, snake_case fields as Unleash has them).
 */

/** The authentication methods recorded; SSO branches add theirs under these names. */
export const LOGIN_AUTH_TYPES = ['password', 'open-id-connect', 'saml'] as const;
export type LoginAuthType = (typeof LOGIN_AUTH_TYPES)[number];

export const LoginEventSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  username: Type.Optional(Type.String()),
  auth_type: Type.Optional(Type.String()),
  created_at: Type.Optional(DateTimeSchema),
  successful: Type.Optional(Type.Boolean()),
  ip: Type.Optional(Nullable(Type.String())),
  failure_reason: Type.Optional(Nullable(Type.String())),
});
export type LoginEvent = Static<typeof LoginEventSchema>;

export const LoginHistorySchema = Type.Object({ events: Type.Array(LoginEventSchema) });
export type LoginHistory = Static<typeof LoginHistorySchema>;

/** Most events one answer holds (newest first); the retention bounds the table anyway. */
export const LOGIN_HISTORY_MAX_LIMIT = 10_000;
export const LOGIN_HISTORY_DEFAULT_LIMIT = 1000;

/**
 * Switchyard's additions, all optional (Unleash takes none): `q` matches username or IP,
 * `successful` keeps one outcome, `format=csv` answers text/csv (as does `Accept: text/csv`).
 */
export const LoginHistoryQuerySchema = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  successful: Type.Optional(Type.Boolean()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LOGIN_HISTORY_MAX_LIMIT })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])),
});
export type LoginHistoryQuery = Static<typeof LoginHistoryQuerySchema>;
