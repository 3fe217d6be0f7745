import type {
  AdminCount,
  CreateUser,
  CreateUserResponse,
  TokenUser,
  UpdateUser,
  User,
  Users,
} from '../../../contract';
import { BUILT_IN_ROLE_IDS } from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import type { AuditActor } from '../../lib/caller';
import { ApiError, badData, notFound } from '../../lib/errors';
import {
  getRole,
  listRoles,
  resolveRootRole,
  rootRolesOfUsers,
  setUserRootRole,
  toRole,
  usersWithRootRole,
} from '../access';
import { appendEvent, avatarUrl } from '../events';
import { LOGIN_FAILURE, recordLogin as recordAttempt } from '../login-history';
import { deleteInactiveUsers, listInactiveUsers } from './inactive-users';
import {
  accountLoginKey,
  claimLoginAttempt,
  clearLoginAttempts,
  lockDurationMs,
  unknownLoginKey,
} from './login-lockout-store';
import { assertStrongPassword, hashPassword, verifyPassword } from './password-hash';
import { createResetLinks } from './reset-links';
import { createResetToken, findUsableResetToken, useResetToken } from './reset-token-store';
import type { UserMail } from './user-mail';
import {
  countUsers,
  deleteUserRow,
  findByLogin,
  getUser,
  getUsers,
  insertUser,
  listUsers,
  recordLogin,
  searchUsers,
  setPasswordHash,
  USER_EXISTS,
  type UserRecord,
  updateUserFields,
  userEventData,
} from './user-store';

const DAY_MS = 24 * 3600 * 1000;
const INVITE_LINK_TTL_MS = 7 * DAY_MS;
/** `q` shorter than this finds nothing (200 with an empty list), as Unleash does. */
const MIN_SEARCH_LENGTH = 2;
const SEARCH_LIMIT = 100;

export const PASSWORD_MISMATCH =
  'The combination of password and username you provided is invalid. If you have forgotten your password, ask your administrator for a reset link.';

export function toUser(record: UserRecord, rootRole?: number): User {
  return {
    id: record.id,
    name: record.name,
    ...(record.email !== null ? { email: record.email } : {}),
    username: record.username,
    imageUrl: avatarUrl(record.email ?? record.username ?? String(record.id)),
    loginAttempts: record.loginAttempts,
    ...(rootRole !== undefined ? { rootRole } : {}),
    seenAt: record.seenAt?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
    accountType: record.isService ? 'Service Account' : 'User',
    scimId: record.scimId,
  };
}

export const SCIM_MANAGED_USER = 'This user is managed by your SCIM provider and cannot be changed manually';

/** SCIM-provisioned users change only through the SCIM API (issue 20), as in Unleash. */
function assertNotScimManaged(user: UserRecord): void {
  if (user.scimId !== null) throw new ApiError('ForbiddenError', SCIM_MANAGED_USER);
}

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+$/.test(value);

export interface UserServiceHooks {
  /**
   * Called inside the transaction that changes a user's password: the auth domain ends the
   * user's sessions there, so an old session never outlives the credentials that opened it.
   */
  credentialsChanged(trx: Queryable, userId: number): Promise<void>;
  /** A login key reached the failure threshold and is locked for a while (for the log). */
  loginLocked?(info: { loginKey: string; failures: number; lockedForSeconds: number }): void;
  /** E-mail delivery of invite and reset links (the email domain); absent or disabled: none. */
  mail?: UserMail;
}

export type UserService = ReturnType<typeof createUserService>;

