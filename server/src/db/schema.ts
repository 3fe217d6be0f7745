import type { ColumnType, Generated } from 'kysely';

/** A jsonb column: read as parsed JSON, written as a JSON string. */
export type Json<T = unknown> = ColumnType<T, string, string>;

/** Row types of every table, as the migrations leave them. Stores are the only readers. */
export interface EventsTable {
  id: Generated<string>;
  type: string;
  created_by: string;
  created_by_user_id: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  data: ColumnType<unknown, string | null, string | null>;
  pre_data: ColumnType<unknown, string | null, string | null>;
  tags: ColumnType<unknown, string | undefined, string>;
  feature_name: string | null;
  project: string | null;
  environment: string | null;
  announced: Generated<boolean>;
}

export interface SettingsTable {
  name: string;
  content: Json;
}

export interface Database {
  events: EventsTable;
  settings: SettingsTable;
}
