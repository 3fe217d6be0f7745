import type { DB } from './schema.generated';
import type { OverlayMatchesSchema, SchemaOverlay } from './schema-overlay';

/** The overlay's columns replace the generated ones; the result is flattened for readable errors. */
type Overlaid<Table, Overlay> = {
  [Column in keyof Table | keyof Overlay]: Column extends keyof Overlay
    ? Overlay[Column]
    : Column extends keyof Table
      ? Table[Column]
      : never;
};

/**
 * Row types of every table, as the migrations leave them: generated from a migrated database
 * by `npm run db:types` (schema.generated.ts, checked by tests/server/db-types.db.test.ts),
 * with the application's narrower column types (schema-overlay.ts) laid over them. Stores are
 * the only readers.
 */
export type Database = {
  [Table in keyof DB]: Table extends keyof SchemaOverlay
    ? Overlaid<DB[Table], SchemaOverlay[Table]>
    : DB[Table];
};

export type BundleTrustedKeysTable = Database['bundle_trusted_keys'];
export type BannersTable = Database['banners'];

// Every entry must be `true`: a renamed table or column in the overlay stops the type check here.
const overlayMatchesSchema: { [Table in keyof OverlayMatchesSchema]: true } = {} as OverlayMatchesSchema;
void overlayMatchesSchema;
