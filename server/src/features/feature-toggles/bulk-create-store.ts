import { isUniqueViolation } from '../../db/pg-errors';
import type { Queryable } from '../../db/queryable';
import { nameExists } from '../../lib/errors';
import { eventRow, type NewEvent } from '../events';
import { type FeatureRow, FLAG_EXISTS, type StrategyRow } from './feature-store';

/** The multi-row statements of bulk flag creation (bulk-create.ts), in chunks of 500 rows. */

const CHUNK = 500;

async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

export async function insertEventsInBulk(db: Queryable, events: readonly NewEvent[]): Promise<void> {
  await insertChunked(events, (chunk) =>
    db
      .insertInto('events')
      .values(chunk.map((item) => eventRow(db, { ...item, tags: item.tags ?? [] })))
      .execute(),
  );
}

/** The flags (archived or not) that already have one of these names. */
export async function listTakenNames(
  db: Queryable,
  names: readonly string[],
): Promise<{ name: string; archived_at: Date | null }[]> {
  return db
    .selectFrom('features')
    .select(['name', 'archived_at'])
    .where('name', 'in', [...names])
    .execute();
}

/** Inserts the flags; a name taken meanwhile is a 409 as for one flag. */
export async function insertFeaturesInBulk(
  db: Queryable,
  rows: readonly FeatureRow[],
  now: Date,
): Promise<void> {
  try {
    await insertChunked(rows, (chunk) =>
      db
        .insertInto('features')
        .values(
          chunk.map((row) => ({
            name: row.name,
            project: row.project,
            type: row.type,
            description: row.description,
            stale: false,
            impression_data: row.impressionData,
            created_by: row.createdBy,
            created_by_user_id: row.createdByUserId,
            created_at: now,
          })),
        )
        .execute(),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists(FLAG_EXISTS);
    throw error;
  }
}

export async function insertFeatureEnvironmentsInBulk(
  db: Queryable,
  rows: readonly { feature_name: string; environment: string; enabled: boolean; variants: string }[],
): Promise<void> {
  await insertChunked(rows, (chunk) => db.insertInto('feature_environments').values(chunk).execute());
}

/** The new flags' first lifecycle stage. */
export async function insertInitialStagesInBulk(db: Queryable, names: readonly string[]): Promise<void> {
  await insertChunked(names, (chunk) =>
    db
      .insertInto('feature_lifecycles')
      .values(chunk.map((feature) => ({ feature, stage: 'initial' })))
      .onConflict((oc) => oc.columns(['feature', 'stage']).doNothing())
      .execute(),
  );
}

/** Inserts the strategies and their segment links. */
export async function insertStrategiesInBulk(
  db: Queryable,
  strategies: readonly StrategyRow[],
  createdByUserId: number | null,
): Promise<void> {
  await insertChunked(strategies, (chunk) =>
    db
      .insertInto('feature_strategies')
      .values(
        chunk.map((row) => ({
          id: row.id,
          feature_name: row.featureName,
          project_name: row.projectName,
          environment: row.environment,
          strategy_name: row.strategyName,
          title: row.title,
          parameters: JSON.stringify(row.parameters),
          constraints: JSON.stringify(row.constraints),
          variants: JSON.stringify(row.variants),
          sort_order: row.sortOrder,
          disabled: row.disabled,
          created_by_user_id: createdByUserId,
        })),
      )
      .execute(),
  );
  const links = strategies.flatMap((row) =>
    row.segments.map((segment_id) => ({ feature_strategy_id: row.id, segment_id })),
  );
  await insertChunked(links, (chunk) => db.insertInto('feature_strategy_segment').values(chunk).execute());
}

/** Creates the tag when missing; true when it was created. */
export async function insertTagIfMissing(
  db: Queryable,
  tag: { type: string; value: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('tags')
    .values({ type: tag.type, value: tag.value })
    .onConflict((oc) => oc.doNothing())
    .returning('value')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function insertFeatureTagsInBulk(
  db: Queryable,
  pairs: readonly { featureName: string; tag: { type: string; value: string } }[],
  createdByUserId: number | null,
): Promise<void> {
  await insertChunked(pairs, (chunk) =>
    db
      .insertInto('feature_tag')
      .values(
        chunk.map(({ featureName, tag }) => ({
          feature_name: featureName,
          tag_type: tag.type,
          tag_value: tag.value,
          created_by_user_id: createdByUserId,
        })),
      )
      .execute(),
  );
}
