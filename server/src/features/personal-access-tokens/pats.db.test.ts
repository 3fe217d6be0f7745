import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { as, createPat, createUser, eventsOfType, login } from '../../../../tests/helpers/identity';
import { createTestApp } from '../../../../tests/helpers/test-app';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('personal access tokens', async () => {
  const t = await createTestApp({ loginRateLimitPerMinute: 1000 });
  afterAll(() => t.close());
  const viewerId = await createUser(t, { username: 'viewer', rootRole: 'Viewer' });
  await createUser(t, { username: 'admin2', rootRole: 'Admin' });
  const cookie = await login(t, 'viewer');
  const send = as(t, { cookie });

  it('creates a token shown once (user:<56 hex>), lists it without the secret, writes pat-created', async () => {
    const created = await send('POST', '/api/admin/user/tokens', {
      description: 'ci',
      expiresAt: inDays(30),
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.secret).toMatch(/^user:[0-9a-f]{56}$/);
    expect(body).toMatchObject({ description: 'ci', userId: viewerId, seenAt: null });
    const list = (await send('GET', '/api/admin/user/tokens')).json().pats;
    expect(list).toEqual([expect.objectContaining({ id: body.id, description: 'ci' })]);
    expect(list[0]).not.toHaveProperty('secret');
    const [event] = await eventsOfType(t, 'pat-created');
    expect(event?.data).toMatchObject({ id: body.id, description: 'ci', userId: viewerId });
    expect(JSON.stringify(event)).not.toContain(body.secret);
    const { rows } = await sql<{
      row: string;
    }>`select row_to_json(p)::text as row from personal_access_tokens p`.execute(t.db);
    expect(rows.map((r) => r.row).join()).not.toContain(body.secret.slice(5));
  });

  it('acts as its user, with that user permissions only', async () => {
    const secret = await createPat(t, cookie, 'acting');
    const me = await as(t, { authorization: secret })('GET', '/api/admin/user');
    expect(me.json().user).toMatchObject({ id: viewerId, username: 'viewer' });
    const denied = await as(t, { authorization: `Bearer ${secret}` })('GET', '/api/admin/user-admin');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().name).toBe('PermissionError');
  });

  it('gives an admin PAT the admin permissions', async () => {
    const adminCookie = await login(t, 'admin2');
    const secret = await createPat(t, adminCookie, 'admin pat');
    expect((await as(t, { authorization: secret })('GET', '/api/admin/user-admin')).statusCode).toBe(200);
  });

  it('refuses a past expiry, a duplicate description, unknown fields', async () => {
    const past = await send('POST', '/api/admin/user/tokens', { description: 'old', expiresAt: inDays(-1) });
    expect(past.statusCode).toBe(400);
    const duplicate = await send('POST', '/api/admin/user/tokens', {
      description: 'ci',
      expiresAt: inDays(3),
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().name).toBe('NameExistsError');
    expect(
      (await send('POST', '/api/admin/user/tokens', { description: 'x', expiresAt: inDays(3), extra: 1 }))
        .statusCode,
    ).toBe(400);
  });

  it('stops a token at its expiry', async () => {
    const secret = await createPat(t, cookie, 'short-lived');
    await t.db
      .updateTable('personal_access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('description', '=', 'short-lived')
      .execute();
    const response = await as(t, { authorization: secret })('GET', '/api/admin/user');
    expect(response.statusCode).toBe(401);
  });

  it('deletes its own tokens only; an unknown id answers 200', async () => {
    const secret = await createPat(t, cookie, 'to delete');
    const id = (await send('GET', '/api/admin/user/tokens'))
      .json()
      .pats.find((p: { description: string }) => p.description === 'to delete').id;
    const otherCookie = await login(t, 'admin2');
    expect((await as(t, { cookie: otherCookie })('DELETE', `/api/admin/user/tokens/${id}`)).statusCode).toBe(
      200,
    );
    expect((await as(t, { authorization: secret })('GET', '/api/admin/user')).statusCode).toBe(200);
    expect((await send('DELETE', `/api/admin/user/tokens/${id}`)).statusCode).toBe(200);
    expect((await as(t, { authorization: secret })('GET', '/api/admin/user')).statusCode).toBe(401);
    const [event] = await eventsOfType(t, 'pat-deleted');
    expect(event?.pre_data).toMatchObject({ id, description: 'to delete' });
    expect((await send('DELETE', '/api/admin/user/tokens/987654')).statusCode).toBe(200);
  });

  it('allows ten tokens per user (400 ExceedsLimitError beyond)', async () => {
    await createUser(t, { username: 'collector', rootRole: 'Viewer' });
    const collector = await login(t, 'collector');
    for (let i = 0; i < 10; i++) await createPat(t, collector, `token ${i}`);
    const response = await as(t, { cookie: collector })('POST', '/api/admin/user/tokens', {
      description: 'one too many',
      expiresAt: inDays(3),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().name).toBe('ExceedsLimitError');
  });

  it('needs an identifiable user: admin API tokens get 403', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/user/tokens'],
      ['POST', '/api/admin/user/tokens'],
      ['DELETE', '/api/admin/user/tokens/1'],
    ] as const) {
      const response = await t.request(
        method,
        url,
        method === 'POST' ? { description: 'x', expiresAt: inDays(1) } : undefined,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().name).toBe('ForbiddenError');
    }
  });

  it('ends with the user: deleting the user revokes the tokens', async () => {
    const id = await createUser(t, { username: 'leaver', rootRole: 'Viewer' });
    const secret = await createPat(t, await login(t, 'leaver'), 'leaving');
    await t.request('DELETE', `/api/admin/user-admin/${id}`);
    expect((await as(t, { authorization: secret })('GET', '/api/admin/user')).statusCode).toBe(401);
  });
});
