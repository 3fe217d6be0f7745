import type { Selectable } from 'kysely';
import type { TrustedKey } from '../../../contract';
import { isUniqueViolation } from '../../db/pg-errors';
import type { Queryable } from '../../db/queryable';
import type { BundleTrustedKeysTable } from '../../db/schema';
import { nameExists } from '../../lib/errors';

type Row = Selectable<BundleTrustedKeysTable>;

const toKey = (row: Row): TrustedKey => ({
  id: row.id,
  name: row.name,
  publicKey: row.public_key,
  fingerprint: row.fingerprint,
  addedBy: row.added_by,
  addedAt: row.added_at.toISOString(),
});

/** SQL of `bundle_trusted_keys` (migration 20261125232600_bundle_trusted_keys). */
export const trustedKeyStore = {
  /** Locks every trusted key row, serialising writers that check the bound. */
  async lockAll(db: Queryable): Promise<void> {
    await db.selectFrom('bundle_trusted_keys').select('id').forUpdate().execute();
  },

  async list(db: Queryable): Promise<TrustedKey[]> {
    return (await db.selectFrom('bundle_trusted_keys').selectAll().orderBy('id').execute()).map(toKey);
  },

  async get(db: Queryable, id: number, forUpdate = false): Promise<TrustedKey | undefined> {
    let query = db.selectFrom('bundle_trusted_keys').selectAll().where('id', '=', id);
    if (forUpdate) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row ? toKey(row) : undefined;
  },

  async byFingerprint(db: Queryable, fingerprint: string): Promise<TrustedKey | undefined> {
    const row = await db
      .selectFrom('bundle_trusted_keys')
      .selectAll()
      .where('fingerprint', '=', fingerprint)
      .executeTakeFirst();
    return row ? toKey(row) : undefined;
  },

  async count(db: Queryable): Promise<number> {
    const row = await db
      .selectFrom('bundle_trusted_keys')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  async insert(
    db: Queryable,
    key: {
      name: string;
      publicKey: string;
      fingerprint: string;
      addedBy: string;
      addedByUserId: number | null;
    },
  ): Promise<TrustedKey> {
    try {
      const row = await db
        .insertInto('bundle_trusted_keys')
        .values({
          name: key.name,
          public_key: key.publicKey,
          fingerprint: key.fingerprint,
          added_by: key.addedBy,
          added_by_user_id: key.addedByUserId,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toKey(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameExists(`The key ${key.fingerprint} is already trusted`);
      throw error;
    }
  },

  async rename(db: Queryable, id: number, name: string): Promise<TrustedKey | undefined> {
    const row = await db
      .updateTable('bundle_trusted_keys')
      .set({ name })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row ? toKey(row) : undefined;
  },

  async remove(db: Queryable, id: number): Promise<void> {
    await db.deleteFrom('bundle_trusted_keys').where('id', '=', id).execute();
  },
};
