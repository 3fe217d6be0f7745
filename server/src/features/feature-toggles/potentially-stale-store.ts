import { sql } from 'kysely';
import type { Queryable } from '../../db/queryable';

/** The SQL of the potentially-stale marking (potentially-stale.ts). */

/** The transaction-scoped advisory lock of the marking; false when another instance holds it. */
export async function tryPotentiallyStaleLock(trx: Queryable): Promise<boolean> {
  const lock = await sql<{ locked: boolean }>`
    select pg_try_advisory_xact_lock(hashtext('switchyard:potentially-stale')) as locked`.execute(trx);
  return lock.rows[0]?.locked === true;
}

/**
 * Sets each active flag's mark from its age and its type's lifetime (null or 0: never), returning
 * the flags whose mark changed.
 */
export async function updatePotentiallyStale(trx: Queryable, now: Date) {
  const changed = await sql<{
    name: string;
    project: string;
    potentially_stale: boolean;
    created_by_user_id: number | null;
  }>`
    update features f set potentially_stale = computed.value
    from (
      select f2.name,
             coalesce(ft.lifetime_days > 0
               and f2.created_at + make_interval(days => ft.lifetime_days) <= ${now}, false) as value
      from features f2
      join feature_types ft on ft.id = f2.type
      where f2.archived_at is null
    ) computed
    where computed.name = f.name and f.potentially_stale <> computed.value
    returning f.name, f.project, f.potentially_stale, f.created_by_user_id`.execute(trx);
  return changed.rows;
}
