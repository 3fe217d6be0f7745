import type { Migration } from 'kysely';
import * as initial from './20261122000000_initial';

/** Every migration, in order. Add new ones at the end; never edit or remove a landed one. */
export const migrations: Record<string, Migration> = {
  '20261122000000_initial': initial,
};
