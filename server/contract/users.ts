import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';
import { FeedbackResponseSchema } from './feedback';
import { BUILT_IN_ROLE_NAMES, RoleSchema } from './roles';

/**
 * Users, the signed-in user and passwords (shared/unleash/SCHEMAS.md userSchema,
 * createUserSchema, updateUserSchema, meSchema, profileSchema, passwordSchema and friends;
 * API.md §6 "Users" and "Auth").
 */

export const AccountTypeSchema = Type.Union([Type.Literal('User'), Type.Literal('Service Account')]);

export const UserSchema = Type.Object({
  id: Type.Integer(),
  name: Type.Optional(Nullable(Type.String())),
  email: Type.Optional(Type.String()),
  username: Type.Optional(Nullable(Type.String())),
  imageUrl: Type.Optional(Type.String()),
  inviteLink: Type.Optional(Type.String()),
  loginAttempts: Type.Optional(Type.Integer({ minimum: 0 })),
  emailSent: Type.Optional(Type.Boolean()),
  rootRole: Type.Optional(Type.Integer({ minimum: 0 })),
  seenAt: Type.Optional(Nullable(DateTimeSchema)),
  createdAt: Type.Optional(DateTimeSchema),
  accountType: Type.Optional(AccountTypeSchema),
  permissions: Type.Optional(Type.Array(Type.String())),
  scimId: Type.Optional(Nullable(Type.String())),
  activeSessions: Type.Optional(Nullable(Type.Integer())),
  /** Switchyard: the first admin still signs in with the generated password and must change it. */
  passwordChangeRequired: Type.Optional(Type.Boolean()),
});
export type User = Static<typeof UserSchema>;

/** A root role by id or by built-in name, as createUserSchema accepts it. */
export const RootRoleInputSchema = Type.Union([Type.Integer({ minimum: 0 }), Type.Enum(BUILT_IN_ROLE_NAMES)]);
export type RootRoleInput = Static<typeof RootRoleInputSchema>;

export const CreateUserResponseSchema = Type.Object({
  ...UserSchema.properties,
  rootRole: Type.Optional(RootRoleInputSchema),
});
export type CreateUserResponse = Static<typeof CreateUserResponseSchema>;

export const CreateUserSchema = Type.Object(
  {
    username: Type.Optional(Type.String({ minLength: 1 })),
    email: Type.Optional(Type.String({ minLength: 1 })),
    name: Type.Optional(Type.String()),
    password: Type.Optional(Type.String()),
    rootRole: RootRoleInputSchema,
    sendEmail: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreateUser = Static<typeof CreateUserSchema>;

export const UpdateUserSchema = Type.Object(
  {
    email: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
    rootRole: Type.Optional(RootRoleInputSchema),
  },
  { additionalProperties: false },
);
export type UpdateUser = Static<typeof UpdateUserSchema>;

export const UsersSchema = Type.Object({
  users: Type.Array(UserSchema),
  rootRoles: Type.Optional(Type.Array(RoleSchema)),
});
export type Users = Static<typeof UsersSchema>;

export const UsersSearchSchema = Type.Array(UserSchema);

export const UserSearchQuerySchema = Type.Object({ q: Type.Optional(Type.String()) });

export const AdminCountSchema = Type.Object({
  password: Type.Number(),
  noPassword: Type.Number(),
  service: Type.Number(),
});
export type AdminCount = Static<typeof AdminCountSchema>;

export const InactiveUserSchema = Type.Object({
  id: Type.Integer({ minimum: 0 }),
  name: Type.Optional(Nullable(Type.String())),
  email: Type.Optional(Type.String()),
  username: Type.Optional(Nullable(Type.String())),
  seenAt: Type.Optional(Nullable(DateTimeSchema)),
  createdAt: Type.Optional(DateTimeSchema),
  patSeenAt: Type.Optional(Nullable(DateTimeSchema)),
});
export type InactiveUser = Static<typeof InactiveUserSchema>;

export const InactiveUsersSchema = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  inactiveUsers: Type.Array(InactiveUserSchema),
});

/** At most this many users deleted in one request (Unleash sets no bound; the house does). */
export const MAX_BULK_IDS = 1000;

