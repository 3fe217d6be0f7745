import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';

/** Helpers for tests that act as users, sessions and tokens other than the seeded admin token. */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Send = (method: Method, url: string, body?: unknown) => Promise<LightMyRequestResponse>;

/** A strong password for test users. */
export const TEST_PASSWORD = 'Test-Passw0rd!';

/** Requests with exactly these headers (no admin token). */
export function as(t: TestApp, headers: Record<string, string> = {}, remoteAddress?: string): Send {
  return (method, url, body) =>
    t.app.inject({
      method,
      url,
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
      ...(body === undefined ? {} : { payload: body as object }),
    });
}

/** Creates a user through the admin API; returns its id. */
export async function createUser(
  t: TestApp,
  user: { username: string; rootRole: number | string; password?: string; email?: string; name?: string },
): Promise<number> {
  const response = await t.request('POST', '/api/admin/user-admin', { password: TEST_PASSWORD, ...user });
  if (response.statusCode !== 201) throw new Error(`createUser ${response.statusCode}: ${response.body}`);
  return response.json().id;
}

/** Logs in and returns the `cookie` header of the new session. */
export async function login(
  t: TestApp,
  username: string,
  password = TEST_PASSWORD,
  remoteAddress?: string,
): Promise<string> {
  const response = await as(t, {}, remoteAddress)('POST', '/auth/simple/login', { username, password });
  if (response.statusCode !== 200) throw new Error(`login ${response.statusCode}: ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'unleash-session');
  if (!cookie) throw new Error('login set no session cookie');
  return `unleash-session=${cookie.value}`;
}

/** Creates a personal access token for the session's user; returns its secret. */
export async function createPat(t: TestApp, cookie: string, description = 'test token'): Promise<string> {
  const response = await as(t, { cookie })('POST', '/api/admin/user/tokens', {
    description,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  if (response.statusCode !== 201) throw new Error(`createPat ${response.statusCode}: ${response.body}`);
  return response.json().secret;
}

/** Creates a client or frontend API token through the admin API; returns its secret. */
export async function createApiToken(
  t: TestApp,
  token: {
    type: 'client' | 'backend' | 'frontend';
    environment?: string;
    projects?: string[];
    tokenName?: string;
  },
): Promise<string> {
  const response = await t.request('POST', '/api/admin/api-tokens', { tokenName: 'test', ...token });
  if (response.statusCode !== 201) throw new Error(`createApiToken ${response.statusCode}: ${response.body}`);
  return response.json().secret;
}

/** The events of a type, newest first, straight from the table. */
export async function eventsOfType(t: TestApp, type: string) {
  return t.db.selectFrom('events').selectAll().where('type', '=', type).orderBy('id', 'desc').execute();
}
