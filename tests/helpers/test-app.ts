import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/src/app/build-app';
import { type Config, loadConfig } from '../../server/src/config';
import type { Db } from '../../server/src/db/database';
import type { App } from '../../server/src/http/app-type';
import { createLogger } from '../../server/src/lib/logger';
import { TEST_SECRETS_KEY } from './secrets-key';
import { createTestDatabase, type TestDatabase } from './test-database';

/** Seeded through INIT_ADMIN_API_TOKENS in every test app: the all-powerful admin caller. */
export const TEST_ADMIN_TOKEN = '*:*.switchyard-test-admin-token-0123456789';

export interface TestApp {
  app: App;
  db: Db;
  database: TestDatabase;
  config: Config;
  /** Headers of the seeded admin API token. */
  adminHeaders: Record<string, string>;
  /** `app.inject` as the admin token, JSON body in and out. */
  request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The real app over a fresh migrated database, driven through `app.inject` (no port opened). */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  // A fixed key so features that seal secrets (integrations, SSO) work in tests; one test can pass null.
  const base = loadConfig({
    INIT_ADMIN_API_TOKENS: TEST_ADMIN_TOKEN,
    SECRETS_ENCRYPTION_KEY: TEST_SECRETS_KEY,
  });
  const config: Config = { ...base, ...overrides };
  const app = await buildApp({ config, db: database.db, logger: createLogger('silent') });
  await app.ready();
  const adminHeaders = { authorization: TEST_ADMIN_TOKEN };
  return {
    app,
    db: database.db,
    database,
    config,
    adminHeaders,
    request: (method, url, body, headers) =>
      app.inject({
        method,
        url,
        headers: { ...adminHeaders, ...headers },
        ...(body === undefined ? {} : { payload: body as object }),
      }),
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
