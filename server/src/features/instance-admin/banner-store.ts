import type { Selectable } from 'kysely';
import type { Banner, CreateBanner } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import type { BannersTable } from '../../db/schema';

type BannerRow = Selectable<BannersTable>;

function toBanner(row: BannerRow): Banner {
  return {
    id: row.id,
    message: row.message,
    enabled: row.enabled,
    variant: row.variant,
    sticky: row.sticky,
    icon: row.icon,
    link: row.link,
    linkText: row.link_text,
    dialogTitle: row.dialog_title,
    dialog: row.dialog,
    createdAt: row.created_at.toISOString(),
  };
}

function toRow(input: CreateBanner) {
  return {
    message: input.message,
    enabled: input.enabled ?? true,
    variant: input.variant ?? 'info',
    sticky: input.sticky ?? false,
    icon: input.icon ?? null,
    link: input.link ?? null,
    link_text: input.linkText ?? null,
    dialog_title: input.dialogTitle ?? null,
    dialog: input.dialog ?? null,
  };
}

/** SQL of the `banners` table (migration 20261125194533_instance_admin). */
export const bannerStore = {
  /** Locks every banner row, so concurrent creations count one after another. */
  async lockAll(db: Queryable): Promise<void> {
    await db.selectFrom('banners').select('id').forUpdate().execute();
  },

  async list(db: Queryable): Promise<Banner[]> {
    const rows = await db.selectFrom('banners').selectAll().orderBy('id').execute();
    return rows.map(toBanner);
  },
  async count(db: Queryable): Promise<number> {
    const row = await db
      .selectFrom('banners')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },
  async get(db: Queryable, id: number, forUpdate = false): Promise<Banner | undefined> {
    let query = db.selectFrom('banners').selectAll().where('id', '=', id);
    if (forUpdate) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row ? toBanner(row) : undefined;
  },
  async insert(db: Queryable, input: CreateBanner): Promise<Banner> {
    const row = await db.insertInto('banners').values(toRow(input)).returningAll().executeTakeFirstOrThrow();
    return toBanner(row);
  },
  async update(db: Queryable, id: number, input: CreateBanner): Promise<Banner> {
    const row = await db
      .updateTable('banners')
      .set(toRow(input))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toBanner(row);
  },
  async setEnabled(db: Queryable, id: number, enabled: boolean): Promise<Banner> {
    const row = await db
      .updateTable('banners')
      .set({ enabled })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toBanner(row);
  },
  async remove(db: Queryable, id: number): Promise<void> {
    await db.deleteFrom('banners').where('id', '=', id).execute();
  },
};
