import { expect } from 'vitest';
import { as, createUser, login, type Method, type Send } from './identity';
import type { TestApp } from './test-app';

/** A call expected to answer `status`; returns the JSON body (undefined for an empty one). */
export async function expectStatus<T>(send: Send, method: Method, url: string, body?: unknown, status = 200) {
  const response = await send(method, url, body);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return (response.body ? response.json() : undefined) as T;
}

export interface Reviewers {
  /** The custom project role holding APPROVE and APPLY_CHANGE_REQUEST in production. */
  roleId: number;
  ids: Record<string, number>;
  send: Record<string, Send>;
}

/** A user to sign in: an Editor holding the reviewer role unless `reviewer` is false. */
export interface TestUser {
  username: string;
  email?: string;
  rootRole?: 'Editor' | 'Viewer';
  reviewer?: boolean;
}

/**
 * Users signed in, the Editors among them (unless `reviewer: false`) holding a role that may
 * approve and apply change requests in the default project's production environment, with change
 * requests on there (one approval required) unless `enableChangeRequests` is false.
 */
export async function setUpReviewers(
  t: TestApp,
  users: TestUser[],
  { enableChangeRequests = true }: { enableChangeRequests?: boolean } = {},
): Promise<Reviewers> {
  const role = await t.request('POST', '/api/admin/roles', {
    name: 'Production reviewer',
    type: 'custom',
    permissions: [
      { name: 'APPROVE_CHANGE_REQUEST', environment: 'production' },
      { name: 'APPLY_CHANGE_REQUEST', environment: 'production' },
    ],
  });
  expect(role.statusCode, role.body).toBe(200);
  const roleId: number = role.json().roles?.id ?? role.json().id;
  const ids: Record<string, number> = {};
  const send: Record<string, Send> = {};
  for (const { reviewer = true, rootRole = 'Editor', ...user } of users) {
    const id = await createUser(t, { ...user, rootRole });
    if (reviewer) {
      await t.db
        .insertInto('role_user')
        .values({ user_id: id, role_id: roleId, project: 'default' })
        .execute();
    }
    ids[user.username] = id;
    send[user.username] = as(t, { cookie: await login(t, user.username) });
  }
  if (enableChangeRequests) {
    const config = await t.request(
      'PUT',
      '/api/admin/projects/default/environments/production/change-requests/config',
      { changeRequestsEnabled: true, requiredApprovals: 1 },
    );
    expect(config.statusCode, config.body).toBe(200);
  }
  return { roleId, ids, send };
}
