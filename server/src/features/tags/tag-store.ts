import type { Tag, TagType } from '../../../contract';
import type { Queryable } from '../../db/queryable';

function toTagType(row: {
  name: string;
  description: string | null;
  icon: string | null;
  color: string | null;
}): TagType {
  return {
    name: row.name,
    ...(row.description !== null ? { description: row.description } : {}),
    icon: row.icon,
    color: row.color,
  };
}

export async function listTagTypes(db: Queryable): Promise<TagType[]> {
  const rows = await db
    .selectFrom('tag_types')
    .select(['name', 'description', 'icon', 'color'])
    .orderBy('name')
    .execute();
  return rows.map(toTagType);
}

export async function getTagType(db: Queryable, name: string, lock = false): Promise<TagType | undefined> {
  let query = db
    .selectFrom('tag_types')
    .select(['name', 'description', 'icon', 'color'])
    .where('name', '=', name);
  if (lock) query = query.forNoKeyUpdate();
  const row = await query.executeTakeFirst();
  return row ? toTagType(row) : undefined;
}

export async function insertTagType(db: Queryable, tagType: TagType): Promise<void> {
  await db
    .insertInto('tag_types')
    .values({
      name: tagType.name,
      description: tagType.description ?? null,
      icon: tagType.icon ?? null,
      color: tagType.color ?? null,
    })
    .execute();
}

export async function updateTagType(db: Queryable, tagType: TagType): Promise<void> {
  await db
    .updateTable('tag_types')
    .set({
      description: tagType.description ?? null,
      icon: tagType.icon ?? null,
      color: tagType.color ?? null,
    })
    .where('name', '=', tagType.name)
    .execute();
}

export async function deleteTagType(db: Queryable, name: string): Promise<void> {
  await db.deleteFrom('tag_types').where('name', '=', name).execute();
}

export async function listTags(db: Queryable, type?: string): Promise<Tag[]> {
  let query = db.selectFrom('tags').select(['type', 'value']).orderBy('type').orderBy('value');
  if (type !== undefined) query = query.where('type', '=', type);
  return query.execute();
}

export async function getTag(db: Queryable, type: string, value: string): Promise<Tag | undefined> {
  return db
    .selectFrom('tags')
    .select(['type', 'value'])
    .where('type', '=', type)
    .where('value', '=', value)
    .executeTakeFirst();
}

/** Inserts a tag; false when it existed already. */
export async function insertTag(db: Queryable, tag: Tag): Promise<boolean> {
  const inserted = await db
    .insertInto('tags')
    .values({ type: tag.type, value: tag.value, color: tag.color ?? null })
    .onConflict((oc) => oc.doNothing())
    .returning('value')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function deleteTag(db: Queryable, tag: Tag): Promise<boolean> {
  const result = await db
    .deleteFrom('tags')
    .where('type', '=', tag.type)
    .where('value', '=', tag.value)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A flag's tags, coloured by their tag type as Unleash shows them. */
export async function listFeatureTags(db: Queryable, featureName: string): Promise<Tag[]> {
  const rows = await db
    .selectFrom('feature_tag as ft')
    .leftJoin('tag_types as tt', 'tt.name', 'ft.tag_type')
    .select(['ft.tag_type as type', 'ft.tag_value as value', 'tt.color'])
    .where('ft.feature_name', '=', featureName)
    .orderBy('ft.tag_type')
    .orderBy('ft.tag_value')
    .execute();
  return rows.map((row) => ({ type: row.type, value: row.value, color: row.color }));
}

/** Tags of many flags at once (search results, project lists). */
export async function listTagsOfFeatures(
  db: Queryable,
  featureNames: readonly string[],
): Promise<Map<string, Tag[]>> {
  const byFeature = new Map<string, Tag[]>();
  if (featureNames.length === 0) return byFeature;
  const rows = await db
    .selectFrom('feature_tag as ft')
    .leftJoin('tag_types as tt', 'tt.name', 'ft.tag_type')
    .select(['ft.feature_name', 'ft.tag_type as type', 'ft.tag_value as value', 'tt.color'])
    .where('ft.feature_name', 'in', [...featureNames])
    .orderBy('ft.tag_type')
    .orderBy('ft.tag_value')
    .execute();
  for (const row of rows) {
    const list = byFeature.get(row.feature_name) ?? [];
    list.push({ type: row.type, value: row.value, color: row.color });
    byFeature.set(row.feature_name, list);
  }
  return byFeature;
}

/** Tags a flag; false when it had the tag already. */
export async function insertFeatureTag(
  db: Queryable,
  featureName: string,
  tag: Tag,
  createdByUserId: number | null,
): Promise<boolean> {
  const inserted = await db
    .insertInto('feature_tag')
    .values({
      feature_name: featureName,
      tag_type: tag.type,
      tag_value: tag.value,
      created_by_user_id: createdByUserId,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('tag_value')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function deleteFeatureTag(db: Queryable, featureName: string, tag: Tag): Promise<boolean> {
  const result = await db
    .deleteFrom('feature_tag')
    .where('feature_name', '=', featureName)
    .where('tag_type', '=', tag.type)
    .where('tag_value', '=', tag.value)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether a flag (archived or not) with this name exists. */
export async function featureExists(db: Queryable, featureName: string): Promise<boolean> {
  const feature = await db
    .selectFrom('features')
    .select('name')
    .where('name', '=', featureName)
    .executeTakeFirst();
  return feature !== undefined;
}

/** The flag's name and project, locked for the rest of the transaction while its tags change. */
export async function lockFeatureForTags(
  db: Queryable,
  featureName: string,
): Promise<{ name: string; project: string } | undefined> {
  return db
    .selectFrom('features')
    .select(['name', 'project'])
    .where('name', '=', featureName)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/** The named flags' names and projects, locked in name order while their tags change. */
export async function lockFeaturesForTags(
  db: Queryable,
  featureNames: readonly string[],
): Promise<{ name: string; project: string }[]> {
  return db
    .selectFrom('features')
    .select(['name', 'project'])
    .where('name', 'in', featureNames.length ? [...featureNames] : [''])
    .orderBy('name')
    .forNoKeyUpdate()
    .execute();
}
