import type { CreateGroup, Group, User } from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import type { AuditActor } from '../../lib/caller';
import { ApiError, badData, nameExists, notFound } from '../../lib/errors';
import {
  addGroupMembers,
  membersOfGroups,
  projectsOfGroups,
  removeGroupMembers,
  resolveRootRole,
  rootRolesOfGroups,
  setGroupRootRole,
} from '../access';
import { appendEvent } from '../events';
import type { UserService } from '../users';
import {
  deleteGroupRow,
  GROUP_EXISTS,
  type GroupRecord,
  getGroup,
  getGroups,
  groupNameTaken,
  insertGroup,
  listGroups,
  updateGroupRow,
} from './group-store';

interface GroupState {
  record: GroupRecord;
  rootRole: number | null;
  userIds: number[];
}

function eventData(state: GroupState) {
  return {
    id: state.record.id,
    name: state.record.name,
    description: state.record.description,
    mappingsSSO: state.record.mappingsSSO,
    rootRole: state.rootRole,
    users: state.userIds,
  };
}

export const SCIM_MANAGED_GROUP =
  'This group is managed by your SCIM provider and cannot be changed manually';

/** SCIM-provisioned groups change only through the SCIM API (issue 20). */
function assertNotScimManaged(record: GroupRecord): void {
  if (record.scimId !== null) throw new ApiError('ForbiddenError', SCIM_MANAGED_GROUP);
}

/** A group by id, or the 404 the admin API answers. */
async function existingGroup(q: Queryable, id: number): Promise<GroupRecord> {
  const group = await getGroup(q, id);
  if (!group) throw notFound(`Could not find group with id ${id}`);
  return group;
}

async function groupState(q: Queryable, record: GroupRecord): Promise<GroupState> {
  const members = await membersOfGroups(q, [record.id]);
  const rootRole = (await rootRolesOfGroups(q, [record.id])).get(record.id) ?? null;
  return { record, rootRole, userIds: members.map((m) => m.userId) };
}

/** Groups as the admin API shows them: members with their user, projects, user count. */
async function presentGroups(db: Db, users: UserService, records: GroupRecord[]): Promise<Group[]> {
  const ids = records.map((r) => r.id);
  const [members, rootRoles, projects] = await Promise.all([
    membersOfGroups(db, ids),
    rootRolesOfGroups(db, ids),
    projectsOfGroups(db, ids),
  ]);
  const userById = new Map(
    (await users.getMany([...new Set(members.map((m) => m.userId))])).map((user) => [user.id, user] as const),
  );
  return records.map((record) => {
    const own = members.filter((m) => m.groupId === record.id && userById.has(m.userId));
    return {
      id: record.id,
      name: record.name,
      description: record.description,
      mappingsSSO: record.mappingsSSO,
      rootRole: rootRoles.get(record.id) ?? null,
      createdBy: record.createdBy,
      createdAt: record.createdAt.toISOString(),
      users: own.map((m) => ({
        joinedAt: m.joinedAt.toISOString(),
        createdBy: m.createdBy,
        user: userById.get(m.userId) as User,
      })),
      projects: projects.get(record.id) ?? [],
      userCount: own.length,
      scimId: record.scimId,
    };
  });
}

/** The trimmed name (unique), the resolved root role and the existing members a body names. */
async function validateGroup(q: Queryable, users: UserService, body: CreateGroup, exceptId?: number) {
  const name = body.name.trim();
  if (!name) throw badData('A group needs a name');
  if (await groupNameTaken(q, name, exceptId)) throw nameExists(GROUP_EXISTS);
  const rootRole =
    body.rootRole === undefined || body.rootRole === null
      ? null
      : (await resolveRootRole(q, body.rootRole)).id;
  const userIds = [...new Set((body.users ?? []).map((member) => member.user.id))];
  const found = await users.records(userIds);
  const missing = userIds.filter((id) => !found.some((user) => user.id === id));
  if (missing.length > 0) throw badData(`No user found with id ${missing.join(', ')}`);
  return { name, rootRole, userIds };
}

