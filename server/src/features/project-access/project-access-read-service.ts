import type {
  GroupWithProjectRole,
  Permission,
  ProjectAccess,
  ProjectRoleUsage,
  Role,
  User,
  UserAccessOverview,
  UserWithProjectRole,
} from '../../../contract';
import { notFound } from '../../lib/errors';
import {
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
  projectUsageOfRole,
  resolveGrants,
  roleIdsOfUserInProject,
  rootRolesOfUsers,
  toRole,
  userRolesInProject,
} from '../access';
import type { GroupService } from '../groups';
import { assertProject, fold, type ProjectAccessDeps } from './project-access-deps';

type Assignment = { roles: number[]; addedAt: Date };

async function getAccess(deps: ProjectAccessDeps, projectId: string): Promise<ProjectAccess> {
  const { db, users, groups } = deps;
  await assertProject(deps, projectId);
  const userRows = fold(await userRolesInProject(db, projectId));
  const groupRows = fold(await groupRolesInProject(db, projectId));
  const people = await users.records([...userRows.keys()]);
  const accessUsers: UserWithProjectRole[] = people.map((user) => {
    const entry = userRows.get(user.id) as Assignment;
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
  const accessGroups: GroupWithProjectRole[] = (await groups.getMany([...groupRows.keys()])).map((group) => {
    const entry = groupRows.get(group.id as number) as Assignment;
    const { projects: _projects, userCount: _count, ...rest } = group;
    return {
      ...rest,
      id: group.id as number,
      addedAt: entry.addedAt.toISOString(),
      roleId: entry.roles[0] as number,
      roles: entry.roles,
    };
  });
  const roles = (await listRoles(db, ['project', 'custom'])).map((role) => toRole(role));
  return { users: accessUsers, groups: accessGroups, roles };
}

/** Where a project role is used (`GET /api/admin/projects/roles/{roleId}/access`). */
async function roleUsage(deps: ProjectAccessDeps, roleId: number): Promise<ProjectRoleUsage> {
  const role = await getRole(deps.db, roleId);
  if (!role) throw notFound(`Could not find role with id ${roleId}`);
  const usage = await projectUsageOfRole(deps.db, roleId);
  const people = new Map(
    (await deps.users.records([...new Set(usage.flatMap((u) => u.userIds))])).map(
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
}

/** The roles the user holds in a project: the root role and project roles, direct or via groups. */
async function rolesOfUserInProject(
  deps: ProjectAccessDeps,
  userId: number,
  projectId: string,
): Promise<Role[]> {
  const roles = await getRoles(deps.db, await roleIdsOfUserInProject(deps.db, userId, projectId));
  return roles.sort((a, b) => a.id - b.id).map((role) => toRole(role, isRootRole(role) ? null : projectId));
}

/** Everyone a project can be shared with (`GET /api/admin/user-admin/access`). */
async function shareTargets(
  deps: ProjectAccessDeps,
): Promise<{ users: User[]; groups: Awaited<ReturnType<GroupService['list']>> }> {
  const { users: people } = await deps.users.list();
  return { users: people, groups: await deps.groups.list() };
}

const describePermission = (p: PermissionRow, env?: string) => ({
  id: p.id,
  name: p.name,
  displayName: p.displayName,
  type: p.type,
  ...(env ? { environment: env } : {}),
});

/** The user's non-root roles in the project, each with the permissions it grants. */
async function projectRolesWithPermissions(deps: ProjectAccessDeps, userId: number, project: string) {
  const { db } = deps;
  const roleIds = await roleIdsOfUserInProject(db, userId, project);
  return Promise.all(
    (await getRoles(db, roleIds))
      .filter((role) => !isRootRole(role))
      .map(async (role) => ({
        ...toRole(role, project),
        permissions: (await getRolePermissions(db, role.id)).map((p) =>
          describePermission(p, p.environment || undefined),
        ),
      })),
  );
}

/** A user's effective permissions in a project and environment (`.../{id}/permissions`). */
async function overview(
  deps: ProjectAccessDeps,
  userId: number,
  query: { project?: string; environment?: string },
  serviceAccount: boolean,
): Promise<UserAccessOverview> {
  const { db, users, groups, catalog } = deps;
  const record = await users.record(userId);
  if (!record || record.isService !== serviceAccount) throw notFound('No user found');
  const project = query.project ?? 'default';
  const environment = query.environment ?? (await catalog.environmentNames())[0] ?? 'development';
  const grants = await resolveGrants(db, userId);
  const permissions = await listPermissions(db);
  const item = (p: PermissionRow, env?: string) => ({
    ...describePermission(p, env),
    hasPermission: grantsAllow(grants, p.name as Permission, { project, environment }),
  });
  const rootRoleId = (await rootRolesOfUsers(db, [userId])).get(userId);
  const rootRole = rootRoleId !== undefined ? await getRole(db, rootRoleId) : undefined;
  const groupIds = await groupIdsOfUser(db, userId);
  const projectRoles = await projectRolesWithPermissions(deps, userId, project);
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
}

/** Who has access to a project, and the views that combine users, groups and roles. */
export function createProjectAccessReadService(deps: ProjectAccessDeps) {
  return {
    get: (projectId: string) => getAccess(deps, projectId),
    roleUsage: (roleId: number) => roleUsage(deps, roleId),
    rolesOfUserInProject: (userId: number, projectId: string) =>
      rolesOfUserInProject(deps, userId, projectId),
    shareTargets: () => shareTargets(deps),
    overview: (userId: number, query: { project?: string; environment?: string }, serviceAccount: boolean) =>
      overview(deps, userId, query, serviceAccount),
  };
}
