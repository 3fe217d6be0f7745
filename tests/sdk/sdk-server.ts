import os from 'node:os';
import { loadConfig, type RunningServer, startServer } from '../../server/src/index';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

/**
 * A real Switchyard listening on a free loopback port over a fresh database, driven over HTTP
 * the way the SDKs and an operator drive it. Used by the tests that run the real Unleash SDKs.
 */

/** Seeded through INIT_ADMIN_API_TOKENS: the caller of every admin request of these tests. */
export const SDK_TEST_ADMIN_TOKEN = '*:*.switchyard-sdk-test-admin-token-0123456789';

export interface HttpAnswer<T = unknown> {
  status: number;
  headers: Headers;
  /** The parsed JSON body; undefined when the body is empty. */
  body: T;
  text: string;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface SdkTestServer {
  server: RunningServer;
  /** The server's base URL, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  url: string;
  database: TestDatabase;
  /** An HTTP request with the given headers only (no token unless passed). */
  http<T = unknown>(
    method: Method,
    path: string,
    options?: { body?: unknown; headers?: Record<string, string> },
  ): Promise<HttpAnswer<T>>;
  /** An HTTP request as the seeded admin token. */
  admin<T = unknown>(method: Method, path: string, body?: unknown): Promise<HttpAnswer<T>>;
  /** Like `admin`, but fails unless the status is the one expected. */
  adminOk<T = unknown>(method: Method, path: string, body: unknown, status: number): Promise<T>;
  /** Creates a client or frontend API token through the admin API; returns its secret. */
  createToken(token: {
    type: 'client' | 'frontend';
    environment: string;
    projects?: string[];
    tokenName?: string;
  }): Promise<string>;
  stop(): Promise<void>;
}

/** Starts a server with `env` added to the test defaults (fresh database, port 0, silent logs). */
export async function startSdkTestServer(env: Record<string, string> = {}): Promise<SdkTestServer> {
  const database = await createTestDatabase();
  let server: RunningServer;
  try {
    server = await startServer({
      config: loadConfig({
        DATABASE_URL: database.url,
        PORT: '0',
        DATA_DIR: os.tmpdir(),
        INIT_ADMIN_API_TOKENS: SDK_TEST_ADMIN_TOKEN,
        LOG_LEVEL: 'error',
        ...env,
      }),
    });
  } catch (error) {
    await database.drop();
    throw error;
  }
  const url = server.url.replace(/\/$/, '');

  const http: SdkTestServer['http'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.status, headers: response.headers, body: body as never, text };
  };
  const admin: SdkTestServer['admin'] = (method, path, body) =>
    http(method, path, { body, headers: { authorization: SDK_TEST_ADMIN_TOKEN } });
  const adminOk: SdkTestServer['adminOk'] = async (method, path, body, status) => {
    const answer = await admin(method, path, body);
    if (answer.status !== status) {
      throw new Error(`${method} ${path}: expected ${status}, got ${answer.status} ${answer.text}`);
    }
    return answer.body as never;
  };

  return {
    server,
    url,
    database,
    http,
    admin,
    adminOk,
    async createToken({ type, environment, projects = ['*'], tokenName = `${type}-${environment}` }) {
      const created = await adminOk<{ secret: string }>(
        'POST',
        '/api/admin/api-tokens',
        { tokenName, type, environment, projects },
        201,
      );
      return created.secret;
    },
    async stop() {
      try {
        await server.stop();
      } finally {
        await database.drop();
      }
    },
  };
}

/**
 * Polls `probe` every `intervalMs` until it returns a value other than undefined, or fails
 * after `timeoutMs` naming what it waited for. Tests poll instead of sleeping.
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  { timeoutMs = 10_000, intervalMs = 50 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}${lastError ? `: ${lastError}` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export interface FlagStrategyInput {
  name: string;
  parameters?: Record<string, string>;
  constraints?: unknown[];
  segments?: number[];
  variants?: unknown[];
  disabled?: boolean;
}

/**
 * Creates a flag through the admin API with the same strategies in each of `environments`,
 * turned on there (and only there).
 */
export async function addFlag(
  s: SdkTestServer,
  flag: {
    name: string;
    project?: string;
    environments?: string[];
    strategies?: FlagStrategyInput[];
    impressionData?: boolean;
    description?: string;
  },
): Promise<void> {
  const {
    name,
    project = 'default',
    environments = ['development'],
    strategies = [{ name: 'default' }],
  } = flag;
  await s.adminOk(
    'POST',
    `/api/admin/projects/${project}/features`,
    {
      name,
      ...(flag.impressionData === undefined ? {} : { impressionData: flag.impressionData }),
      ...(flag.description === undefined ? {} : { description: flag.description }),
    },
    201,
  );
  for (const environment of environments) {
    const base = `/api/admin/projects/${project}/features/${name}/environments/${environment}`;
    for (const strategy of strategies) await s.adminOk('POST', `${base}/strategies`, strategy, 200);
    await s.adminOk('POST', `${base}/on`, undefined, 200);
  }
}
