import { sql } from 'kysely';
import type { Db } from './database';

export const MINIMUM_POSTGRES_VERSION = 130000;

export class UnsupportedPostgresError extends Error {
  override name = 'UnsupportedPostgresError';
}

/** Refuses servers older than PostgreSQL 13: the migrations and queries rely on 13 features. */
export async function assertSupportedPostgres(db: Db): Promise<{ versionNum: number; version: string }> {
  const { rows } = await sql<{ num: string; version: string }>`
    select current_setting('server_version_num') as num, current_setting('server_version') as version
  `.execute(db);
  const row = rows[0];
  const versionNum = Number(row?.num);
  const version = row?.version ?? 'unknown';
  if (!Number.isFinite(versionNum) || versionNum < MINIMUM_POSTGRES_VERSION) {
    throw new UnsupportedPostgresError(
      `PostgreSQL ${version} is not supported: Switchyard needs PostgreSQL 13 or later`,
    );
  }
  return { versionNum, version };
}
