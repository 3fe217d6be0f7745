import { createHash, randomBytes } from 'node:crypto';
import type { Pat } from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import type { AuditActor } from '../../lib/caller';
import { ApiError, badData } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { createSeenBuffer } from '../../lib/seen-buffer';
import { appendEvent } from '../events';
import {
  countPats,
  deletePat,
  findPatByHash,
  getPat,
  insertPat,
  latestPatUseOfUsers as latestUseOfUsers,
  listPats,
  markPatsSeen,
  type PatRecord,
} from './pat-store';

/** Unleash allows ten personal access tokens per user (API.md §7.2). */
/** The most recent use of any of each user's tokens (the inactive-users list asks, in its transaction). */
export function latestPatUseOfUsers(db: Queryable, userIds: readonly number[]): Promise<Map<number, Date>> {
  return latestUseOfUsers(db, userIds);
}

export const PAT_LIMIT = 10;
const EXPIRES_SOON_MS = 7 * 24 * 3600 * 1000;
export const PAT_PREFIX = 'user:';

const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

export function toPat(record: PatRecord, secret?: string): Pat {
  const left = record.expiresAt.getTime() - Date.now();
  return {
    id: record.id,
    ...(secret ? { secret } : {}),
    createdAt: record.createdAt.toISOString(),
    seenAt: record.seenAt?.toISOString() ?? null,
    userId: record.userId,
    ...(left <= 0
      ? { expiryWarning: 'expired' as const }
      : left <= EXPIRES_SOON_MS
        ? { expiryWarning: 'expires-soon' as const }
        : {}),
    description: record.description,
    expiresAt: record.expiresAt.toISOString(),
  };
}

function eventData(record: PatRecord) {
  return {
    id: record.id,
    description: record.description,
    userId: record.userId,
    expiresAt: record.expiresAt.toISOString(),
  };
}

export interface PatEventTypes {
  created: string;
  deleted: string;
}

const PERSONAL: PatEventTypes = { created: 'pat-created', deleted: 'pat-deleted' };

export type PatService = ReturnType<typeof createPatService>;

/** Tokens that act as their user (`user:<hex>`): personal ones, and those of service accounts. */
export function createPatService({ db, logger }: { db: Db; logger: Logger }) {
  const seen = createSeenBuffer((ids, at) => markPatsSeen(db, ids, at), {
    intervalMs: 60_000,
    onError: (error) => logger.warn({ err: error }, 'could not record personal access token usage'),
  });

  return {
    list: async (userId: number): Promise<Pat[]> =>
      (await listPats(db, userId)).map((record) => toPat(record)),

    async create(
      userId: number,
      body: { description: string; expiresAt: string },
      actor: AuditActor,
      options: { limit?: number; events?: PatEventTypes } = {},
    ): Promise<Pat> {
      const expiresAt = new Date(body.expiresAt);
      if (expiresAt.getTime() <= Date.now()) throw badData('The expiry date should be in the future.');
      const events = options.events ?? PERSONAL;
      const secret = `${PAT_PREFIX}${randomBytes(28).toString('hex')}`;
      const record = await inTransaction(db, async (trx) => {
        if (options.limit !== undefined && (await countPats(trx, userId)) >= options.limit) {
          throw new ApiError(
            'ExceedsLimitError',
            `Failed to create personal access token. You can't create more than the established limit of ${options.limit}.`,
          );
        }
        const created = await insertPat(trx, {
          secretHash: hashSecret(secret),
          userId,
          description: body.description,
          expiresAt,
          createdByUserId: actor.createdByUserId,
        });
        await appendEvent(trx, { type: events.created, ...actor, data: eventData(created) });
        return created;
      });
      return toPat(record, secret);
    },

    /** Deletes one of the user's tokens; an unknown id answers 200, as Unleash does. */
    async remove(
      userId: number,
      id: number,
      actor: AuditActor,
      events: PatEventTypes = PERSONAL,
    ): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const record = await getPat(trx, userId, id);
        if (!record) return false;
        await deletePat(trx, id);
        await appendEvent(trx, { type: events.deleted, ...actor, preData: eventData(record) });
        return true;
      });
    },

    /** The token behind a `user:` secret if it exists and has not expired. */
    async authenticate(secret: string): Promise<PatRecord | null> {
      const record = await findPatByHash(db, hashSecret(secret));
      if (!record || record.expiresAt.getTime() <= Date.now()) return null;
      seen.mark(record.id);
      return record;
    },

    close: () => seen.stop(),
  };
}
