import { randomUUID } from 'node:crypto';
import {
  SCIM_SCHEMA,
  type ScimGroup,
  type ScimGroupInput,
  type ScimGroupList,
  type ScimListQuery,
  type ScimPatch,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import type { AuditActor } from '../../lib/caller';
import { addGroupMembers, membersOfGroups, removeGroupMembers } from '../access';
import { appendEvent } from '../events';
import { invalidValue, scimNotFound } from './scim-error';
import {
  allScimGroups,
  deleteScimGroupRows,
  findScimGroups,
  GROUP_FILTERS,
  getScimGroup,
  insertScimGroup,
  type ScimGroupRow,
  updateScimGroup,
} from './scim-group-store';
import { filterClausesOf, listResponse, pageOf } from './scim-paging';
import { applyGroupPatch, type ScimGroupDraft } from './scim-patch';
import { SCIM_ACTOR } from './scim-user-service';
import { type ScimUserRow, scimUsersByIds, scimUsersByScimIds } from './scim-user-store';

/** Group names are bounded as the admin API bounds them (createGroupSchema). */
const MAX_GROUP_NAME = 100;

export type ScimGroupService = ReturnType<typeof createScimGroupService>;

interface GroupState {
  row: ScimGroupRow;
  /** Members that are SCIM users: the only ones a SCIM client can see or change. */
  members: ScimUserRow[];
}

const eventData = (state: {
  id: number;
  displayName: string;
  externalId: string | null;
  userIds: number[];
}) => ({
  id: state.id,
  name: state.displayName,
  scimExternalId: state.externalId,
  users: state.userIds,
});

function draftOf(input: ScimGroupInput): ScimGroupDraft {
  return {
    displayName: input.displayName,
    externalId: input.externalId?.trim() || null,
    members: [...new Set((input.members ?? []).map((member) => member.value))],
  };
}

async function states(q: Queryable, rows: ScimGroupRow[]): Promise<GroupState[]> {
  const memberships = await membersOfGroups(
    q,
    rows.map((row) => row.id),
  );
  const scimUsers = new Map(
    (await scimUsersByIds(q, [...new Set(memberships.map((m) => m.userId))])).map((user) => [user.id, user]),
  );
  return rows.map((row) => ({
    row,
    members: memberships
      .filter((m) => m.groupId === row.id)
      .map((m) => scimUsers.get(m.userId))
      .filter((user): user is ScimUserRow => user !== undefined),
  }));
}

const present = (state: GroupState, baseUrl: string): ScimGroup => ({
  schemas: [SCIM_SCHEMA.group],
  id: state.row.scimId,
  ...(state.row.externalId !== null ? { externalId: state.row.externalId } : {}),
  displayName: state.row.displayName,
  members: state.members.map((user) => ({
    value: user.scimId,
    display: user.name ?? user.userName,
  })),
  meta: {
    resourceType: 'Group',
    created: state.row.createdAt.toISOString(),
    location: `${baseUrl}/Groups/${state.row.scimId}`,
  },
});

async function existing(q: Queryable, scimId: string): Promise<GroupState> {
  const row = await getScimGroup(q, scimId);
  if (!row) throw scimNotFound('Group', scimId);
  return (await states(q, [row]))[0] as GroupState;
}

/** The users table ids of member SCIM ids; an id no SCIM user has answers 400. */
async function memberUserIds(q: Queryable, scimIds: readonly string[]): Promise<number[]> {
  const found = await scimUsersByScimIds(q, scimIds);
  const missing = scimIds.filter((id) => !found.some((user) => user.scimId === id));
  if (missing.length > 0) throw invalidValue(`No user found with id ${missing.slice(0, 5).join(', ')}`);
  return found.map((user) => user.id);
}

function checkName(draft: ScimGroupDraft): string {
  const name = draft.displayName.trim();
  if (!name || name.length > MAX_GROUP_NAME) {
    throw invalidValue(`displayName must have 1 to ${MAX_GROUP_NAME} characters`);
  }
  return name;
}

async function save(db: Db, scimId: string, draft: ScimGroupDraft): Promise<void> {
  await inTransaction(db, async (trx) => {
    const before = await existing(trx, scimId);
    const displayName = checkName(draft);
    const next = await memberUserIds(trx, draft.members);
    const current = before.members.map((user) => user.id);
    const added = next.filter((id) => !current.includes(id));
    const removed = current.filter((id) => !next.includes(id));
    await updateScimGroup(trx, before.row.id, { displayName, externalId: draft.externalId });
    await addGroupMembers(trx, before.row.id, added, SCIM_ACTOR.createdBy);
    await removeGroupMembers(trx, before.row.id, removed);
    await appendEvent(trx, {
      type: 'group-updated',
      ...SCIM_ACTOR,
      data: eventData({ id: before.row.id, displayName, externalId: draft.externalId, userIds: next }),
      preData: eventData({ ...before.row, userIds: current }),
    });
    await appendMembershipEvents(trx, before.row.id, added, removed);
  });
}

/** One event per member added and per member removed, as Unleash's group service writes them. */
async function appendMembershipEvents(
  trx: Queryable,
  groupId: number,
  added: readonly number[],
  removed: readonly number[],
): Promise<void> {
  for (const userId of added) {
    await appendEvent(trx, { type: 'group-user-added', ...SCIM_ACTOR, data: { groupId, userId } });
  }
  for (const userId of removed) {
    await appendEvent(trx, { type: 'group-user-removed', ...SCIM_ACTOR, preData: { groupId, userId } });
  }
}

/** Inserts a provisioned group with its members, and their events. */
async function insertGroup(trx: Queryable, scimId: string, draft: ScimGroupDraft): Promise<void> {
  const displayName = checkName(draft);
  const userIds = await memberUserIds(trx, draft.members);
  const row = await insertScimGroup(trx, {
    scimId,
    externalId: draft.externalId,
    displayName,
    createdBy: SCIM_ACTOR.createdBy,
  });
  await addGroupMembers(trx, row.id, userIds, SCIM_ACTOR.createdBy);
  await appendEvent(trx, { type: 'group-created', ...SCIM_ACTOR, data: eventData({ ...row, userIds }) });
  await appendMembershipEvents(trx, row.id, userIds, []);
}

/** Groups through SCIM 2.0 (RFC 7644 §3): provisioned groups and their SCIM-user members. */
export function createScimGroupService(db: Db) {
  return {
    async list(query: ScimListQuery, baseUrl: string): Promise<ScimGroupList> {
      const page = pageOf(query);
      const { total, rows } = await findScimGroups(db, filterClausesOf(query.filter, GROUP_FILTERS), page);
      // `excludedAttributes=members` (Entra ID's lookups) skips reading the members.
      const withoutMembers = /(^|,)\s*members\s*(,|$)/i.test(query.excludedAttributes ?? '');
      const resources = withoutMembers
        ? rows.map((row) => present({ row, members: [] }, baseUrl)).map(({ members: _, ...rest }) => rest)
        : (await states(db, rows)).map((state) => present(state, baseUrl));
      return listResponse(total, page, resources);
    },

    async get(scimId: string, baseUrl: string): Promise<ScimGroup> {
      return present(await existing(db, scimId), baseUrl);
    },

    async create(input: ScimGroupInput, baseUrl: string): Promise<ScimGroup> {
      const draft = draftOf(input);
      const scimId = randomUUID();
      await inTransaction(db, (trx) => insertGroup(trx, scimId, draft));
      return this.get(scimId, baseUrl);
    },

    async replace(scimId: string, input: ScimGroupInput, baseUrl: string): Promise<ScimGroup> {
      await save(db, scimId, draftOf(input));
      return this.get(scimId, baseUrl);
    },

    async patch(scimId: string, patch: ScimPatch, baseUrl: string): Promise<ScimGroup> {
      const before = await existing(db, scimId);
      const draft = applyGroupPatch(
        {
          displayName: before.row.displayName,
          externalId: before.row.externalId,
          members: before.members.map((user) => user.scimId),
        },
        patch.Operations,
      );
      await save(db, scimId, draft);
      return this.get(scimId, baseUrl);
    },

    async remove(scimId: string): Promise<void> {
      await inTransaction(db, async (trx) => {
        const before = await existing(trx, scimId);
        await deleteScimGroupRows(trx, [before.row.id]);
        await appendEvent(trx, {
          type: 'group-deleted',
          ...SCIM_ACTOR,
          preData: eventData({ ...before.row, userIds: before.members.map((user) => user.id) }),
        });
      });
    },

    /** `DELETE /api/admin/groups/scim-groups`: every provisioned group, in one transaction. */
    async removeAll(actor: AuditActor): Promise<number> {
      return inTransaction(db, async (trx) => {
        const groups = await allScimGroups(trx);
        await deleteScimGroupRows(
          trx,
          groups.map((group) => group.id),
        );
        await appendEvent(trx, {
          type: 'scim-groups-deleted',
          ...actor,
          data: { count: groups.length, groups: groups.map((group) => group.displayName).slice(0, 100) },
        });
        return groups.length;
      });
    },
  };
}
