import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../server/src/db/database';
import type { TestApp } from './test-app';

/** The id of the newest audit event (0 when none): take it before an action, then read what came after. */
export async function latestEventId(db: Db): Promise<number> {
  const row = await db.selectFrom('events').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? Number(row.id) : 0;
}

export interface StoredEvent {
  id: number;
  type: string;
  createdBy: string;
  featureName: string | null;
  project: string | null;
  environment: string | null;
  data: unknown;
  preData: unknown;
}

/** The events written after `afterId`, oldest first. */
export async function eventsAfter(db: Db, afterId: number): Promise<StoredEvent[]> {
  const rows = await db.selectFrom('events').selectAll().where('id', '>', afterId).orderBy('id').execute();
  return rows.map((row) => ({
    id: Number(row.id),
    type: row.type,
    createdBy: row.created_by,
    featureName: row.feature_name,
    project: row.project,
    environment: row.environment,
    data: row.data,
    preData: row.pre_data,
  }));
}

/** Sends a request and asserts nothing was written to the audit log, returning the response. */
export async function expectRejectedWithoutEvent(
  test: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body: unknown,
  status: number,
): Promise<LightMyRequestResponse> {
  const before = await latestEventId(test.db);
  const response = await test.request(method, url, body);
  expect(response.statusCode, response.body).toBe(status);
  expect(await eventsAfter(test.db, before)).toEqual([]);
  return response;
}

/** Sends a request, asserts its status and returns the parsed body (undefined when empty). */
export async function call<T = unknown>(
  test: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body: unknown,
  status: number,
): Promise<T> {
  const response = await test.request(method, url, body);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return (response.body ? JSON.parse(response.body) : undefined) as T;
}

/** Creates a flag in a project through the API. */
export async function createFlag(test: TestApp, name: string, project = 'default', extra: object = {}) {
  return call(test, 'POST', `/api/admin/projects/${project}/features`, { name, ...extra }, 201);
}