/** Users (people; service accounts are the service-accounts domain's) and their passwords. */
export function createUserService(db: Db, hooks: UserServiceHooks) {
  async function existing(q: Queryable, id: number): Promise<UserRecord> {
    const user = await getUser(q, id);
    if (!user) throw notFound('No user found');
    return user;
  }

  async function withRootRoles(records: UserRecord[]): Promise<User[]> {
    const roles = await rootRolesOfUsers(
      db,
      records.map((r) => r.id),
    );
    return records.map((record) => toUser(record, roles.get(record.id)));
  }

  async function rootRoleOf(q: Queryable, userId: number): Promise<number | undefined> {
    return (await rootRolesOfUsers(q, [userId])).get(userId);
  }

  const mail = hooks.mail?.enabled ? hooks.mail : undefined;
  const resetLinks = createResetLinks(db, mail);

  async function newPasswordHash(password: string): Promise<string> {
    assertStrongPassword(password);
    return hashPassword(password);
  }

  return {
    async list(): Promise<Users> {
      return {
        users: await withRootRoles(await listUsers(db, { service: false })),
        rootRoles: (await listRoles(db, ['root', 'root-custom'])).map((role) => toRole(role)),
      };
    },

    async get(id: number): Promise<User> {
      return (await withRootRoles([await existing(db, id)]))[0] as User;
    },

    async getMany(ids: readonly number[]): Promise<User[]> {
      return withRootRoles(await getUsers(db, ids));
    },

    /** A sign-in that did not go through a password (single sign-on): seen now, attempts reset. */
    recordSuccessfulLogin: (q: Queryable, id: number) => recordLogin(q, id, true),

    /** The account whose username or e-mail this is (single sign-on matches people by e-mail). */
    findByLogin: (q: Queryable, login: string) => findByLogin(q, login),

    /** Raw records, for domains composing their own views (project access, groups). */
    records: (ids: readonly number[]) => getUsers(db, ids),
    record: (id: number) => getUser(db, id),

    async search(query: string | undefined): Promise<User[]> {
      const q = (query ?? '').trim();
      if (q.length < MIN_SEARCH_LENGTH) return [];
      return (await searchUsers(db, q, SEARCH_LIMIT)).map((record) => toUser(record));
    },

    async create(body: CreateUser, actor: AuditActor, publicUrl: string): Promise<CreateUserResponse> {
      const username = body.username?.trim() || null;
      const email = body.email?.trim() || null;
      if (!username && !email) throw badData('You must specify username or email');
      if (email && !looksLikeEmail(email)) throw badData('Email is not valid');
      const passwordHash = body.password ? await newPasswordHash(body.password) : null;
      const created = await inTransaction(db, async (trx) => {
        const role = await resolveRootRole(trx, body.rootRole);
        for (const login of [username, email]) {
          if (login && (await findByLogin(trx, login))) throw badData(USER_EXISTS);
        }
        let user: UserRecord;
        try {
          user = await insertUser(trx, {
            name: body.name?.trim() || null,
            username,
            email,
            passwordHash,
            isService: false,
            createdByUserId: actor.createdByUserId,
          });
        } catch (error) {
          // Unleash answers a taken username or e-mail with 400, not 409 (OBSERVED.md).
          if (error instanceof ApiError && error.errorName === 'NameExistsError') throw badData(USER_EXISTS);
          throw error;
        }
        await setUserRootRole(trx, user.id, role.id, actor.createdByUserId);
        await appendEvent(trx, { type: 'user-created', ...actor, data: userEventData(user, role.id) });
        // Without a password the user sets one through this link (also shown to the admin).
        const inviteLink = passwordHash
          ? ''
          : `${publicUrl}/new-user?token=${await createResetToken(trx, user.id, actor.createdBy, INVITE_LINK_TTL_MS)}`;
        return { ...toUser(user, role.id), inviteLink, emailSent: false };
      });
      // After the commit: a slow or failing SMTP server never touches the account just made.
      if (mail && created.inviteLink && email && body.sendEmail !== false) {
        mail.send({
          kind: 'invite',
          to: email,
          name: created.name ?? null,
          link: created.inviteLink,
          validFor: '7 days',
          instanceUrl: publicUrl,
        });
        return { ...created, emailSent: true };
      }
      return created;
    },

    async update(id: number, body: UpdateUser, actor: AuditActor): Promise<CreateUserResponse> {
      return inTransaction(db, async (trx) => {
        const before = await existing(trx, id);
        assertNotScimManaged(before);
        const rootBefore = await rootRoleOf(trx, id);
        const fields: { name?: string | null; email?: string | null } = {};
        if (body.name !== undefined) fields.name = body.name.trim() || null;
        if (body.email !== undefined) {
          const email = body.email.trim() || null;
          if (email && !looksLikeEmail(email)) throw badData('Email is not valid');
          if (!email && !before.username) throw badData('You must specify username or email');
          fields.email = email;
        }
        try {
          await updateUserFields(trx, id, fields);
        } catch (error) {
          if (error instanceof ApiError && error.errorName === 'NameExistsError') throw badData(USER_EXISTS);
          throw error;
        }
        let rootRole = rootBefore;
        if (body.rootRole !== undefined) {
          rootRole = (await resolveRootRole(trx, body.rootRole)).id;
          if (rootRole !== rootBefore) await setUserRootRole(trx, id, rootRole, actor.createdByUserId);
        }
        const after = await existing(trx, id);
        await appendEvent(trx, {
          type: 'user-updated',
          ...actor,
          data: userEventData(after, rootRole),
          preData: userEventData(before, rootBefore),
        });
        return toUser(after, rootRole);
      });
    },

    async remove(id: number, actor: AuditActor): Promise<void> {
      await inTransaction(db, async (trx) => {
        const user = await existing(trx, id);
        assertNotScimManaged(user);
        const rootRole = await rootRoleOf(trx, id);
        await deleteUserRow(trx, id);
        await appendEvent(trx, { type: 'user-deleted', ...actor, preData: userEventData(user, rootRole) });
      });
    },

    inactive: () => listInactiveUsers(db),
    deleteInactive: (ids: readonly number[], actor: AuditActor) => deleteInactiveUsers(db, ids, actor),
    ...resetLinks,

    async adminCount(): Promise<AdminCount> {
      const admins = await getUsers(db, await usersWithRootRole(db, [BUILT_IN_ROLE_IDS.Admin]));
      const people = admins.filter((user) => !user.isService);
      return {
        password: people.filter((user) => user.passwordHash !== null).length,
        noPassword: people.filter((user) => user.passwordHash === null).length,
        service: admins.length - people.length,
      };
    },

    /** An admin sets a user's password. */
    async setPassword(id: number, password: string): Promise<void> {
      const hash = await newPasswordHash(password);
      await inTransaction(db, async (trx) => {
        assertNotScimManaged(await existing(trx, id));
        await setPasswordHash(trx, id, hash);
        await hooks.credentialsChanged(trx, id);
        // An admin setting a password unlocks the account.
        await clearLoginAttempts(trx, accountLoginKey(id));
      });
    },

    /** The signed-in user changes their own password; the current one must be given when set. */
    async changeOwnPassword(
      userId: number,
      body: { password: string; oldPassword?: string; confirmPassword?: string },
    ): Promise<void> {
      const user = await existing(db, userId);
      if (user.isService) throw badData('Service accounts have no password');
      if (body.confirmPassword !== undefined && body.confirmPassword !== body.password) {
        throw badData('The passwords do not match');
      }
      if (user.passwordHash !== null) {
        if (body.oldPassword === undefined) throw badData('The current password (oldPassword) is required');
        if (!(await verifyPassword(body.oldPassword, user.passwordHash))) {
          throw new ApiError('PasswordMismatch', 'The current password is wrong');
        }
      }
      const hash = await newPasswordHash(body.password);
      await inTransaction(db, async (trx) => {
        await setPasswordHash(trx, userId, hash);
        await hooks.credentialsChanged(trx, userId);
      });
    },

    async validateResetToken(token: string): Promise<TokenUser> {
      const found = await findUsableResetToken(db, token);
      const user = found && (await getUser(db, found.userId));
      if (!found || !user)
        throw new ApiError('InvalidTokenError', 'The reset token is invalid, used or expired');
      const roleId = await rootRoleOf(db, user.id);
      const role = roleId !== undefined ? await getRole(db, roleId) : undefined;
      return {
        id: user.id,
        ...(user.name !== null ? { name: user.name } : {}),
        email: user.email ?? user.username ?? '',
        token,
        createdBy: found.createdBy,
        role: role ? toRole(role) : { id: 0, type: 'root', name: 'None' },
      };
    },

    /** Sets a password through a reset (or new-user) link; the link works once. */
    async resetPassword(token: string, password: string): Promise<void> {
      const found = await findUsableResetToken(db, token);
      if (!found) throw new ApiError('InvalidTokenError', 'The reset token is invalid, used or expired');
      const hash = await newPasswordHash(password);
      await inTransaction(db, async (trx) => {
        if (!(await useResetToken(trx, token))) {
          throw new ApiError('InvalidTokenError', 'The reset token is invalid, used or expired');
        }
        await setPasswordHash(trx, found.userId, hash);
        await hooks.credentialsChanged(trx, found.userId);
        // A reset link (handed out by an admin) unlocks the account.
        await clearLoginAttempts(trx, accountLoginKey(found.userId));
      });
    },

    /**
     * Checks a password login; 401 PasswordMismatch for any failure, in constant-ish time. Each
     * attempt, refused or not, goes to the login history with the client's address.
     */
    async verifyLogin(login: string, password: string, client: { ip: string | null }): Promise<UserRecord> {
      const user = await findByLogin(db, login);
      const attempt = { username: login, authType: 'password' as const, ip: client.ip };
      const failed = (failureReason: string) =>
        recordAttempt(db, { ...attempt, successful: false, failureReason });
      // Per account, whatever address the guesses come from; unknown logins are counted alike
      // so that a lock never tells whether an account exists.
      const loginKey = user ? accountLoginKey(user.id) : unknownLoginKey(login);
      const claim = await claimLoginAttempt(db, loginKey);
      if (!claim.allowed) {
        await failed(LOGIN_FAILURE.locked);
        const seconds = Math.ceil(claim.retryAfterMs / 1000);
        throw new ApiError(
          'RateLimitError',
          `Too many failed logins for this account: try again in ${seconds} seconds.`,
          { headers: { 'retry-after': String(seconds) } },
        );
      }
      const usable = user && !user.isService && !user.deactivated ? user.passwordHash : null;
      const ok = await verifyPassword(password, usable);
      if (!user || !ok) {
        if (user) await recordLogin(db, user.id, false);
        await failed(
          !user
            ? LOGIN_FAILURE.unknownUser
            : usable === null
              ? LOGIN_FAILURE.noPassword
              : LOGIN_FAILURE.wrongPassword,
        );
        const lockMs = lockDurationMs(claim.failures);
        if (lockMs > 0) {
          hooks.loginLocked?.({ loginKey, failures: claim.failures, lockedForSeconds: lockMs / 1000 });
        }
        throw new ApiError('PasswordMismatch', PASSWORD_MISMATCH);
      }
      await clearLoginAttempts(db, loginKey);
      await recordLogin(db, user.id, true);
      await recordAttempt(db, { ...attempt, successful: true });
      return (await getUser(db, user.id)) as UserRecord;
    },

    /** Checks a new password against the policy (400) and hashes it; do it before a transaction. */
    hashNewPassword: newPasswordHash,

    /**
     * Creates an account with a root role inside the caller's transaction: first start, invite
     * sign-ups and service accounts (which pass their own event type). 409 when the username or
     * e-mail is taken.
     */
    async createAccount(
      trx: Queryable,
      input: {
        name: string | null;
        username: string | null;
        email: string | null;
        passwordHash: string | null;
        isService: boolean;
      },
      rootRoleId: number,
      actor: AuditActor,
      eventType = 'user-created',
    ): Promise<UserRecord> {
      const user = await insertUser(trx, { ...input, createdByUserId: actor.createdByUserId });
      await setUserRootRole(trx, user.id, rootRoleId, actor.createdByUserId);
      await appendEvent(trx, { type: eventType, ...actor, data: userEventData(user, rootRoleId) });
      return user;
    },

    /** Renames an account (service accounts) inside the caller's transaction. */
    rename: (trx: Queryable, id: number, name: string) => updateUserFields(trx, id, { name }),

    /** Deletes an account inside the caller's transaction (the caller writes its event). */
    deleteAccount: (trx: Queryable, id: number) => deleteUserRow(trx, id),

    listServiceAccounts: () => listUsers(db, { service: true }),
    rootRolesOf: (ids: readonly number[]) => rootRolesOfUsers(db, ids),

    count: () => countUsers(db),
    countIn: (q: Queryable) => countUsers(q),
  };
}
