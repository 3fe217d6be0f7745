import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';
import { GroupUserModelSchema } from './groups';
import { RoleSchema } from './roles';

/**
 * Who has access to a project (shared/unleash/API.md §10.7; SCHEMAS.md projectAccessSchema,
 * projectAddAccessSchema, projectAccessConfigurationSchema, userWithProjectRoleSchema,
 * groupWithProjectRoleSchema).
 */

export const UserWithProjectRoleSchema = Type.Object({
  isAPI: Type.Optional(Type.Boolean()),
  name: Type.Optional(Type.String()),
  username: Type.Optional(Nullable(Type.String())),
  email: Type.Optional(Nullable(Type.String())),
  id: Type.Integer({ minimum: 0 }),
  imageUrl: Type.Optional(Nullable(Type.String())),
  addedAt: Type.Optional(DateTimeSchema),
  roleId: Type.Optional(Type.Integer({ minimum: 0 })),
  roles: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }))),
});
export type UserWithProjectRole = Static<typeof UserWithProjectRoleSchema>;

export const GroupWithProjectRoleSchema = Type.Object({
  name: Type.Optional(Type.String()),
  id: Type.Integer({ minimum: 0 }),
  addedAt: Type.Optional(DateTimeSchema),
  roleId: Type.Optional(Type.Integer({ minimum: 0 })),
  roles: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }))),
  description: Type.Optional(Nullable(Type.String())),
  mappingsSSO: Type.Optional(Type.Array(Type.String())),
  rootRole: Type.Optional(Nullable(Type.Number())),
  createdBy: Type.Optional(Nullable(Type.String())),
  createdAt: Type.Optional(Nullable(DateTimeSchema)),
  users: Type.Optional(Type.Array(GroupUserModelSchema)),
  scimId: Type.Optional(Nullable(Type.String())),
});
export type GroupWithProjectRole = Static<typeof GroupWithProjectRoleSchema>;

export const ProjectAccessSchema = Type.Object({
  groups: Type.Array(GroupWithProjectRoleSchema),
  users: Type.Array(UserWithProjectRoleSchema),
  roles: Type.Array(RoleSchema),
});
export type ProjectAccess = Static<typeof ProjectAccessSchema>;

export const ProjectAddAccessSchema = Type.Object(
  {
    roles: Type.Array(Type.Integer({ minimum: 0 })),
    groups: Type.Array(Type.Integer({ minimum: 0 })),
    users: Type.Array(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);
export type ProjectAddAccess = Static<typeof ProjectAddAccessSchema>;

export const ProjectAccessConfigurationSchema = Type.Object(
  {
    roles: Type.Array(
      Type.Object(
        {
          id: Type.Integer({ minimum: 1 }),
          groups: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }))),
          users: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }))),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ProjectAccessConfiguration = Static<typeof ProjectAccessConfigurationSchema>;

export const ProjectRolesBodySchema = Type.Object(
  { roles: Type.Array(Type.Integer({ minimum: 0 })) },
  { additionalProperties: false },
);
export type ProjectRolesBody = Static<typeof ProjectRolesBodySchema>;

export const ProjectUserParamsSchema = Type.Object({
  projectId: Type.String(),
  userId: Type.Integer({ minimum: 0 }),
});
export const ProjectGroupParamsSchema = Type.Object({
  projectId: Type.String(),
  groupId: Type.Integer({ minimum: 0 }),
});

export const UserRolesQuerySchema = Type.Object({ projectId: Type.Optional(Type.String()) });
