import type {
  CreatePat,
  CreateServiceAccount,
  Pat,
  ServiceAccount,
  UpdateServiceAccount,
} from '../../../contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { AuditActor } from '../../lib/caller';
import { ApiError, nameExists, notFound } from '../../lib/errors';
import { listRoles, resolveRootRole, rootRolesOfUsers, setUserRootRole, toRole } from '../access';
import { appendEvent, avatarUrl } from '../events';
import type { PatService } from '../personal-access-tokens';
import type { UserRecord, UserService } from '../users';

const TOKEN_EVENTS = { created: 'service-account-token-created', deleted: 'service-account-token-deleted' };
export const USERNAME_TAKEN = 'A user or service account with that username already exists';

function toServiceAccount(record: UserRecord, rootRole: number | undefined, tokens?: Pat[]): ServiceAccount {
  return {
    id: record.id,
    isAPI: false,
    ...(record.name !== null ? { name: record.name } : {}),
    ...(record.username !== null ? { username: record.username } : {}),
    imageUrl: avatarUrl(record.username ?? String(record.id)),
    ...(rootRole !== undefined ? { rootRole } : {}),
    seenAt: record.seenAt?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
    ...(tokens ? { tokens } : {}),
  };
}

function eventData(record: UserRecord, rootRole: number | undefined) {
  return { id: record.id, username: record.username, name: record.name, rootRole };
}

export type ServiceAccountService = ReturnType<typeof createServiceAccountService>;

/**
 * Service accounts (shared/unleash/API.md §10.5): users with `is_service`, no password, a root
 * role, and tokens that act as them (the personal access token machinery).
 */
interface ServiceAccountDeps {
  db: Db;
  users: UserService;
}

async function existingServiceAccount(users: UserService, id: number): Promise<UserRecord> {
  const record = await users.record(id);
  if (!record?.isService) throw notFound(`Could not find service account with id ${id}`);
  return record;
}

export function createServiceAccountService(db: Db, users: UserService, pats: PatService) {
  const deps: ServiceAccountDeps = { db, users };
  const existing = (id: number) => existingServiceAccount(users, id);

  return {
    async list(): Promise<{ serviceAccounts: ServiceAccount[]; rootRoles: ReturnType<typeof toRole>[] }> {
      const records = await users.listServiceAccounts();
      const roles = await users.rootRolesOf(records.map((r) => r.id));
      const serviceAccounts = await Promise.all(
        records.map(async (record) =>
          toServiceAccount(record, roles.get(record.id), await pats.list(record.id)),
        ),
      );
      const rootRoles = (await listRoles(db, ['root', 'root-custom'])).map((role) => toRole(role));
      return { serviceAccounts, rootRoles };
    },
    create: (body: CreateServiceAccount, actor: AuditActor) => createServiceAccount(deps, body, actor),
    update: (id: number, body: UpdateServiceAccount, actor: AuditActor) =>
      updateServiceAccount(deps, id, body, actor),

    async remove(id: number, actor: AuditActor): Promise<void> {
      await inTransaction(db, async (trx) => {
        const record = await existing(id);
        const rootRole = (await rootRolesOfUsers(trx, [id])).get(id);
        await users.deleteAccount(trx, id);
        await appendEvent(trx, {
          type: 'service-account-deleted',
          ...actor,
          preData: eventData(record, rootRole),
        });
      });
    },

    async tokens(id: number): Promise<Pat[]> {
      await existing(id);
      return pats.list(id);
    },

    async createToken(id: number, body: CreatePat, actor: AuditActor): Promise<Pat> {
      await existing(id);
      return pats.create(id, body, actor, { events: TOKEN_EVENTS });
    },

    async deleteToken(id: number, tokenId: number, actor: AuditActor): Promise<void> {
      await existing(id);
      if (!(await pats.remove(id, tokenId, actor, TOKEN_EVENTS))) {
        throw notFound(`Could not find token ${tokenId} of service account ${id}`);
      }
    },
  };
}

async function createServiceAccount(
  { db, users }: ServiceAccountDeps,
  body: CreateServiceAccount,
  actor: AuditActor,
): Promise<ServiceAccount> {
  return inTransaction(db, async (trx) => {
    const role = await resolveRootRole(trx, body.rootRole);
    let record: UserRecord;
    try {
      record = await users.createAccount(
        trx,
        {
          name: body.name.trim(),
          username: body.username.trim(),
          email: null,
          passwordHash: null,
          isService: true,
        },
        role.id,
        actor,
        'service-account-created',
      );
    } catch (error) {
      if (error instanceof ApiError && error.errorName === 'NameExistsError')
        throw nameExists(USERNAME_TAKEN);
      throw error;
    }
    return toServiceAccount(record, role.id, []);
  });
}

async function updateServiceAccount(
  { db, users }: ServiceAccountDeps,
  id: number,
  body: UpdateServiceAccount,
  actor: AuditActor,
): Promise<ServiceAccount> {
  return inTransaction(db, async (trx) => {
    const before = await existingServiceAccount(users, id);
    const rootBefore = (await rootRolesOfUsers(trx, [id])).get(id);
    if (body.name !== undefined) await users.rename(trx, id, body.name.trim());
    let rootRole = rootBefore;
    if (body.rootRole !== undefined) {
      rootRole = (await resolveRootRole(trx, body.rootRole)).id;
      await setUserRootRole(trx, id, rootRole, actor.createdByUserId);
    }
    const after: UserRecord = { ...before, name: body.name?.trim() ?? before.name };
    await appendEvent(trx, {
      type: 'service-account-updated',
      ...actor,
      data: eventData(after, rootRole),
      preData: eventData(before, rootBefore),
    });
    return toServiceAccount(after, rootRole);
  });
}
