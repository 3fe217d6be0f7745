import type { CreateUser, CreateUserResponse, UpdateUser } from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import type { AuditActor } from '../../lib/caller';
import { ApiError, badData } from '../../lib/errors';
import { resolveRootRole, setUserRootRole } from '../access';
import { appendEvent } from '../events';
import { newPasswordHash } from './password-hash';
import { createResetToken } from './reset-token-store';
import type { UserMail } from './user-mail';
import { assertNotScimManaged, existingUser, looksLikeEmail, rootRoleOf, toUser } from './user-records';
import {
  deleteUserRow,
  findByLogin,
  insertUser,
  USER_EXISTS,
  type UserRecord,
  updateUserFields,
  userEventData,
} from './user-store';

const DAY_MS = 24 * 3600 * 1000;
const INVITE_LINK_TTL_MS = 7 * DAY_MS;

/** Unleash answers a taken username or e-mail with 400, not 409 (OBSERVED.md). */
async function takenLoginIs400<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ApiError && error.errorName === 'NameExistsError') throw badData(USER_EXISTS);
    throw error;
  }
}

async function insertPerson(
  trx: Queryable,
  body: CreateUser,
  fields: { username: string | null; email: string | null; passwordHash: string | null },
  actor: AuditActor,
  publicUrl: string,
): Promise<CreateUserResponse> {
  const role = await resolveRootRole(trx, body.rootRole);
  for (const login of [fields.username, fields.email]) {
    if (login && (await findByLogin(trx, login))) throw badData(USER_EXISTS);
  }
  const user: UserRecord = await takenLoginIs400(() =>
    insertUser(trx, {
      name: body.name?.trim() || null,
      ...fields,
      isService: false,
      createdByUserId: actor.createdByUserId,
    }),
  );
  await setUserRootRole(trx, user.id, role.id, actor.createdByUserId);
  await appendEvent(trx, { type: 'user-created', ...actor, data: userEventData(user, role.id) });
  // Without a password the user sets one through this link (also shown to the admin).
  const inviteLink = fields.passwordHash
    ? ''
    : `${publicUrl}/new-user?token=${await createResetToken(trx, user.id, actor.createdBy, INVITE_LINK_TTL_MS)}`;
  return { ...toUser(user, role.id), inviteLink, emailSent: false };
}

async function createUser(
  db: Db,
  mail: UserMail | undefined,
  body: CreateUser,
  actor: AuditActor,
  publicUrl: string,
): Promise<CreateUserResponse> {
  const username = body.username?.trim() || null;
  const email = body.email?.trim() || null;
  if (!username && !email) throw badData('You must specify username or email');
  if (email && !looksLikeEmail(email)) throw badData('Email is not valid');
  const passwordHash = body.password ? await newPasswordHash(body.password) : null;
  const created = await inTransaction(db, (trx) =>
    insertPerson(trx, body, { username, email, passwordHash }, actor, publicUrl),
  );
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
}

function changedFields(
  before: UserRecord,
  body: UpdateUser,
): { name?: string | null; email?: string | null } {
  const fields: { name?: string | null; email?: string | null } = {};
  if (body.name !== undefined) fields.name = body.name.trim() || null;
  if (body.email !== undefined) {
    const email = body.email.trim() || null;
    if (email && !looksLikeEmail(email)) throw badData('Email is not valid');
    if (!email && !before.username) throw badData('You must specify username or email');
    fields.email = email;
  }
  return fields;
}

async function updateUser(
  db: Db,
  id: number,
  body: UpdateUser,
  actor: AuditActor,
): Promise<CreateUserResponse> {
  return inTransaction(db, async (trx) => {
    const before = await existingUser(trx, id);
    assertNotScimManaged(before);
    const rootBefore = await rootRoleOf(trx, id);
    const fields = changedFields(before, body);
    await takenLoginIs400(() => updateUserFields(trx, id, fields));
    let rootRole = rootBefore;
    if (body.rootRole !== undefined) {
      rootRole = (await resolveRootRole(trx, body.rootRole)).id;
      if (rootRole !== rootBefore) await setUserRootRole(trx, id, rootRole, actor.createdByUserId);
    }
    const after = await existingUser(trx, id);
    await appendEvent(trx, {
      type: 'user-updated',
      ...actor,
      data: userEventData(after, rootRole),
      preData: userEventData(before, rootBefore),
    });
    return toUser(after, rootRole);
  });
}

async function removeUser(db: Db, id: number, actor: AuditActor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const user = await existingUser(trx, id);
    assertNotScimManaged(user);
    const rootRole = await rootRoleOf(trx, id);
    await deleteUserRow(trx, id);
    await appendEvent(trx, { type: 'user-deleted', ...actor, preData: userEventData(user, rootRole) });
  });
}

/** An admin creates, edits and deletes people, each change in one transaction with its event. */
export function createUserWriteService(db: Db, mail: UserMail | undefined) {
  return {
    create: (body: CreateUser, actor: AuditActor, publicUrl: string) =>
      createUser(db, mail, body, actor, publicUrl),
    update: (id: number, body: UpdateUser, actor: AuditActor) => updateUser(db, id, body, actor),
    remove: (id: number, actor: AuditActor) => removeUser(db, id, actor),
  };
}
