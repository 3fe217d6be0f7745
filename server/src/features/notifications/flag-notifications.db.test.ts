import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus } from '../../../../tests/helpers/change-requests';
import { as, createUser, login, type Send } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { Notification } from '../../../contract';

const P = '/api/admin/projects/payments';
const OWNER = 4;
const MEMBER = 5;

/** Unleash's notification events for flags: created, archived, enabled, told to the other project members. */
describe('flag notifications to project members', () => {
  let t: TestApp;
  const send: Record<string, Send> = {};
  const inbox = (who: string) => expectStatus<Notification[]>(send[who]!, 'GET', '/api/admin/notifications');
  beforeAll(async () => {
    t = await createTestApp({ loginRateLimitPerMinute: 1000 });
    const created = await t.request('POST', '/api/admin/projects', { id: 'payments', name: 'Payments' });
    expect(created.statusCode).toBe(201);
    const ids: Record<string, number> = {};
    for (const [name, rootRole] of [
      ['alice', 'Viewer'],
      ['bob', 'Viewer'],
      ['grouped', 'Viewer'],
      ['outsider', 'Editor'],
    ] as const) {
      ids[name] = await createUser(t, { username: name, rootRole });
      send[name] = as(t, { cookie: await login(t, name) });
    }
    const group = (
      await t.request('POST', '/api/admin/groups', {
        name: 'Payments team',
        users: [{ user: { id: ids.grouped } }],
      })
    ).json();
    await t.request('POST', `${P}/access`, { roles: [OWNER], users: [ids.alice], groups: [] });
    await t.request('POST', `${P}/access`, { roles: [MEMBER], users: [ids.bob], groups: [group.id] });
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells the other members when a member creates, enables and archives a flag', async () => {
    await expectStatus(send.alice!, 'POST', `${P}/features`, { name: 'checkout' }, 201);
    await expectStatus(send.alice!, 'POST', `${P}/features/checkout/environments/development/on`);
    await expectStatus(send.alice!, 'DELETE', `${P}/features/checkout`, undefined, 202);
    for (const member of ['bob', 'grouped']) {
      const notifications = await inbox(member);
      expect(notifications.map((n) => [n.notificationType, n.link, n.createdBy.username])).toEqual([
        ['toggle', '/projects/payments/features/checkout', 'alice'],
        ['toggle', '/projects/payments/features/checkout', 'alice'],
        ['toggle', '/projects/payments/features/checkout', 'alice'],
      ]);
      expect(notifications.map((n) => n.message)).toEqual([
        'alice archived the flag checkout in payments',
        'alice enabled the flag checkout in development in payments',
        'alice created the flag checkout in payments',
      ]);
    }
    expect(await inbox('alice')).toEqual([]);
    expect(await inbox('outsider')).toEqual([]);
  });
});