/** Creates the group with its root role and members, and their events; gives the new id. */
async function insertGroupWithMembers(
  db: Db,
  users: UserService,
  body: CreateGroup,
  actor: AuditActor,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const { name, rootRole, userIds } = await validateGroup(trx, users, body);
    const record = await insertGroup(trx, {
      name,
      description: body.description ?? null,
      mappingsSSO: body.mappingsSSO ?? [],
      createdBy: actor.createdBy,
    });
    await setGroupRootRole(trx, record.id, rootRole, actor.createdBy);
    await addGroupMembers(trx, record.id, userIds, actor.createdBy);
    await appendEvent(trx, {
      type: 'group-created',
      ...actor,
      data: eventData({ record, rootRole, userIds }),
    });
    for (const userId of userIds) {
      await appendEvent(trx, {
        type: 'group-user-added',
        ...actor,
        data: { groupId: record.id, userId },
      });
    }
    return record.id;
  });
}

/** Replaces the group's fields and, when `users` is given, its members; logs each change. */
async function updateGroupWithMembers(
  db: Db,
  users: UserService,
  id: number,
  body: CreateGroup,
  actor: AuditActor,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const before = await groupState(trx, await existingGroup(trx, id));
    assertNotScimManaged(before.record);
    const { name, rootRole, userIds } = await validateGroup(trx, users, body, id);
    const nextUsers = body.users === undefined ? before.userIds : userIds;
    const nextRootRole = body.rootRole === undefined ? before.rootRole : rootRole;
    await updateGroupRow(trx, id, {
      name,
      description: body.description === undefined ? before.record.description : body.description,
      mappingsSSO: body.mappingsSSO ?? before.record.mappingsSSO,
    });
    await setGroupRootRole(trx, id, nextRootRole, actor.createdBy);
    const added = nextUsers.filter((userId) => !before.userIds.includes(userId));
    const removed = before.userIds.filter((userId) => !nextUsers.includes(userId));
    await addGroupMembers(trx, id, added, actor.createdBy);
    await removeGroupMembers(trx, id, removed);
    const after = await groupState(trx, await existingGroup(trx, id));
    await appendEvent(trx, {
      type: 'group-updated',
      ...actor,
      data: eventData(after),
      preData: eventData(before),
    });
    for (const userId of added) {
      await appendEvent(trx, { type: 'group-user-added', ...actor, data: { groupId: id, userId } });
    }
    for (const userId of removed) {
      await appendEvent(trx, { type: 'group-user-removed', ...actor, preData: { groupId: id, userId } });
    }
  });
}

export type GroupService = ReturnType<typeof createGroupService>;

/** Groups: members, a root role for all members, and (through project access) project roles. */
export function createGroupService(db: Db, users: UserService) {
  const present = (records: GroupRecord[]) => presentGroups(db, users, records);

  return {
    list: async (): Promise<Group[]> => present(await listGroups(db)),

    get: async (id: number): Promise<Group> => (await present([await existingGroup(db, id)]))[0] as Group,

    getMany: async (ids: readonly number[]): Promise<Group[]> => present(await getGroups(db, ids)),

    async create(body: CreateGroup, actor: AuditActor): Promise<Group> {
      const id = await insertGroupWithMembers(db, users, body, actor);
      return this.get(id);
    },

    /** Replaces the group's fields and, when `users` is given, its members. */
    async update(id: number, body: CreateGroup, actor: AuditActor): Promise<Group> {
      await updateGroupWithMembers(db, users, id, body, actor);
      return this.get(id);
    },

    async remove(id: number, actor: AuditActor): Promise<void> {
      await inTransaction(db, async (trx) => {
        const before = await groupState(trx, await existingGroup(trx, id));
        assertNotScimManaged(before.record);
        await deleteGroupRow(trx, id);
        await appendEvent(trx, { type: 'group-deleted', ...actor, preData: eventData(before) });
      });
    },
  };
}
