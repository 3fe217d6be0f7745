import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';
import { UserSchema } from './users';

/** Groups (shared/unleash/SCHEMAS.md groupSchema, groupsSchema, createGroupSchema; API.md §10.7). */

export const GroupUserModelSchema = Type.Object({
  joinedAt: Type.Optional(DateTimeSchema),
  createdBy: Type.Optional(Nullable(Type.String())),
  user: UserSchema,
});

export const GroupSchema = Type.Object({
  id: Type.Optional(Type.Integer()),
  name: Type.String(),
  description: Type.Optional(Nullable(Type.String())),
  mappingsSSO: Type.Optional(Type.Array(Type.String())),
  rootRole: Type.Optional(Nullable(Type.Number())),
  createdBy: Type.Optional(Nullable(Type.String())),
  createdAt: Type.Optional(Nullable(DateTimeSchema)),
  users: Type.Optional(Type.Array(GroupUserModelSchema)),
  projects: Type.Optional(Type.Array(Type.String())),
  userCount: Type.Optional(Type.Integer({ minimum: 0 })),
  scimId: Type.Optional(Nullable(Type.String())),
});
export type Group = Static<typeof GroupSchema>;

export const GroupsSchema = Type.Object({ groups: Type.Optional(Type.Array(GroupSchema)) });

/** Members as the admin UI sends them: `{user: {id, ...}}`; only the id is read. */
export const GroupMemberInputSchema = Type.Object({
  user: Type.Object({ id: Type.Integer({ minimum: 0 }) }, { additionalProperties: true }),
});

export const CreateGroupSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    description: Type.Optional(Nullable(Type.String())),
    mappingsSSO: Type.Optional(Type.Array(Type.String())),
    rootRole: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
    users: Type.Optional(Type.Array(GroupMemberInputSchema)),
  },
  { additionalProperties: false },
);
export type CreateGroup = Static<typeof CreateGroupSchema>;

export const GroupIdParamsSchema = Type.Object({ groupId: Type.Integer({ minimum: 0 }) });

/** `GET /api/admin/user-admin/access`: everyone a project can be shared with. */
export const UsersGroupsBaseSchema = Type.Object({
  groups: Type.Optional(Type.Array(GroupSchema)),
  users: Type.Optional(Type.Array(UserSchema)),
});
