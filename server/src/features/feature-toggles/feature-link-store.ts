import type { Queryable } from '../../db/queryable';
import type { StoredLink } from './feature-operation-types';

/** The SQL of a flag's links (feature_link). */

/** The flag's link with this id, as the admin API shows it. */
export async function findLink(
  db: Queryable,
  featureName: string,
  linkId: string,
): Promise<StoredLink | undefined> {
  return db
    .selectFrom('feature_link')
    .select(['id', 'url', 'title', 'feature_name as feature'])
    .where('id', '=', linkId)
    .where('feature_name', '=', featureName)
    .executeTakeFirst();
}

/** The flag's links in the order they were added. */
export async function listLinks(db: Queryable, featureName: string): Promise<StoredLink[]> {
  return db
    .selectFrom('feature_link')
    .select(['id', 'url', 'title', 'feature_name as feature'])
    .where('feature_name', '=', featureName)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function insertLink(db: Queryable, link: StoredLink & { domain: string }): Promise<void> {
  await db
    .insertInto('feature_link')
    .values({
      id: link.id,
      feature_name: link.feature,
      url: link.url,
      title: link.title,
      domain: link.domain,
    })
    .execute();
}

export async function updateLink(
  db: Queryable,
  linkId: string,
  changes: { url: string; title: string | null; domain: string },
): Promise<void> {
  await db.updateTable('feature_link').set(changes).where('id', '=', linkId).execute();
}

export async function deleteLink(db: Queryable, linkId: string): Promise<void> {
  await db.deleteFrom('feature_link').where('id', '=', linkId).execute();
}
