import { randomUUID } from 'node:crypto';
import {
  BUILT_IN_ROLE_IDS,
  SCIM_SCHEMA,
  type ScimListQuery,
  type ScimPatch,
  type ScimUser,
  type ScimUserInput,
  type ScimUserList,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import { type AuditActor, SYSTEM_USER_ID } from '../../lib/caller';
import { appendEvent } from '../events';
import type { UserService } from '../users';
import { invalidValue, ScimProblem, scimNotFound } from './scim-error';
import { scimGroupsOfUsers } from './scim-group-store';
import { filterClausesOf, listResponse, pageOf } from './scim-paging';
import { applyUserPatch, nameOf, primaryEmail, type ScimUserDraft, scimBoolean } from './scim-patch';
import {
  allScimUserIds,
  findScimUsers,
  getScimUser,
  loginTaken,
  type ScimUserRow,
  USER_FILTERS,
  writeScimUserFields,
} from './scim-user-store';

/** Who the audit log names for changes a SCIM client makes. */
export const SCIM_ACTOR: AuditActor = Object.freeze({ createdBy: 'scim', createdByUserId: SYSTEM_USER_ID });

const USER_TAKEN = 'A user with this userName or e-mail exists already';
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+$/.test(value);

export interface ScimUserServiceDependencies {
  users: UserService;
  /** Ends a user's sessions inside the transaction that deactivates it (the auth domain's). */
  endSessions(trx: Queryable, userId: number): Promise<void>;
}

export type ScimUserService = ReturnType<typeof createScimUserService>;

const eventData = (
  row: Pick<ScimUserRow, 'id' | 'userName' | 'name' | 'email' | 'active' | 'externalId'>,
) => ({
  id: row.id,
  username: row.userName,
  name: row.name,
  email: row.email,
  active: row.active,
  scimExternalId: row.externalId,
});

/** A create or replace body as a draft; what PUT leaves out is cleared (RFC 7644 §3.5.1). */
function draftOf(input: ScimUserInput): ScimUserDraft {
  const userName = input.userName.trim();
  if (!userName) throw invalidValue('userName must not be empty');
  const fromName = input.name !== undefined ? nameOf(input.name) : null;
  return {
    userName,
    externalId: input.externalId?.trim() || null,
    name: fromName ?? (input.displayName?.trim() || null),
    email: input.emails !== undefined ? primaryEmail(input.emails) : null,
    active: input.active === undefined ? true : scimBoolean(input.active, 'active'),
    ...(input.password !== undefined ? { password: input.password } : {}),
  };
}

async function present(db: Db, rows: ScimUserRow[], baseUrl: string): Promise<ScimUser[]> {
  const groups = await scimGroupsOfUsers(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    schemas: [SCIM_SCHEMA.user],
    id: row.scimId,
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    userName: row.userName,
    ...(row.name !== null ? { name: { formatted: row.name }, displayName: row.name } : {}),
    emails: row.email !== null ? [{ value: row.email, primary: true, type: 'work' }] : [],
    active: row.active,
    groups: (groups.get(row.id) ?? []).map((group) => ({
      value: group.scimId,
      display: group.displayName,
    })),
    meta: {
      resourceType: 'User',
      created: row.createdAt.toISOString(),
      location: `${baseUrl}/Users/${row.scimId}`,
    },
  }));
}

async function existing(q: Queryable, scimId: string): Promise<ScimUserRow> {
  const row = await getScimUser(q, scimId);
  if (!row) throw scimNotFound('User', scimId);
  return row;
}

async function checkDraft(
  q: Queryable,
  users: ScimUserServiceDependencies['users'],
  draft: ScimUserDraft,
  exceptId?: number,
): Promise<string | undefined> {
  if (draft.email !== null && !looksLikeEmail(draft.email))
    throw invalidValue('emails.value is not an e-mail address');
  const logins = [draft.userName, ...(draft.email !== null ? [draft.email] : [])];
  if (await loginTaken(q, logins, exceptId)) throw new ScimProblem(409, USER_TAKEN, 'uniqueness');
  return draft.password !== undefined ? users.hashNewPassword(draft.password) : undefined;
}

