// Starts our headless server for a compatibility run on a scratch database created in
// DATABASE_URL's PostgreSQL server, and removes both afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { spawnServer, stopServer } from '../../tests/helpers/spawn-server';

export interface OurServer {
  url: string;
  adminToken: string;
  stop(): Promise<void>;
}

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function startOurServer(runId: string): Promise<OurServer> {
  const adminUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const database = `compat_${runId}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${database}`));
  const dropDatabase = () =>
    withAdmin(adminUrl, (client) => client.query(`drop database if exists ${database} with (force)`));
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const adminToken = `*:*.compat-admin-${randomBytes(16).toString('hex')}`;
  const server = spawnServer({
    DATABASE_URL: url.toString(),
    PORT: '0',
    INIT_ADMIN_API_TOKENS: adminToken,
    SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  });
  let serverUrl: string;
  try {
    serverUrl = await server.ready;
  } catch (error) {
    await dropDatabase();
    throw error;
  }
  return {
    url: serverUrl.replace(/\/+$/, ''),
    adminToken,
    async stop() {
      await stopServer(server);
      await dropDatabase();
    },
  };
}
