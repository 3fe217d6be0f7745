import type { ProjectAccessConfiguration, ProjectAddAccess } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import type { AuditActor } from '../../lib/caller';
import { notFound } from '../../lib/errors';
import {
  addGroupProjectRoles,
  addUserProjectRoles,
  groupRolesInProject,
  type ProjectRoleRow,
  removeGroupProjectRoles,
  removeUserProjectRoles,
  resolveProjectRoles,
  userRolesInProject,
} from '../access';
import { appendEvent } from '../events';
import {
  assertGroups,
  assertProject,
  assertUsers,
  fold,
  type ProjectAccessDeps,
} from './project-access-deps';

async function snapshot(q: Queryable, projectId: string) {
  const usersRows = fold(await userRolesInProject(q, projectId));
  const groupRows = fold(await groupRolesInProject(q, projectId));
  return {
    users: [...usersRows].map(([id, entry]) => ({ id, roles: entry.roles })),
    groups: [...groupRows].map(([id, entry]) => ({ id, roles: entry.roles })),
  };
}

/** Gives every listed role to every listed user and group (existing grants stay). */
async function addAccess(
  deps: ProjectAccessDeps,
  projectId: string,
  body: ProjectAddAccess,
  actor: AuditActor,
): Promise<void> {
  await assertProject(deps, projectId);
  await assertUsers(deps, body.users);
  await assertGroups(deps, body.groups);
  await inTransaction(deps.db, async (trx) => {
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
}

/** Replaces the project's whole access list with the given role → users/groups mapping. */
async function setAccess(
  deps: ProjectAccessDeps,
  projectId: string,
  body: ProjectAccessConfiguration,
  actor: AuditActor,
): Promise<void> {
  await assertProject(deps, projectId);
  await assertUsers(
    deps,
    body.roles.flatMap((role) => role.users ?? []),
  );
  await assertGroups(
    deps,
    body.roles.flatMap((role) => role.groups ?? []),
  );
  await inTransaction(deps.db, async (trx) => {
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
}

/** A user or a group holding roles in a project: the same writes, on its own tables and events. */
interface Principal {
  noun: 'User' | 'Group';
  key: 'userId' | 'groupId';
  assert(deps: ProjectAccessDeps, ids: readonly number[]): Promise<void>;
  rolesIn(q: Queryable, projectId: string): Promise<ProjectRoleRow[]>;
  remove(q: Queryable, projectId: string, id: number): Promise<void>;
  add(q: Queryable, projectId: string, id: number, roles: number[], actor: AuditActor): Promise<void>;
  updated: string;
  deleted: string;
}

const USER: Principal = {
  noun: 'User',
  key: 'userId',
  assert: assertUsers,
  rolesIn: userRolesInProject,
  remove: removeUserProjectRoles,
  add: (q, projectId, id, roles, actor) =>
    addUserProjectRoles(q, projectId, id, roles, actor.createdByUserId),
  updated: 'project-access-user-roles-updated',
  deleted: 'project-access-user-roles-deleted',
};

const GROUP: Principal = {
  noun: 'Group',
  key: 'groupId',
  assert: assertGroups,
  rolesIn: groupRolesInProject,
  remove: removeGroupProjectRoles,
  add: (q, projectId, id, roles, actor) => addGroupProjectRoles(q, projectId, id, roles, actor.createdBy),
  updated: 'project-access-group-roles-updated',
  deleted: 'project-access-group-roles-deleted',
};

async function setRoles(
  deps: ProjectAccessDeps,
  who: Principal,
  projectId: string,
  id: number,
  roleIds: readonly number[],
  actor: AuditActor,
): Promise<void> {
  await assertProject(deps, projectId);
  await who.assert(deps, [id]);
  await inTransaction(deps.db, async (trx) => {
    const roles = (await resolveProjectRoles(trx, roleIds)).map((role) => role.id);
    const before = fold(await who.rolesIn(trx, projectId)).get(id)?.roles ?? [];
    await who.remove(trx, projectId, id);
    await who.add(trx, projectId, id, roles, actor);
    await appendEvent(trx, {
      type: who.updated,
      ...actor,
      project: projectId,
      data: { [who.key]: id, roles },
      preData: { [who.key]: id, roles: before },
    });
  });
}

async function removeRoles(
  deps: ProjectAccessDeps,
  who: Principal,
  projectId: string,
  id: number,
  actor: AuditActor,
): Promise<void> {
  await assertProject(deps, projectId);
  await inTransaction(deps.db, async (trx) => {
    const before = fold(await who.rolesIn(trx, projectId)).get(id)?.roles;
    if (!before) throw notFound(`${who.noun} ${id} has no access to project ${projectId}`);
    await who.remove(trx, projectId, id);
    await appendEvent(trx, {
      type: who.deleted,
      ...actor,
      project: projectId,
      preData: { [who.key]: id, roles: before },
    });
  });
}

/** Changes to who holds which roles in a project, each in one transaction with its event. */
export function createProjectAccessWriteService(deps: ProjectAccessDeps) {
  return {
    add: (projectId: string, body: ProjectAddAccess, actor: AuditActor) =>
      addAccess(deps, projectId, body, actor),
    set: (projectId: string, body: ProjectAccessConfiguration, actor: AuditActor) =>
      setAccess(deps, projectId, body, actor),
    setUserRoles: (projectId: string, userId: number, roleIds: readonly number[], actor: AuditActor) =>
      setRoles(deps, USER, projectId, userId, roleIds, actor),
    removeUser: (projectId: string, userId: number, actor: AuditActor) =>
      removeRoles(deps, USER, projectId, userId, actor),
    setGroupRoles: (projectId: string, groupId: number, roleIds: readonly number[], actor: AuditActor) =>
      setRoles(deps, GROUP, projectId, groupId, roleIds, actor),
    removeGroup: (projectId: string, groupId: number, actor: AuditActor) =>
      removeRoles(deps, GROUP, projectId, groupId, actor),
  };
}
