import type {
  GroupWithProjectRole,
  Permission,
  ProjectAccess,
  ProjectAccessConfiguration,
  ProjectAddAccess,
  ProjectRoleUsage,
  Role,
  User,
  UserAccessOverview,
  UserWithProjectRole,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import type { AuditActor } from '../../lib/caller';
import { badData, notFound } from '../../lib/errors';
import {
  addGroupProjectRoles,
  addUserProjectRoles,
  getRole,
  getRolePermissions,
  getRoles,
  grantsAllow,
  groupIdsOfUser,
  groupRolesInProject,
  isRootRole,
  listPermissions,
  listRoles,
  type PermissionRow,
  type ProjectCatalog,
  type ProjectRoleRow,
  projectUsageOfRole,
  removeGroupProjectRoles,
  removeUserProjectRoles,
  resolveGrants,
  resolveProjectRoles,
  roleIdsOfUserInProject,
  rootRolesOfUsers,
  toRole,
  userRolesInProject,
} from '../access';
import { appendEvent } from '../events';
import type { GroupService } from '../groups';
import type { UserService } from '../users';

/** Assignments of one user or group in a project, folded from role rows. */
function fold(rows: ProjectRoleRow[]): Map<number, { roles: number[]; addedAt: Date }> {
  const result = new Map<number, { roles: number[]; addedAt: Date }>();
  for (const row of rows) {
    const entry = result.get(row.id);
    if (entry) {
      entry.roles.push(row.roleId);
      if (row.addedAt < entry.addedAt) entry.addedAt = row.addedAt;
    } else {
      result.set(row.id, { roles: [row.roleId], addedAt: row.addedAt });
    }
  }
  return result;
}

export type ProjectAccessService = ReturnType<typeof createProjectAccessService>;

/**
 * Who has access to a project, and the views that combine users, groups and roles: the roles
 * of the signed-in user in a project, everyone a project can be shared with, and a user's
 * effective permissions (shared/unleash/API.md §10.7).
 */
export function createProjectAccessService(
  db: Db,
  deps: { users: UserService; groups: GroupService; catalog: ProjectCatalog },
) {
  const { users, groups, catalog } = deps;

  async function assertProject(projectId: string): Promise<void> {
    if (!(await catalog.projectExists(projectId))) throw notFound(`Could not find project ${projectId}`);
  }

  async function assertUsers(ids: readonly number[]): Promise<void> {
    const found = new Set((await users.records(ids)).map((user) => user.id));
    const missing = [...new Set(ids)].filter((id) => !found.has(id));
    if (missing.length > 0) throw badData(`No user found with id ${missing.join(', ')}`);
  }

  async function assertGroups(ids: readonly number[]): Promise<void> {
    const found = new Set((await groups.getMany(ids)).map((group) => group.id));
    const missing = [...new Set(ids)].filter((id) => !found.has(id));
    if (missing.length > 0) throw badData(`No group found with id ${missing.join(', ')}`);
  }

  async function snapshot(q: Queryable, projectId: string) {
    const usersRows = fold(await userRolesInProject(q, projectId));
    const groupRows = fold(await groupRolesInProject(q, projectId));
    return {
      users: [...usersRows].map(([id, entry]) => ({ id, roles: entry.roles })),
      groups: [...groupRows].map(([id, entry]) => ({ id, roles: entry.roles })),
    };
  }

  return {
    async get(projectId: string): Promise<ProjectAccess> {
      await assertProject(projectId);
      const userRows = fold(await userRolesInProject(db, projectId));
      const groupRows = fold(await groupRolesInProject(db, projectId));
      const people = await users.records([...userRows.keys()]);
      const accessUsers: UserWithProjectRole[] = people.map((user) => {
        const entry = userRows.get(user.id) as { roles: number[]; addedAt: Date };
        return {
          id: user.id,
          isAPI: user.isService,
          ...(user.name !== null ? { name: user.name } : {}),
          username: user.username,
          email: user.email,
          addedAt: entry.addedAt.toISOString(),
          roleId: entry.roles[0] as number,
          roles: entry.roles,
        };
      });
      const accessGroups: GroupWithProjectRole[] = (await groups.getMany([...groupRows.keys()])).map(
        (group) => {
          const entry = groupRows.get(group.id as number) as { roles: number[]; addedAt: Date };
          const { projects: _projects, userCount: _count, ...rest } = group;
          return {
            ...rest,
            id: group.id as number,
            addedAt: entry.addedAt.toISOString(),
            roleId: entry.roles[0] as number,
            roles: entry.roles,
          };
        },
      );
      const roles = (await listRoles(db, ['project', 'custom'])).map((role) => toRole(role));
      return { users: accessUsers, groups: accessGroups, roles };
    },

    /** Gives every listed role to every listed user and group (existing grants stay). */
    async add(projectId: string, body: ProjectAddAccess, actor: AuditActor): Promise<void> {
      await assertProject(projectId);
      await assertUsers(body.users);
      await assertGroups(body.groups);
      await inTransaction(db, async (trx) => {
        const roleIds = (await resolveProjectRoles(trx, body.roles)).map((role) => role.id);
        for (const userId of new Set(body.users)) {
          await addUserProjectRoles(trx, projectId, userId, roleIds, actor.createdByUserId);
        }
        for (const groupId of new Set(body.groups)) {
          await addGroupProjectRoles(trx, projectId, groupId, roleIds, actor.createdBy);
        }
        await appendEvent(trx, {
          type: 'project-access-added',
          ...actor,
          project: projectId,
          data: { roles: roleIds, users: body.users, groups: body.groups },
        });
      });
    },

    /** Replaces the project's whole access list with the given role → users/groups mapping. */
    async set(projectId: string, body: ProjectAccessConfiguration, actor: AuditActor): Promise<void> {
      await assertProject(projectId);
      await assertUsers(body.roles.flatMap((role) => role.users ?? []));
      await assertGroups(body.roles.flatMap((role) => role.groups ?? []));
      await inTransaction(db, async (trx) => {
        await resolveProjectRoles(
          trx,
          body.roles.map((role) => role.id),
        );
        const before = await snapshot(trx, projectId);
        for (const user of before.users) await removeUserProjectRoles(trx, projectId, user.id);
        for (const group of before.groups) await removeGroupProjectRoles(trx, projectId, group.id);
        for (const role of body.roles) {
          for (const userId of new Set(role.users ?? [])) {
            await addUserProjectRoles(trx, projectId, userId, [role.id], actor.createdByUserId);
          }
          for (const groupId of new Set(role.groups ?? [])) {
            await addGroupProjectRoles(trx, projectId, groupId, [role.id], actor.createdBy);
          }
        }
        await appendEvent(trx, {
          type: 'project-access-updated',
          ...actor,
          project: projectId,
          data: await snapshot(trx, projectId),
          preData: before,
        });
      });
    },

    async setUserRoles(
      projectId: string,
      userId: number,
      roleIds: readonly number[],
      actor: AuditActor,
    ): Promise<void> {
      await assertProject(projectId);
      await assertUsers([userId]);
      await inTransaction(db, async (trx) => {
        const roles = (await resolveProjectRoles(trx, roleIds)).map((role) => role.id);
        const before = fold(await userRolesInProject(trx, projectId)).get(userId)?.roles ?? [];
        await removeUserProjectRoles(trx, projectId, userId);
        await addUserProjectRoles(trx, projectId, userId, roles, actor.createdByUserId);
        await appendEvent(trx, {
          type: 'project-access-user-roles-updated',
          ...actor,
          project: projectId,
          data: { userId, roles },
          preData: { userId, roles: before },
        });
      });
    },

    async removeUser(projectId: string, userId: number, actor: AuditActor): Promise<void> {
      await assertProject(projectId);
      await inTransaction(db, async (trx) => {
        const before = fold(await userRolesInProject(trx, projectId)).get(userId)?.roles;
        if (!before) throw notFound(`User ${userId} has no access to project ${projectId}`);
        await removeUserProjectRoles(trx, projectId, userId);
        await appendEvent(trx, {
          type: 'project-access-user-roles-deleted',
          ...actor,
          project: projectId,
          preData: { userId, roles: before },
        });
      });
    },

    async setGroupRoles(
      projectId: string,
      groupId: number,
      roleIds: readonly number[],
      actor: AuditActor,
    ): Promise<void> {
      await assertProject(projectId);
      await assertGroups([groupId]);
      await inTransaction(db, async (trx) => {
        const roles = (await resolveProjectRoles(trx, roleIds)).map((role) => role.id);
        const before = fold(await groupRolesInProject(trx, projectId)).get(groupId)?.roles ?? [];
        await removeGroupProjectRoles(trx, projectId, groupId);
        await addGroupProjectRoles(trx, projectId, groupId, roles, actor.createdBy);
        await appendEvent(trx, {
          type: 'project-access-group-roles-updated',
          ...actor,
          project: projectId,
          data: { groupId, roles },
          preData: { groupId, roles: before },
        });
      });
    },

    async removeGroup(projectId: string, groupId: number, actor: AuditActor): Promise<void> {
      await assertProject(projectId);
      await inTransaction(db, async (trx) => {
        const before = fold(await groupRolesInProject(trx, projectId)).get(groupId)?.roles;
        if (!before) throw notFound(`Group ${groupId} has no access to project ${projectId}`);
        await removeGroupProjectRoles(trx, projectId, groupId);
        await appendEvent(trx, {
          type: 'project-access-group-roles-deleted',
          ...actor,
          project: projectId,
          preData: { groupId, roles: before },
        });
      });
    },

    /** Where a project role is used (`GET /api/admin/projects/roles/{roleId}/access`). */
    async roleUsage(roleId: number): Promise<ProjectRoleUsage> {
      const role = await getRole(db, roleId);
      if (!role) throw notFound(`Could not find role with id ${roleId}`);
      const usage = await projectUsageOfRole(db, roleId);
      const people = new Map(
        (await users.records([...new Set(usage.flatMap((u) => u.userIds))])).map(
          (user) => [user.id, user] as const,
        ),
      );
      return {
        projects: usage.map((entry) => {
          const services = entry.userIds.filter((id) => people.get(id)?.isService).length;
          return {
            project: entry.project,
            role: roleId,
            userCount: entry.userIds.length - services,
            serviceAccountCount: services,
            groupCount: entry.groupCount,
          };
        }),
      };
    },

    /** The roles the user holds in a project: the root role and project roles, direct or via groups. */
    async rolesOfUserInProject(userId: number, projectId: string): Promise<Role[]> {
      const roles = await getRoles(db, await roleIdsOfUserInProject(db, userId, projectId));
      return roles
        .sort((a, b) => a.id - b.id)
        .map((role) => toRole(role, isRootRole(role) ? null : projectId));
    },

    /** Everyone a project can be shared with (`GET /api/admin/user-admin/access`). */
    async shareTargets(): Promise<{ users: User[]; groups: Awaited<ReturnType<GroupService['list']>> }> {
      const { users: people } = await users.list();
      return { users: people, groups: await groups.list() };
    },

    /** A user's effective permissions in a project and environment (`.../{id}/permissions`). */
    async overview(
      userId: number,
      query: { project?: string; environment?: string },
      serviceAccount: boolean,
    ): Promise<UserAccessOverview> {
      const record = await users.record(userId);
      if (!record || record.isService !== serviceAccount) throw notFound('No user found');
      const project = query.project ?? 'default';
      const environment = query.environment ?? (await catalog.environmentNames())[0] ?? 'development';
      const grants = await resolveGrants(db, userId);
      const permissions = await listPermissions(db);
      const describe = (p: PermissionRow, env?: string) => ({
        id: p.id,
        name: p.name,
        displayName: p.displayName,
        type: p.type,
        ...(env ? { environment: env } : {}),
      });
      const item = (p: PermissionRow, env?: string) => ({
        ...describe(p, env),
        hasPermission: grantsAllow(grants, p.name as Permission, { project, environment }),
      });
      const rootRoleId = (await rootRolesOfUsers(db, [userId])).get(userId);
      const rootRole = rootRoleId !== undefined ? await getRole(db, rootRoleId) : undefined;
      const groupIds = await groupIdsOfUser(db, userId);
      const roleIds = await roleIdsOfUserInProject(db, userId, project);
      const projectRoles = await Promise.all(
        (await getRoles(db, roleIds))
          .filter((role) => !isRootRole(role))
          .map(async (role) => ({
            ...toRole(role, project),
            permissions: (await getRolePermissions(db, role.id)).map((p) =>
              describe(p, p.environment || undefined),
            ),
          })),
      );
      return {
        overview: {
          root: permissions.filter((p) => p.type === 'root').map((p) => item(p)),
          groups: (await groups.getMany(groupIds)).map((group) => ({
            id: group.id,
            name: group.name,
            description: group.description,
            mappingsSSO: group.mappingsSSO,
            rootRole: group.rootRole,
          })),
          project: permissions.filter((p) => p.type === 'project').map((p) => item(p)),
          environment: permissions.filter((p) => p.type === 'environment').map((p) => item(p, environment)),
        },
        user: await users.get(userId),
        rootRole: rootRole ? toRole(rootRole) : { id: 0, type: 'root', name: 'None' },
        projectRoles,
      };
    },
  };
}
