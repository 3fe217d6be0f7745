import { createHash, randomBytes } from 'node:crypto';
import type {
  CreateInvitedUser,
  PublicSignupToken,
  PublicSignupTokenCreate,
  PublicSignupTokenUpdate,
  User,
} from '../../../contract';
import { BUILT_IN_ROLE_IDS } from '../../../contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { type AuditActor, SYSTEM_ACTOR } from '../../lib/caller';
import { badData, notFound } from '../../lib/errors';
import { getRole, toRole } from '../access';
import { appendEvent } from '../events';
import type { UserService } from '../users';
import {
  addSignupUser,
  getSignupToken,
  insertSignupToken,
  listSignupTokens,
  type SignupTokenRecord,
  signupUsers,
  updateSignupToken,
} from './signup-token-store';

export const INVALID_INVITE = 'The invite link is invalid, disabled or expired';

const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Unleash caps an invite link's lifetime at one month (API.md §7.2). */
function capExpiry(requested: Date): Date {
  const cap = new Date();
  cap.setMonth(cap.getMonth() + 1);
  return requested.getTime() > cap.getTime() ? cap : requested;
}

function isUsable(token: SignupTokenRecord | undefined): token is SignupTokenRecord {
  return token?.enabled === true && token.expiresAt.getTime() > Date.now();
}

function eventData(token: SignupTokenRecord) {
  // The link's secret stays out of the audit log.
  return {
    name: token.name,
    enabled: token.enabled,
    expiresAt: token.expiresAt.toISOString(),
    roleId: token.roleId,
  };
}

/**
 * Only the secret's hash is stored (issue 12 §6), so a link's `secret` and `url` are known
 * only in the answer that creates it (`shown`); afterwards `secret` is the hash, which the
 * admin routes accept as the link's id (never the public ones), and `url` is null.
 */
async function presentSignupTokens(
  db: Db,
  users: UserService,
  records: SignupTokenRecord[],
  publicUrl: string,
  shown?: { secret: string },
): Promise<PublicSignupToken[]> {
  const members = await signupUsers(
    db,
    records.map((r) => r.secretHash),
  );
  const userById = new Map(
    (await users.getMany([...new Set([...members.values()].flat())])).map((user) => [user.id, user] as const),
  );
  const roles = new Map<number, ReturnType<typeof toRole>>();
  for (const roleId of new Set(records.map((r) => r.roleId))) {
    const role = await getRole(db, roleId);
    if (role) roles.set(roleId, toRole(role));
  }
  return records.map((record) => ({
    secret: shown?.secret ?? record.secretHash,
    url: shown ? `${publicUrl}/new-user?invite=${shown.secret}` : null,
    name: record.name,
    enabled: record.enabled,
    expiresAt: record.expiresAt.toISOString(),
    createdAt: record.createdAt.toISOString(),
    createdBy: record.createdBy,
    users: (members.get(record.secretHash) ?? []).flatMap((id) => {
      const user = userById.get(id);
      return user ? [user] : [];
    }),
    role: roles.get(record.roleId) ?? { id: record.roleId, type: 'root', name: 'Unknown' },
  }));
}

/** Admin routes: the link by its secret or by its id (the hash the listing shows). */
async function existingSignupToken(db: Db, secretOrId: string): Promise<SignupTokenRecord> {
  const token = (await getSignupToken(db, hashSecret(secretOrId))) ?? (await getSignupToken(db, secretOrId));
  if (!token) throw notFound('Could not find public signup token.');
  return token;
}

/** Changes a link's expiry (capped) and/or enabled flag and logs the change. */
async function updateSignupTokenFields(
  db: Db,
  secret: string,
  body: PublicSignupTokenUpdate,
  actor: AuditActor,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const before = await existingSignupToken(db, secret);
    const expiresAt = body.expiresAt !== undefined ? capExpiry(new Date(body.expiresAt)) : undefined;
    await updateSignupToken(trx, before.secretHash, {
      ...(expiresAt ? { expiresAt } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
    });
    const after = {
      ...before,
      expiresAt: expiresAt ?? before.expiresAt,
      enabled: body.enabled ?? before.enabled,
    };
    await appendEvent(trx, {
      type: 'public-signup-token-updated',
      ...actor,
      data: eventData(after),
      preData: eventData(before),
    });
  });
}

/** Creates the account for a usable link, joins it to the link's users and logs it; gives its id. */
async function createInvitedAccount(
  db: Db,
  users: UserService,
  token: SignupTokenRecord,
  body: CreateInvitedUser,
): Promise<number> {
  const email = body.email.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw badData('Email is not valid');
  const passwordHash = await users.hashNewPassword(body.password);
  return inTransaction(db, async (trx) => {
    const user = await users.createAccount(
      trx,
      {
        name: body.name.trim() || null,
        username: body.username?.trim() || null,
        email,
        passwordHash,
        isService: false,
      },
      token.roleId,
      SYSTEM_ACTOR,
    );
    await addSignupUser(trx, token.secretHash, user.id);
    await appendEvent(trx, {
      type: 'public-signup-token-user-added',
      ...SYSTEM_ACTOR,
      data: { name: token.name, userId: user.id },
    });
    return user.id;
  });
}

export type SignupTokenService = ReturnType<typeof createSignupTokenService>;

/** Public invite links: admins create them; anyone holding a valid one can sign up as a Viewer. */
export function createSignupTokenService(db: Db, users: UserService) {
  const present = (records: SignupTokenRecord[], publicUrl: string, shown?: { secret: string }) =>
    presentSignupTokens(db, users, records, publicUrl, shown);

  /** Public routes: only the secret itself opens a link. */
  const bySecret = (secret: string) => getSignupToken(db, hashSecret(secret));

  return {
    list: async (publicUrl: string) => present(await listSignupTokens(db), publicUrl),

    get: async (secret: string, publicUrl: string) =>
      (await present([await existingSignupToken(db, secret)], publicUrl))[0] as PublicSignupToken,

    async create(
      body: PublicSignupTokenCreate,
      actor: AuditActor,
      publicUrl: string,
    ): Promise<PublicSignupToken> {
      const secret = randomBytes(16).toString('hex');
      const record = await inTransaction(db, async (trx) => {
        const created = await insertSignupToken(trx, {
          secretHash: hashSecret(secret),
          name: body.name,
          expiresAt: capExpiry(new Date(body.expiresAt)),
          createdBy: actor.createdBy,
          roleId: BUILT_IN_ROLE_IDS.Viewer,
        });
        await appendEvent(trx, { type: 'public-signup-token-created', ...actor, data: eventData(created) });
        return created;
      });
      return (await present([record], publicUrl, { secret }))[0] as PublicSignupToken;
    },

    async update(
      secret: string,
      body: PublicSignupTokenUpdate,
      actor: AuditActor,
      publicUrl: string,
    ): Promise<PublicSignupToken> {
      await updateSignupTokenFields(db, secret, body, actor);
      return this.get(secret, publicUrl);
    },

    /** `GET /invite/{token}/validate`: 400 unless the link exists, is enabled and unexpired. */
    async validate(secret: string): Promise<void> {
      if (!isUsable(await bySecret(secret))) throw badData(INVALID_INVITE);
    },

    /** Signs up through an invite link: a new user with the link's root role (Viewer). */
    async signup(secret: string, body: CreateInvitedUser): Promise<User> {
      const token = await bySecret(secret);
      if (!isUsable(token)) throw badData(INVALID_INVITE);
      return users.get(await createInvitedAccount(db, users, token, body));
    },
  };
}
