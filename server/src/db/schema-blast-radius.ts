import type { ColumnType } from 'kysely';
import type { CreatedAt, Json } from './schema-core';

/** A sampled context of the frontend API (issue 15), sensitive fields hashed or dropped. */
export interface BlastRadiusContextsTable {
  environment: string;
  context_hash: string;
  context: Json;
  first_seen_at: CreatedAt;
  last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface BlastRadiusTables {
  blast_radius_contexts: BlastRadiusContextsTable;
}