export const IdsSchema = Type.Object(
  { ids: Type.Array(Type.Integer({ minimum: 0 }), { maxItems: MAX_BULK_IDS }) },
  { additionalProperties: false },
);
export type Ids = Static<typeof IdsSchema>;

/** `POST /api/admin/user-admin/reset-password`: `id` is the user's e-mail, username or numeric id. */
export const IdSchema = Type.Object({ id: Type.String({ minLength: 1 }) }, { additionalProperties: false });

export const ResetPasswordSchema = Type.Object({ resetPasswordUrl: Type.String() });

export const PasswordSchema = Type.Object(
  {
    password: Type.String(),
    oldPassword: Type.Optional(Type.String()),
    confirmPassword: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type PasswordBody = Static<typeof PasswordSchema>;

export const UserIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 0 }) });

export const PermissionGrantSchema = Type.Object({
  permission: Type.String(),
  project: Type.Optional(Type.String()),
  environment: Type.Optional(Type.String()),
});
export type PermissionGrant = Static<typeof PermissionGrantSchema>;

export const MeSchema = Type.Object({
  user: UserSchema,
  permissions: Type.Array(PermissionGrantSchema),
  feedback: Type.Array(FeedbackResponseSchema),
  splash: Type.Record(Type.String(), Type.Boolean()),
});
export type Me = Static<typeof MeSchema>;

export const GroupItemSchema = Type.Object({
  id: Type.Optional(Type.Integer()),
  name: Type.String(),
  description: Type.Optional(Nullable(Type.String())),
  mappingsSSO: Type.Optional(Type.Array(Type.String())),
  rootRole: Type.Optional(Nullable(Type.Number())),
  scimId: Type.Optional(Nullable(Type.String())),
});
export type GroupItem = Static<typeof GroupItemSchema>;

export const ProfileSchema = Type.Object({
  rootRole: RoleSchema,
  projects: Type.Array(Type.String()),
  groups: Type.Array(GroupItemSchema),
  subscriptions: Type.Array(Type.String()),
  features: Type.Array(Type.Object({}, { additionalProperties: true })),
  canChangePassword: Type.Boolean(),
});
export type Profile = Static<typeof ProfileSchema>;

const PermissionOverviewItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  displayName: Type.String(),
  type: Type.String(),
  environment: Type.Optional(Type.String()),
  hasPermission: Type.Boolean(),
});

/** `GET /api/admin/user-admin/{id}/permissions` (userAccessOverviewSchema). */
export const UserAccessOverviewSchema = Type.Object({
  overview: Type.Object({
    root: Type.Array(PermissionOverviewItem),
    groups: Type.Array(GroupItemSchema),
    project: Type.Array(PermissionOverviewItem),
    environment: Type.Array(PermissionOverviewItem),
  }),
  user: UserSchema,
  rootRole: RoleSchema,
  projectRoles: Type.Array(
    Type.Object({
      ...RoleSchema.properties,
      permissions: Type.Array(
        Type.Object({
          id: Type.Integer(),
          name: Type.String(),
          displayName: Type.String(),
          type: Type.String(),
          environment: Type.Optional(Type.String()),
        }),
      ),
    }),
  ),
});
export type UserAccessOverview = Static<typeof UserAccessOverviewSchema>;

export const UserAccessQuerySchema = Type.Object({
  project: Type.Optional(Type.String()),
  environment: Type.Optional(Type.String()),
});

/**
 * `GET /api/admin/access/overview` (accessOverviewSchema, issue 31 §5): every user with their
 * root role, groups and the projects they hold a role in (directly or through a group).
 */
export const UserAccessSchema = Type.Object({
  userId: Type.Integer(),
  createdAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
  userName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  lastSeen: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
  accessibleProjects: Type.Array(Type.String()),
  groups: Type.Array(Type.String()),
  rootRole: Type.String(),
  userEmail: Type.String(),
});
export type UserAccess = Static<typeof UserAccessSchema>;
export const AccessOverviewSchema = Type.Object({ overview: Type.Array(UserAccessSchema) });
export type AccessOverview = Static<typeof AccessOverviewSchema>;
