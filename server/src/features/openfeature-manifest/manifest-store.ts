import { sql } from 'kysely';
import type { ManifestDefaultValue, ManifestFlagType } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import type { ManifestSource } from './manifest-rules';

interface SourceRow {
  name: string;
  project: string;
  description: string | null;
  archived_at: Date | null;
  value_type: ManifestFlagType | null;
  default_value: ManifestDefaultValue | null;
  payload_types: string[] | null;
  numbers_integral: boolean | null;
}

/** A flag as the manifest reads it, with where it lives and whether it is archived. */
export interface ManifestRecord extends ManifestSource {
  project: string;
  archivedAt: Date | null;
}

/**
 * Each flag with its stored manifest values and the payload types of every variant it serves
 * (flag-level variants of each environment and strategy variants), in one statement.
 */
function sourceQuery(db: Queryable) {
  return db
    .selectFrom('features as f')
    .leftJoin('flag_manifest_values as m', 'm.feature_name', 'f.name')
    .select([
      'f.name',
      'f.project',
      'f.description',
      'f.archived_at',
      'm.value_type',
      'm.default_value',
      sql<string[] | null>`(
        SELECT array_agg(DISTINCT p.type ORDER BY p.type) FROM (${payloads}) p WHERE p.type IS NOT NULL
      )`.as('payload_types'),
      sql<boolean | null>`(
        SELECT bool_and(p.value ~ '^-?[0-9]+$') FROM (${payloads}) p WHERE p.type = 'number'
      )`.as('numbers_integral'),
    ]);
}

const payloads = sql`
  SELECT v -> 'payload' ->> 'type' AS type, v -> 'payload' ->> 'value' AS value
    FROM feature_environments fe, jsonb_array_elements(fe.variants) v WHERE fe.feature_name = f.name
  UNION ALL
  SELECT v -> 'payload' ->> 'type', v -> 'payload' ->> 'value'
    FROM feature_strategies fs, jsonb_array_elements(fs.variants) v WHERE fs.feature_name = f.name`;

function toRecord(row: SourceRow): ManifestRecord {
  return {
    name: row.name,
    project: row.project,
    description: row.description,
    archivedAt: row.archived_at,
    stored:
      row.value_type !== null && row.default_value !== null
        ? { type: row.value_type, defaultValue: row.default_value }
        : null,
    payloadTypes: row.payload_types ?? [],
    numbersIntegral: row.numbers_integral ?? true,
  };
}

/** The project's active flags (archived ones are not in a manifest), by name. */
export async function listManifestSources(db: Queryable, project: string): Promise<ManifestRecord[]> {
  const rows = await sourceQuery(db)
    .where('f.project', '=', project)
    .where('f.archived_at', 'is', null)
    .orderBy('f.name')
    .execute();
  return (rows as SourceRow[]).map(toRecord);
}

/** One flag, archived or not, wherever it lives; undefined when no flag has the name. */
export async function readManifestSource(db: Queryable, name: string): Promise<ManifestRecord | undefined> {
  const row = await sourceQuery(db).where('f.name', '=', name).executeTakeFirst();
  return row ? toRecord(row as SourceRow) : undefined;
}

export async function saveManifestValue(
  db: Queryable,
  name: string,
  type: ManifestFlagType,
  defaultValue: ManifestDefaultValue,
): Promise<void> {
  await db
    .insertInto('flag_manifest_values')
    .values({
      feature_name: name,
      value_type: type,
      default_value: JSON.stringify(defaultValue),
      updated_at: sql`now()`,
    })
    .onConflict((oc) =>
      oc.column('feature_name').doUpdateSet({
        value_type: type,
        default_value: JSON.stringify(defaultValue),
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

/** When the flag last changed: its newest event, else its creation. */
export async function lastChangeOf(db: Queryable, name: string): Promise<Date> {
  const row = await db
    .selectFrom('features')
    .select([
      'created_at',
      (eb) =>
        eb
          .selectFrom('events')
          .select((inner) => inner.fn.max('events.created_at').as('at'))
          .where('events.feature_name', '=', name)
          .as('last_event'),
    ])
    .where('name', '=', name)
    .executeTakeFirst();
  const lastEvent = row?.last_event as Date | null | undefined;
  return lastEvent ?? row?.created_at ?? new Date();
}

export async function projectExists(db: Queryable, project: string): Promise<boolean> {
  const row = await db.selectFrom('projects').select('id').where('id', '=', project).executeTakeFirst();
  return row !== undefined;
}
