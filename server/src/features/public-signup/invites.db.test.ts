import { afterAll, describe, expect, it } from 'vitest';
import { as, eventsOfType, login } from '../../../../tests/helpers/identity';
import { createTestApp } from '../../../../tests/helpers/test-app';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('invite links', async () => {
  const t = await createTestApp({ publicUrl: 'https://flags.example.com', loginRateLimitPerMinute: 1000 });
  afterAll(() => t.close());
  const signup = (secret: string, body: Record<string, unknown>) =>
    as(t)('POST', `/invite/${secret}/signup`, body);
  // The plain secret is shown once, at creation; the tests keep it as the person invited would.
  let secret = '';

  it('creates a link (Viewer role, expiry capped at one month) with an event', async () => {
    const response = await t.request('POST', '/api/admin/invite-link/tokens', {
      name: 'team',
      expiresAt: inDays(365),
    });
    expect(response.statusCode).toBe(201);
    const token = response.json();
    secret = token.secret;
    expect(token.secret).toMatch(/^[0-9a-f]{32}$/);
    expect(token).toMatchObject({
      name: 'team',
      enabled: true,
      url: `https://flags.example.com/new-user?invite=${token.secret}`,
      createdBy: 'admin',
      role: { id: 3, name: 'Viewer', type: 'root' },
      users: [],
    });
    const days = (new Date(token.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    const [event] = await eventsOfType(t, 'public-signup-token-created');
    expect(event?.data).toMatchObject({ name: 'team', enabled: true });
    expect(JSON.stringify(event)).not.toContain(token.secret);
  });

  it('validates a usable link with 200 and an unknown one with 400', async () => {
    expect((await as(t)('GET', `/invite/${secret}/validate`)).statusCode).toBe(200);
    expect((await as(t)('GET', '/invite/0123456789abcdef0123456789abcdef/validate')).statusCode).toBe(400);
  });

  it('signs up a Viewer through the link, who can then log in', async () => {
    const response = await signup(secret, {
      email: 'new@example.com',
      name: 'Newcomer',
      password: 'Newc0mer-Pass!',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ email: 'new@example.com', name: 'Newcomer', rootRole: 3 });
    await login(t, 'new@example.com', 'Newc0mer-Pass!');
    const token = (await t.request('GET', `/api/admin/invite-link/tokens/${secret}`)).json();
    expect(token.users.map((u: { email: string }) => u.email)).toEqual(['new@example.com']);
    expect((await eventsOfType(t, 'public-signup-token-user-added'))[0]?.data).toMatchObject({
      name: 'team',
    });
    expect((await eventsOfType(t, 'user-created'))[0]).toMatchObject({
      created_by: 'system',
      created_by_user_id: -1337,
    });
  });

  it('refuses a weak password (400), an existing user (409), a bad link (400)', async () => {
    const weak = await signup(secret, { email: 'weak@example.com', name: 'W', password: 'weak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().name).toBe('OwaspValidationError');
    const taken = await signup(secret, {
      email: 'NEW@example.com',
      name: 'Again',
      password: 'Newc0mer-Pass!',
    });
    expect(taken.statusCode).toBe(409);
    expect(
      (await signup('nope', { email: 'x@example.com', name: 'X', password: 'Newc0mer-Pass!' })).statusCode,
    ).toBe(400);
  });

  it('disables and expires links: both stop validation and sign-up', async () => {
    const disabled = await t.request('PUT', `/api/admin/invite-link/tokens/${secret}`, { enabled: false });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().enabled).toBe(false);
    expect((await eventsOfType(t, 'public-signup-token-updated'))[0]).toMatchObject({
      data: expect.objectContaining({ enabled: false }),
      pre_data: expect.objectContaining({ enabled: true }),
    });
    expect((await as(t)('GET', `/invite/${secret}/validate`)).statusCode).toBe(400);
    expect(
      (await signup(secret, { email: 'late@example.com', name: 'L', password: 'Newc0mer-Pass!' })).statusCode,
    ).toBe(400);

    await t.request('PUT', `/api/admin/invite-link/tokens/${secret}`, { enabled: true });
    expect((await as(t)('GET', `/invite/${secret}/validate`)).statusCode).toBe(200);
    await t.db
      .updateTable('public_signup_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await as(t)('GET', `/invite/${secret}/validate`)).statusCode).toBe(400);
  });

  it('stores only a hash of the secret: listings show an id and no url, which opens no link', async () => {
    const stored = await t.db.selectFrom('public_signup_tokens').select('secret_hash').execute();
    expect(JSON.stringify(stored)).not.toContain(secret);
    const [listed] = (await t.request('GET', '/api/admin/invite-link/tokens')).json().tokens;
    expect(listed.url).toBeNull();
    expect(listed.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(listed.secret).toBe(stored[0]?.secret_hash);
    // The id works in the admin API (the console toggles links by it), never on the public routes.
    const renamed = await t.request('PUT', `/api/admin/invite-link/tokens/${listed.secret}`, {
      enabled: true,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ secret: listed.secret, url: null });
    expect((await as(t)('GET', `/invite/${listed.secret}/validate`)).statusCode).toBe(400);
  });

  it('answers 404 for an unknown link in the admin API, and is admin-only', async () => {
    expect((await t.request('GET', '/api/admin/invite-link/tokens/nope')).statusCode).toBe(404);
    expect(
      (await t.request('PUT', '/api/admin/invite-link/tokens/nope', { enabled: false })).statusCode,
    ).toBe(404);
    const viewer = as(t, { cookie: await login(t, 'new@example.com', 'Newc0mer-Pass!') });
    expect((await viewer('GET', '/api/admin/invite-link/tokens')).statusCode).toBe(403);
  });
});
