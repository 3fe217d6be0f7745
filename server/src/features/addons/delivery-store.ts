import { type Kysely, sql, type Transaction } from 'kysely';
import type { AuditEvent, IntegrationEventDetails, IntegrationEventState } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import type { Database } from '../../db/schema';
import { toAuditEvent } from '../events';

/** The outbox of queued events per addon, the delivery lock and the integration-event log. SQL only. */

/**
 * Locks the delivery row of one addon with due work (FOR UPDATE SKIP LOCKED): until `trx` ends,
 * no other worker of any instance delivers for that addon, which keeps its events in order and
 * each delivered once. A crashed holder's lock goes with its connection.
 */
export async function claimDueAddon(trx: Transaction<Database>): Promise<number | undefined> {
  const { rows } = await sql<{ addon_id: number }>`
    select d.addon_id from addon_deliveries d
    join addons a on a.id = d.addon_id
    where a.enabled
      and (d.paused_until is null or d.paused_until <= now())
      and exists (select 1 from addon_outbox o where o.addon_id = d.addon_id and o.next_attempt_at <= now())
    order by d.addon_id
    limit 1
    for update of d skip locked`.execute(trx);
  return rows[0]?.addon_id;
}

/** Delivery rows of deleted addons (no foreign key, see the migration), except those in use. */
export async function removeOrphanDeliveries(db: Queryable): Promise<void> {
  await sql`
    delete from addon_deliveries where addon_id in (
      select d.addon_id from addon_deliveries d
      where not exists (select 1 from addons a where a.id = d.addon_id)
      for update skip locked)`.execute(db);
}

export async function getDeliveryState(trx: Queryable, addonId: number) {
  return trx
    .selectFrom('addon_deliveries')
    .select(['consecutive_failures', 'paused_until', 'last_error', 'last_delivered_at'])
    .where('addon_id', '=', addonId)
    .executeTakeFirst();
}

export async function setDeliveryState(
  trx: Queryable,
  addonId: number,
  state: {
    consecutiveFailures: number;
    pausedUntil: Date | null;
    lastError: string | null;
    lastDeliveredAt: Date | null;
  },
): Promise<void> {
  await trx
    .updateTable('addon_deliveries')
    .set({
      consecutive_failures: state.consecutiveFailures,
      paused_until: state.pausedUntil,
      last_error: state.lastError,
      last_delivered_at: state.lastDeliveredAt,
    })
    .where('addon_id', '=', addonId)
    .execute();
}

export interface QueuedEvent {
  eventId: number;
  attempts: number;
  nextAttemptAt: Date;
  event: AuditEvent;
}

/** The oldest queued events of an addon, in event order. */
export async function nextQueued(db: Queryable, addonId: number, limit: number): Promise<QueuedEvent[]> {
  const rows = await db
    .selectFrom('addon_outbox as o')
    .innerJoin('events as e', 'e.id', 'o.event_id')
    .select([
      'o.event_id',
      'o.attempts',
      'o.next_attempt_at',
      'e.id',
      'e.type',
      'e.created_by',
      'e.created_by_user_id',
      'e.created_at',
      'e.data',
      'e.pre_data',
      'e.tags',
      'e.feature_name',
      'e.project',
      'e.environment',
      'e.group_type',
      'e.group_id',
    ])
    .where('o.addon_id', '=', addonId)
    .orderBy('o.event_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    eventId: Number(row.event_id),
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    event: toAuditEvent(row),
  }));
}

/** Done with an event (delivered, given up or filtered out): committed at once, on the pool. */
export async function removeQueued(db: Queryable, addonId: number, eventId: number): Promise<void> {
  await db
    .deleteFrom('addon_outbox')
    .where('addon_id', '=', addonId)
    .where('event_id', '=', eventId)
    .execute();
}

export async function scheduleRetry(
  db: Queryable,
  addonId: number,
  eventId: number,
  attempts: number,
  at: Date,
): Promise<void> {
  await db
    .updateTable('addon_outbox')
    .set({ attempts, next_attempt_at: at })
    .where('addon_id', '=', addonId)
    .where('event_id', '=', eventId)
    .execute();
}

export interface NewIntegrationEvent {
  integrationId: number;
  eventId: number;
  state: IntegrationEventState;
  stateDetails: string;
  event: AuditEvent;
  details: IntegrationEventDetails;
}

/**
 * Records an attempt and settles its event in one transaction of its own (committed at once,
 * whatever the claim's transaction does): a delivered or given-up event leaves the outbox
 * together with its record, a failed one gets its next attempt time. False: the addon is gone.
 */
export async function settleAttempt(
  db: Kysely<Database>,
  entry: NewIntegrationEvent,
  next: { retryAt: Date; attempts: number } | null,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // The addon's row first, so a concurrent delete (which cascades to the outbox and this log)
    // is waited for instead of deadlocking with it; a deleted addon has nothing to record.
    const addon = await trx
      .selectFrom('addons')
      .select('id')
      .where('id', '=', entry.integrationId)
      .forKeyShare()
      .executeTakeFirst();
    if (!addon) return false;
    if (next) await scheduleRetry(trx, entry.integrationId, entry.eventId, next.attempts, next.retryAt);
    else await removeQueued(trx, entry.integrationId, entry.eventId);
    await insertIntegrationEvent(trx, entry);
    return true;
  });
}

export async function insertIntegrationEvent(db: Queryable, entry: NewIntegrationEvent): Promise<void> {
  await db
    .insertInto('integration_events')
    .values({
      integration_id: entry.integrationId,
      event_id: entry.eventId,
      state: entry.state,
      state_details: entry.stateDetails,
      event: JSON.stringify(entry.event),
      details: JSON.stringify(entry.details),
    })
    .execute();
}

export interface IntegrationEventRecord {
  id: number;
  integrationId: number;
  createdAt: Date;
  state: IntegrationEventState;
  stateDetails: string;
  event: AuditEvent;
  details: IntegrationEventDetails;
}

export async function listIntegrationEvents(
  db: Queryable,
  addonId: number,
  page: { limit: number; offset: number },
): Promise<IntegrationEventRecord[]> {
  const rows = await db
    .selectFrom('integration_events')
    .selectAll()
    .where('integration_id', '=', addonId)
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    integrationId: row.integration_id,
    createdAt: row.created_at,
    state: row.state as IntegrationEventState,
    stateDetails: row.state_details,
    event: row.event as AuditEvent,
    details: row.details as IntegrationEventDetails,
  }));
}

/**
 * Bounded retention: the newest `keep` attempts of an addon, none older than `maxAgeDays`.
 * Plain deletes by bound, so instances running it at once only repeat each other's work.
 */
export async function pruneIntegrationEvents(
  db: Queryable,
  addonId: number,
  retention: { keep: number; maxAgeDays: number },
): Promise<void> {
  await sql`
    delete from integration_events
    where integration_id = ${addonId}
      and (created_at < now() - make_interval(days => ${retention.maxAgeDays})
        or id <= (select id from integration_events where integration_id = ${addonId}
                  order by id desc offset ${retention.keep} limit 1))`.execute(db);
}
