import type { Queryable } from '../../db/queryable';
import { type EventTag, eventRow, type NewEvent } from './event-row';

/** A flag's tags as events carry them: `{type, value}`, in a stable order. */
export async function listEventTags(db: Queryable, featureName: string): Promise<EventTag[]> {
  return db
    .selectFrom('feature_tag')
    .select(['tag_type as type', 'tag_value as value'])
    .where('feature_name', '=', featureName)
    .orderBy('tag_type')
    .orderBy('tag_value')
    .execute();
}

/**
 * Appends to the audit log. Call it with the transaction of the change it records, so the
 * change and its event commit or roll back together (STYLE.md convention 4). A flag event
 * carries the flag's current tags unless given others, as Unleash's do.
 */
export async function appendEvent(db: Queryable, event: NewEvent): Promise<number> {
  const tags = event.tags ?? (event.featureName ? await listEventTags(db, event.featureName) : []);
  const row = await db
    .insertInto('events')
    .values(eventRow(db, { ...event, tags }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