async function save(
  db: Db,
  { users, endSessions }: ScimUserServiceDependencies,
  before: ScimUserRow,
  draft: ScimUserDraft,
): Promise<void> {
  const passwordHash = await checkDraft(db, users, draft, before.id);
  await inTransaction(db, async (trx) => {
    await writeScimUserFields(trx, before.id, { ...draft, ...(passwordHash ? { passwordHash } : {}) });
    // Deactivation or a new password ends every session at once; tokens stop working
    // because the authenticator refuses deactivated users.
    if (!draft.active || passwordHash) await endSessions(trx, before.id);
    await appendEvent(trx, {
      type: 'user-updated',
      ...SCIM_ACTOR,
      data: eventData({ ...before, ...draft }),
      preData: eventData(before),
    });
  });
}

/** Users through SCIM 2.0 (RFC 7644 §3): provisioned users only, addressed by their SCIM id. */
export function createScimUserService(db: Db, deps: ScimUserServiceDependencies) {
  const { users } = deps;

  return {
    async list(query: ScimListQuery, baseUrl: string): Promise<ScimUserList> {
      const page = pageOf(query);
      const { total, rows } = await findScimUsers(db, filterClausesOf(query.filter, USER_FILTERS), page);
      const resources = await present(db, rows, baseUrl);
      return listResponse(total, page, resources);
    },

    async get(scimId: string, baseUrl: string): Promise<ScimUser> {
      return (await present(db, [await existing(db, scimId)], baseUrl))[0] as ScimUser;
    },

    async create(input: ScimUserInput, baseUrl: string): Promise<ScimUser> {
      const draft = draftOf(input);
      const passwordHash = await checkDraft(db, users, draft);
      const scimId = randomUUID();
      await inTransaction(db, async (trx) => {
        const account = await users.createAccount(
          trx,
          {
            name: draft.name,
            username: draft.userName,
            email: draft.email,
            passwordHash: passwordHash ?? null,
            isService: false,
          },
          BUILT_IN_ROLE_IDS.Viewer,
          SCIM_ACTOR,
        );
        await writeScimUserFields(trx, account.id, { ...draft, scimId });
      });
      return this.get(scimId, baseUrl);
    },

    async replace(scimId: string, input: ScimUserInput, baseUrl: string): Promise<ScimUser> {
      await save(db, deps, await existing(db, scimId), draftOf(input));
      return this.get(scimId, baseUrl);
    },

    async patch(scimId: string, patch: ScimPatch, baseUrl: string): Promise<ScimUser> {
      const before = await existing(db, scimId);
      const draft = applyUserPatch(
        {
          userName: before.userName,
          externalId: before.externalId,
          name: before.name,
          email: before.email,
          active: before.active,
        },
        patch.Operations,
      );
      await save(db, deps, before, draft);
      return this.get(scimId, baseUrl);
    },

    async remove(scimId: string): Promise<void> {
      await inTransaction(db, async (trx) => {
        const before = await existing(trx, scimId);
        await users.deleteAccount(trx, before.id);
        await appendEvent(trx, { type: 'user-deleted', ...SCIM_ACTOR, preData: eventData(before) });
      });
    },

    /** `DELETE /api/admin/user-admin/scim-users`: every provisioned user, in one transaction. */
    async removeAll(actor: AuditActor): Promise<number> {
      return inTransaction(db, async (trx) => {
        const ids = await allScimUserIds(trx);
        for (const id of ids) await users.deleteAccount(trx, id);
        await appendEvent(trx, { type: 'scim-users-deleted', ...actor, data: { count: ids.length } });
        return ids.length;
      });
    },
  };
}
