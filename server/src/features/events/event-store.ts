import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** A query handle: the pool or an open transaction, so the same store code serves both. */
export type Queryable = Kysely<Database> | Transaction<Database>;

export interface NewEvent {
  /** Unleash's event type name, e.g. `feature-created`, `api-token-created`. */
  type: string;
  createdBy: string;
  createdByUserId?: number | null;
  /** The state after the change; never a secret. */
  data?: unknown;
  /** The state before the change; never a secret. */
  preData?: unknown;
  tags?: Array<{ type: string; value: string }>;
  featureName?: string | null;
  project?: string | null;
  environment?: string | null;
}

/**
 * Appends to the audit log. Call it with the transaction of the change it records, so the
 * change and its event commit or roll back together (STYLE.md convention 4).
 */
export async function appendEvent(db: Queryable, event: NewEvent): Promise<number> {
  const row = await db
    .insertInto('events')
    .values({
      type: event.type,
      created_by: event.createdBy,
      created_by_user_id: event.createdByUserId ?? null,
      data: event.data === undefined ? null : JSON.stringify(event.data),
      pre_data: event.preData === undefined ? null : JSON.stringify(event.preData),
      tags: JSON.stringify(event.tags ?? []),
      feature_name: event.featureName ?? null,
      project: event.project ?? null,
      environment: event.environment ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
