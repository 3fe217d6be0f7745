import { sql } from 'kysely';
import type { GettingStarted } from '../../../contract';
import type { Queryable } from '../../db/queryable';

/** Token types an SDK connects with (a `backend` token is stored as `client`, Unleash's older name). */
const SDK_TOKEN_TYPES = ['client', 'frontend'] as const;

/**
 * The getting-started progress in one query over other domains' tables (read-only, as the rest
 * of this domain): a flag's later events (not its creation) count as changes.
 */
export async function readGettingStarted(db: Queryable): Promise<GettingStarted> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('projects').select('id').where('id', '<>', 'default')).as('project'),
      eb
        .exists(eb.selectFrom('api_tokens').select('id').where('type', 'in', SDK_TOKEN_TYPES))
        .as('api_token'),
      eb
        .or([
          eb.exists(eb.selectFrom('client_instances').select('app_name')),
          eb.exists(eb.selectFrom('client_applications').select('app_name')),
        ])
        .as('sdk'),
      eb.selectFrom('features').select(sql<string>`count(*)`.as('n')).as('flags'),
      eb
        .selectFrom('events')
        .select(sql<string>`count(*)`.as('n'))
        .where('feature_name', 'is not', null)
        .where('type', '<>', 'feature-created')
        .as('changes'),
    ])
    .executeTakeFirstOrThrow();
  const flags = Number(row.flags ?? 0);
  const changes = Number(row.changes ?? 0);
  return {
    steps: {
      project: Boolean(row.project),
      flag: flags > 0,
      apiToken: Boolean(row.api_token),
      sdk: Boolean(row.sdk),
      change: changes > 0,
    },
    flags,
    changes,
  };
}
