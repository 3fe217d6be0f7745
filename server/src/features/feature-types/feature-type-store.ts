import type { FeatureType } from '../../../contract';
import type { Queryable } from '../../db/queryable';

/** Unleash lists the types in this order (shared/unleash/API.md §7.2); others follow by id. */
const ORDER = ['release', 'experiment', 'operational', 'kill-switch', 'permission', 'sunset'];

function rank(id: string): number {
  const index = ORDER.indexOf(id);
  return index < 0 ? ORDER.length : index;
}

type Row = { id: string; name: string; description: string | null; lifetime_days: number | null };

function toFeatureType(row: Row): FeatureType {
  return { id: row.id, name: row.name, description: row.description ?? '', lifetimeDays: row.lifetime_days };
}

export async function listFeatureTypes(db: Queryable): Promise<FeatureType[]> {
  const rows = await db.selectFrom('feature_types').selectAll().execute();
  return rows.sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id)).map(toFeatureType);
}

export async function getFeatureType(
  db: Queryable,
  id: string,
  lock = false,
): Promise<FeatureType | undefined> {
  let query = db.selectFrom('feature_types').selectAll().where('id', '=', id);
  if (lock) query = query.forNoKeyUpdate();
  const row = await query.executeTakeFirst();
  return row ? toFeatureType(row) : undefined;
}

export async function setLifetime(db: Queryable, id: string, lifetimeDays: number | null): Promise<void> {
  await db.updateTable('feature_types').set({ lifetime_days: lifetimeDays }).where('id', '=', id).execute();
}
