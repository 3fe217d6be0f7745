import { type Static, Type } from 'typebox';
import { Nullable } from './admin-common';

/**
 * Roles and permissions (shared/unleash/SCHEMAS.md roleSchema, roleWithPermissionsSchema,
 * createRoleWithPermissionsSchema, adminPermissionsSchema; API.md §7.2).
 */

export const ROLE_TYPES = ['root', 'project', 'root-custom', 'custom'] as const;
export type RoleType = (typeof ROLE_TYPES)[number];

/** The built-in roles and their fixed ids (API.md §7.2). */
export const BUILT_IN_ROLE_IDS = { Admin: 1, Editor: 2, Viewer: 3, Owner: 4, Member: 5, Reader: 6 } as const;
export const BUILT_IN_ROLE_NAMES = ['Admin', 'Editor', 'Viewer', 'Owner', 'Member', 'Reader'] as const;
export type BuiltInRoleName = (typeof BUILT_IN_ROLE_NAMES)[number];

export const RoleSchema = Type.Object({
  id: Type.Integer({ minimum: 0 }),
  type: Type.String(),
  name: Type.String(),
  description: Type.Optional(Type.String()),
  project: Type.Optional(Nullable(Type.String())),
});
export type Role = Static<typeof RoleSchema>;

export const RolesSchema = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  roles: Type.Array(RoleSchema),
});
export type Roles = Static<typeof RolesSchema>;

export const RoleWithVersionSchema = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  roles: RoleSchema,
});

export const AdminPermissionSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  displayName: Type.String(),
  type: Type.String(),
  environment: Type.Optional(Nullable(Type.String())),
});
export type AdminPermission = Static<typeof AdminPermissionSchema>;

export const RoleWithPermissionsSchema = Type.Object({
  id: Type.Number(),
  type: Type.String(),
  name: Type.String(),
  description: Type.Optional(Type.String()),
  permissions: Type.Array(AdminPermissionSchema),
});
export type RoleWithPermissions = Static<typeof RoleWithPermissionsSchema>;

/** A permission in a role body: by name, or by id as Unleash's older clients send it. */
export const RolePermissionInputSchema = Type.Object(
  {
    id: Type.Optional(Type.Number()),
    name: Type.Optional(Type.String()),
    environment: Type.Optional(Nullable(Type.String())),
  },
  { additionalProperties: false },
);

export const CreateRoleSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    description: Type.Optional(Type.String()),
    type: Type.Optional(Type.Union([Type.Literal('root-custom'), Type.Literal('custom')])),
    permissions: Type.Optional(Type.Array(RolePermissionInputSchema)),
  },
  { additionalProperties: false },
);
export type CreateRole = Static<typeof CreateRoleSchema>;

export const AdminPermissionsSchema = Type.Object({
  permissions: Type.Object({
    root: Type.Optional(Type.Array(AdminPermissionSchema)),
    project: Type.Array(AdminPermissionSchema),
    environments: Type.Array(
      Type.Object({ name: Type.String(), permissions: Type.Array(AdminPermissionSchema) }),
    ),
  }),
  version: Type.Integer({ minimum: 1 }),
});
export type AdminPermissions = Static<typeof AdminPermissionsSchema>;

export const RoleIdParamsSchema = Type.Object({ roleId: Type.Integer({ minimum: 0 }) });

export const ProjectRoleUsageSchema = Type.Object({
  projects: Type.Array(
    Type.Object({
      project: Type.String(),
      role: Type.Integer(),
      userCount: Type.Integer({ minimum: 0 }),
      serviceAccountCount: Type.Integer({ minimum: 0 }),
      groupCount: Type.Integer({ minimum: 0 }),
    }),
  ),
});
export type ProjectRoleUsage = Static<typeof ProjectRoleUsageSchema>;
