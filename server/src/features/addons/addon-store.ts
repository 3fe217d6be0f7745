import { sql } from 'kysely';
import type { Queryable } from '../../db/queryable';
import type { ParameterValues } from './addon-parameters';

/** Addons and their delivery state (tables of migration `20261125195308_addons`). SQL only. */

export interface AddonRecord {
  id: number;
  provider: string;
  description: string | null;
  enabled: boolean;
  /** Sensitive values sealed. */
  parameters: ParameterValues;
  events: string[];
  projects: string[];
  environments: string[];
}

export interface DeliveryRecord {
  consecutiveFailures: number;
  pausedUntil: Date | null;
  lastError: string | null;
  lastDeliveredAt: Date | null;
  pendingEvents: number;
}

export interface AddonValues {
  provider: string;
  description: string | null;
  enabled: boolean;
  parameters: ParameterValues;
  events: string[];
  projects: string[];
  environments: string[];
}

const columns = [
  'id',
  'provider',
  'description',
  'enabled',
  'parameters',
  'events',
  'projects',
  'environments',
] as const;

function toRecord(row: {
  id: number;
  provider: string;
  description: string | null;
  enabled: boolean;
  parameters: unknown;
  events: unknown;
  projects: unknown;
  environments: unknown;
}): AddonRecord {
  return {
    id: row.id,
    provider: row.provider,
    description: row.description,
    enabled: row.enabled,
    parameters: (row.parameters ?? {}) as ParameterValues,
    events: (row.events ?? []) as string[],
    projects: (row.projects ?? []) as string[],
    environments: (row.environments ?? []) as string[],
  };
}

export async function listAddons(db: Queryable): Promise<AddonRecord[]> {
  const rows = await db.selectFrom('addons').select(columns).orderBy('id').execute();
  return rows.map(toRecord);
}

export async function getAddon(db: Queryable, id: number): Promise<AddonRecord | undefined> {
  const row = await db.selectFrom('addons').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** The id the next addon will get, so its secrets can be sealed for it before the insert. */
export async function nextAddonId(db: Queryable): Promise<number> {
  const { rows } = await sql<{
    id: number;
  }>`select nextval(pg_get_serial_sequence('addons', 'id'))::int as id`.execute(db);
  return (rows[0] as { id: number }).id;
}

export async function insertAddon(
  db: Queryable,
  id: number,
  values: AddonValues,
  createdByUserId: number | null,
): Promise<void> {
  await db
    .insertInto('addons')
    .values({
      id,
      provider: values.provider,
      description: values.description,
      enabled: values.enabled,
      parameters: JSON.stringify(values.parameters),
      events: JSON.stringify(values.events),
      projects: JSON.stringify(values.projects),
      environments: JSON.stringify(values.environments),
      created_by_user_id: createdByUserId,
    } as never)
    .execute();
  await db
    .insertInto('addon_deliveries')
    .values({ addon_id: id, paused_until: null, last_error: null, last_delivered_at: null })
    .execute();
}

export async function updateAddon(db: Queryable, id: number, values: AddonValues): Promise<void> {
  await db
    .updateTable('addons')
    .set({
      description: values.description,
      enabled: values.enabled,
      parameters: JSON.stringify(values.parameters),
      events: JSON.stringify(values.events),
      projects: JSON.stringify(values.projects),
      environments: JSON.stringify(values.environments),
    })
    .where('id', '=', id)
    .execute();
}

/** Disabling drops what was queued: Unleash does not deliver what happened while an addon was off. */
export async function dropQueuedEvents(db: Queryable, addonId: number): Promise<void> {
  await db.deleteFrom('addon_outbox').where('addon_id', '=', addonId).execute();
}

export async function deleteAddon(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('addons').where('id', '=', id).execute();
}

export async function getDeliveries(db: Queryable, ids: number[]): Promise<Map<number, DeliveryRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('addon_deliveries as d')
    .select((eb) => [
      'd.addon_id',
      'd.consecutive_failures',
      'd.paused_until',
      'd.last_error',
      'd.last_delivered_at',
      eb
        .selectFrom('addon_outbox as o')
        .whereRef('o.addon_id', '=', 'd.addon_id')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .as('pending'),
    ])
    .where('d.addon_id', 'in', ids)
    .execute();
  return new Map(
    rows.map((row) => [
      row.addon_id,
      {
        consecutiveFailures: row.consecutive_failures,
        pausedUntil: row.paused_until,
        lastError: row.last_error,
        lastDeliveredAt: row.last_delivered_at,
        pendingEvents: Number(row.pending ?? 0),
      },
    ]),
  );
}

/** Closes the circuit: the addon is claimable again at once. */
export async function resumeDelivery(db: Queryable, addonId: number): Promise<void> {
  await db
    .updateTable('addon_deliveries')
    .set({ paused_until: null, consecutive_failures: 0 })
    .where('addon_id', '=', addonId)
    .execute();
  await db
    .updateTable('addon_outbox')
    .set({ next_attempt_at: sql`now()` })
    .where('addon_id', '=', addonId)
    .execute();
}
