import { sql } from 'kysely';
import { Type } from 'typebox';
import { afterAll, describe, expect, it } from 'vitest';
import { as, createApiToken, createUser, eventsOfType, login } from '../../../../tests/helpers/identity';
import { createTestApp, TEST_ADMIN_TOKEN } from '../../../../tests/helpers/test-app';
import { createTestDatabase } from '../../../../tests/helpers/test-database';
import { EDGE_VALIDATE_MAX_TOKENS } from '../../../contract';
import { buildApp } from '../../app/build-app';
import { loadConfig } from '../../config';
import type { Queryable } from '../../db/queryable';
import { tokenScopeOf } from '../../lib/caller';
import { createLogger } from '../../lib/logger';
import { EDGE_VALIDATE_PER_MINUTE } from './api-token-routes';
import { createApiTokenService } from './api-token-service';
import { hashSecret } from './token-format';

const SEEDED_CLIENT = '*:development.seeded-client-0123456789abcdef';
const SEEDED_FRONTEND = 'default:production.seeded-frontend-0123456789';

/** The real app plus probe routes on the SDK surfaces that echo the caller's token scope. */
async function appWithScopeProbes(database: { db: Parameters<typeof buildApp>[0]['db'] }) {
  const config = loadConfig({
    INIT_ADMIN_API_TOKENS: TEST_ADMIN_TOKEN,
    INIT_CLIENT_API_TOKENS: SEEDED_CLIENT,
    INIT_FRONTEND_API_TOKENS: SEEDED_FRONTEND,
  });
  const app = await buildApp({ config, db: database.db, logger: createLogger('silent') });
  const Scope = Type.Object({}, { additionalProperties: true });
  for (const [url, permission] of [
    ['/api/client/scope-probe', 'CLIENT'],
    ['/api/frontend/scope-probe', 'FRONTEND'],
  ] as const) {
    app.get(
      url,
      { config: { permission }, schema: { operationId: `probe${permission}`, response: { 200: Scope } } },
      async (request) => ({ ...tokenScopeOf(request.caller) }),
    );
  }
  await app.ready();
  return app;
}

/** Every row of a table as text, to look for secrets at rest. */
async function tableText(db: Queryable, table: string): Promise<string> {
  const { rows } = await sql<{
    row: string;
  }>`select row_to_json(t)::text as row from ${sql.table(table)} t`.execute(db);
  return rows.map((r) => r.row).join('\n');
}

describe('API tokens', async () => {
  const database = await createTestDatabase();
  const app = await appWithScopeProbes(database);
  const t = {
    app,
    db: database.db,
    request: (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
      app.inject({
        method,
        url,
        headers: { authorization: TEST_ADMIN_TOKEN },
        ...(body === undefined ? {} : { payload: body as object }),
      }),
  } as unknown as Parameters<typeof createApiToken>[0];
  afterAll(async () => {
    await app.close();
    await database.drop();
  });
  await database.db.insertInto('projects').values({ id: 'p2', name: 'Project 2' }).execute();
  const probe = (surface: 'client' | 'frontend', authorization?: string) =>
    as(t, authorization ? { authorization } : {})('GET', `/api/${surface}/scope-probe`);

  it('creates a client token: the secret once, in Unleash format, the stored type client', async () => {
    const response = await t.request('POST', '/api/admin/api-tokens', {
      tokenName: 'sdk',
      type: 'backend',
      environment: 'production',
      projects: ['default'],
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.secret).toMatch(/^default:production\.[0-9a-f]{56}$/);
    expect(body).toMatchObject({
      tokenName: 'sdk',
      type: 'backend',
      environment: 'production',
      project: 'default',
      projects: ['default'],
      expiresAt: null,
      secure: true,
      prefix: body.secret.slice(0, 'default:production.'.length + 8),
    });
    const listed = (await t.request('GET', '/api/admin/api-tokens/sdk')).json().tokens;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ type: 'client', prefix: body.prefix });
    expect(listed[0]).not.toHaveProperty('secret');
  });

  it('names the project part * for all projects and [] for several', async () => {
    expect(await createApiToken(t, { type: 'client', environment: 'development' })).toMatch(
      /^\*:development\./,
    );
    expect(
      await createApiToken(t, { type: 'frontend', environment: 'development', projects: ['default', 'p2'] }),
    ).toMatch(/^\[\]:development\./);
    const single = await t.request('POST', '/api/admin/api-tokens', {
      tokenName: 'one',
      type: 'FRONTEND',
      environment: 'development',
      project: 'p2',
    });
    expect(single.json()).toMatchObject({ type: 'frontend', projects: ['p2'] });
  });

  it.each([
    [
      { tokenName: 'x', type: 'client', environment: '*' },
      'Client token cannot be scoped to all environments',
    ],
    [
      { tokenName: 'x', type: 'frontend', environment: '*' },
      'Frontend token cannot be scoped to all environments',
    ],
    [
      { tokenName: 'x', type: 'client', environment: 'no-such-env' },
      'Environment=no-such-env does not exist',
    ],
    [{ tokenName: 'x', type: 'client', projects: ['default', 'nope'] }, 'Project=nope does not exist'],
  ])('refuses %j: 400 %s', async (body, message) => {
    const response = await t.request('POST', '/api/admin/api-tokens', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ name: 'BadDataError', message });
  });

  it('ignores a chosen secret and other unknown properties, as Unleash 8.2 does (201, generated secret)', async () => {
    const response = await t.request('POST', '/api/admin/api-tokens', {
      tokenName: 'chosen',
      type: 'client',
      secret: 'mine',
      zz: 1,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().secret).toMatch(/^\*:development\.[0-9a-f]{20,}$/);
    expect(response.json()).not.toHaveProperty('zz');
  });

  it.each([
    { tokenName: 'x', type: 'admin' },
    { type: 'client' },
    { tokenName: 'x', type: 'client', projects: [] },
  ])('refuses the body %j by schema (400)', async (body) => {
    const response = await t.request('POST', '/api/admin/api-tokens', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().name).toBe('BadDataError');
  });

  it('keeps no usable secret at rest: only a SHA-256, no part of the random secret', async () => {
    const secret = await createApiToken(t, {
      type: 'client',
      environment: 'development',
      tokenName: 'at-rest',
    });
    const random = secret.split('.')[1] as string;
    const stored = await tableText(t.db, 'api_tokens');
    expect(stored).toContain(hashSecret(secret));
    for (const needle of [
      secret,
      random,
      random.slice(8),
      random.slice(-16),
      SEEDED_CLIENT,
      TEST_ADMIN_TOKEN,
    ]) {
      expect(stored).not.toContain(needle);
      expect(await tableText(t.db, 'events')).not.toContain(needle);
    }
    expect(stored).not.toContain('seeded-client');
  });

  it('scopes the client API to the token: projects and environment for other domains', async () => {
    const secret = await createApiToken(t, {
      type: 'client',
      environment: 'production',
      projects: ['default', 'p2'],
    });
    for (const authorization of [secret, `Bearer ${secret}`]) {
      const response = await probe('client', authorization);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        type: 'client',
        tokenName: 'test',
        projects: ['default', 'p2'],
        allProjects: false,
        environment: 'production',
      });
    }
    expect((await probe('frontend', secret)).statusCode).toBe(403);
  });

  it('serves seeded SDK tokens from configuration, with their scope from the secret', async () => {
    expect((await probe('client', SEEDED_CLIENT)).json()).toMatchObject({
      projects: ['*'],
      allProjects: true,
      environment: 'development',
    });
    expect((await probe('frontend', SEEDED_FRONTEND)).json()).toMatchObject({
      projects: ['default'],
      environment: 'production',
    });
    const listed = (await t.request('GET', '/api/admin/api-tokens')).json().tokens;
    // Unleash names every INIT_*_API_TOKENS token "admin" (issue 31 §4).
    const seeded = listed.filter((token: { tokenName: string }) => token.tokenName === 'admin');
    expect(seeded.map((token: { prefix: string }) => token.prefix).sort()).toEqual([
      expect.stringMatching(/^\*:\*\.init-[0-9a-f]{8}$/),
      expect.stringMatching(/^\*:development\.init-[0-9a-f]{8}$/),
      expect.stringMatching(/^default:production\.init-[0-9a-f]{8}$/),
    ]);
  });

  it('writes "admin" as the author of what a seeded admin token changes, as Unleash does', async () => {
    const created = await t.request('POST', '/api/admin/projects/default/features', { name: 'by-seeded' });
    expect(created.statusCode).toBe(201);
    const [event] = await t.db
      .selectFrom('events')
      .select(['created_by', 'created_by_user_id'])
      .where('type', '=', 'feature-created')
      .where('feature_name', '=', 'by-seeded')
      .execute();
    expect(event).toEqual({ created_by: 'admin', created_by_user_id: -42 });
  });

  it('refuses admin tokens and PATs on the SDK APIs, SDK tokens on the admin API', async () => {
    expect((await probe('client', TEST_ADMIN_TOKEN)).statusCode).toBe(403);
    expect((await probe('client')).statusCode).toBe(401);
    expect((await probe('client', 'default:development.unknown')).statusCode).toBe(401);
    const onAdmin = await as(t, { authorization: SEEDED_CLIENT })('GET', '/api/admin/api-tokens');
    expect(onAdmin.statusCode).toBe(403);
    expect(onAdmin.json().message).toBe('invalid token: expected a different token type for this endpoint');
  });

  it('refuses an expired token and accepts it again once its expiry moves', async () => {
    const response = await t.request('POST', '/api/admin/api-tokens', {
      tokenName: 'expiring',
      type: 'client',
      environment: 'development',
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    const { secret, prefix } = response.json();
    expect((await probe('client', secret)).statusCode).toBe(401);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(
      (await t.request('PUT', `/api/admin/api-tokens/${encodeURIComponent(prefix)}`, { expiresAt: future }))
        .statusCode,
    ).toBe(200);
    expect((await probe('client', secret)).statusCode).toBe(200);
    const [event] = await eventsOfType(t as never, 'api-token-updated');
    expect(event?.data).toMatchObject({ tokenName: 'expiring', expiresAt: future });
    expect(event?.data).not.toHaveProperty('prefix');
    expect(JSON.stringify(event)).not.toContain(secret);
  });

  it('updates by the whole secret too, and answers 200 for an unknown token', async () => {
    const secret = await createApiToken(t, { type: 'frontend', environment: 'development' });
    const expiresAt = '2031-01-01T00:00:00.000Z';
    expect(
      (await t.request('PUT', `/api/admin/api-tokens/${encodeURIComponent(secret)}`, { expiresAt }))
        .statusCode,
    ).toBe(200);
    const hash = hashSecret(secret);
    const row = await t.db
      .selectFrom('api_tokens')
      .select('expires_at')
      .where('secret_hash', '=', hash)
      .executeTakeFirst();
    expect(row?.expires_at?.toISOString()).toBe(expiresAt);
    expect((await t.request('PUT', '/api/admin/api-tokens/unknown', { expiresAt })).statusCode).toBe(200);
  });

  it('deletes: the token stops working at once; deleting an unknown token answers 200', async () => {
    const secret = await createApiToken(t, {
      type: 'client',
      environment: 'development',
      tokenName: 'doomed',
    });
    expect((await probe('client', secret)).statusCode).toBe(200);
    expect(
      (await t.request('DELETE', `/api/admin/api-tokens/${encodeURIComponent(secret)}`)).statusCode,
    ).toBe(200);
    expect((await probe('client', secret)).statusCode).toBe(401);
    expect((await t.request('GET', '/api/admin/api-tokens/doomed')).json().tokens).toEqual([]);
    const [event] = await eventsOfType(t as never, 'api-token-deleted');
    expect(event?.pre_data).toMatchObject({ tokenName: 'doomed', type: 'client' });
    expect((await t.request('DELETE', '/api/admin/api-tokens/x')).statusCode).toBe(200);
  });

  it('validates tokens for Edge: only the valid ones come back', async () => {
    const secret = await createApiToken(t, { type: 'client', environment: 'development', projects: ['p2'] });
    const response = await as(t)('POST', '/edge/validate', { tokens: [secret, 'nope', SEEDED_FRONTEND] });
    expect(response.statusCode).toBe(200);
    expect(response.json().tokens).toEqual([
      { token: secret, type: 'client', projects: ['p2'], environment: 'development' },
      { token: SEEDED_FRONTEND, type: 'frontend', projects: ['default'], environment: 'production' },
    ]);
  });

  it('looks the Edge list up in one query, whatever its length (issue 12 §6)', async () => {
    let queries = 0;
    const counting = database.db.withPlugin({
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const service = createApiTokenService({
      db: counting,
      catalog: { projectExists: async () => true } as never,
      logger: createLogger('silent'),
    });
    const unknown = Array.from({ length: 3000 }, (_, index) => `*:development.unknown-${index}`);
    const result = await service.validateForEdge([...unknown, SEEDED_CLIENT, SEEDED_CLIENT]);
    expect(result.tokens).toEqual([
      { token: SEEDED_CLIENT, type: 'client', projects: ['*'], environment: 'development' },
    ]);
    expect(queries).toBe(1);
  });

  it('bounds /edge/validate: 413 past the body limit, 400 past the list limit, unknown fields ignored', async () => {
    const tooLarge = await as(t)('POST', '/edge/validate', {
      tokens: Array.from({ length: 3000 }, () => 'x'.repeat(40)),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ name: 'PayloadTooLargeError', details: expect.any(Array) });
    const tooMany = await as(t)('POST', '/edge/validate', {
      tokens: Array.from({ length: EDGE_VALIDATE_MAX_TOKENS + 1 }, () => ''),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().name).toBe('BadDataError');
    // Unleash 8.2 answers 200 to unknown properties here.
    const extra = await as(t)('POST', '/edge/validate', { tokens: [SEEDED_CLIENT], zz: 1 });
    expect(extra.statusCode).toBe(200);
    expect(extra.json().tokens).toHaveLength(1);
  });

  it("rate-limits /edge/validate per client IP with 429 in Unleash's shape", async () => {
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<ReturnType<typeof as>>> | undefined;
    for (let i = 0; i < EDGE_VALIDATE_PER_MINUTE + 5; i += 1) {
      const response = await as(t, {}, '10.9.9.9')('POST', '/edge/validate', { tokens: [] });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) limited ??= response;
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(EDGE_VALIDATE_PER_MINUTE);
    expect(limited?.json()).toMatchObject({ name: 'RateLimitError' });
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('manages project tokens under the project', async () => {
    const created = await t.request('POST', '/api/admin/projects/p2/api-tokens', {
      tokenName: 'p2-sdk',
      type: 'client',
      environment: 'development',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      projects: ['p2'],
      secret: expect.stringMatching(/^p2:development\./),
    });
    const listed = (await t.request('GET', '/api/admin/projects/p2/api-tokens')).json().tokens;
    expect(listed.map((token: { tokenName: string }) => token.tokenName)).toContain('p2-sdk');
    expect(listed.every((token: { projects: string[] }) => token.projects.includes('p2'))).toBe(true);
    const other = await createApiToken(t, {
      type: 'client',
      environment: 'development',
      projects: ['default'],
    });
    expect(
      (await t.request('DELETE', `/api/admin/projects/p2/api-tokens/${encodeURIComponent(other)}`))
        .statusCode,
    ).toBe(404);
    const secret = created.json().secret;
    expect(
      (await t.request('DELETE', `/api/admin/projects/p2/api-tokens/${encodeURIComponent(secret)}`))
        .statusCode,
    ).toBe(200);
    expect((await t.request('GET', '/api/admin/projects/missing/api-tokens')).statusCode).toBe(404);
    expect(
      (await t.request('POST', '/api/admin/projects/missing/api-tokens', { tokenName: 'x', type: 'client' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('API token permissions by type', async () => {
  const t = await createTestApp({ loginRateLimitPerMinute: 1000 });
  afterAll(() => t.close());
  const role = await t.request('POST', '/api/admin/roles', {
    name: 'Frontend token keeper',
    type: 'root-custom',
    permissions: [{ name: 'READ_FRONTEND_API_TOKEN' }, { name: 'CREATE_FRONTEND_API_TOKEN' }],
  });
  await createUser(t, { username: 'keeper', rootRole: role.json().roles.id });
  await createUser(t, { username: 'editor', rootRole: 'Editor' });
  await createUser(t, { username: 'viewer', rootRole: 'Viewer' });
  await createApiToken(t, { type: 'client', environment: 'development', tokenName: 'a-client' });
  await createApiToken(t, { type: 'frontend', environment: 'development', tokenName: 'a-frontend' });

  it('shows each caller only the token types they may read', async () => {
    const names = async (cookie: string) =>
      (await as(t, { cookie })('GET', '/api/admin/api-tokens'))
        .json()
        .tokens.map((x: { tokenName: string }) => x.tokenName);
    expect(await names(await login(t, 'keeper'))).toEqual(['a-frontend']);
    expect((await names(await login(t, 'editor'))).sort()).toEqual(['a-client', 'a-frontend']);
    expect((await t.request('GET', '/api/admin/api-tokens')).json().tokens).toHaveLength(3);
    const viewer = await as(t, { cookie: await login(t, 'viewer') })('GET', '/api/admin/api-tokens');
    expect(viewer.statusCode).toBe(403);
  });

  it('checks the create permission of the requested type', async () => {
    const keeper = as(t, { cookie: await login(t, 'keeper') });
    const frontend = await keeper('POST', '/api/admin/api-tokens', { tokenName: 'k', type: 'frontend' });
    expect(frontend.statusCode).toBe(201);
    const client = await keeper('POST', '/api/admin/api-tokens', { tokenName: 'k', type: 'client' });
    expect(client.statusCode).toBe(403);
    expect(client.json()).toMatchObject({
      name: 'PermissionError',
      permissions: ['CREATE_CLIENT_API_TOKEN'],
    });
    const editor = as(t, { cookie: await login(t, 'editor') });
    expect(
      (await editor('POST', '/api/admin/api-tokens', { tokenName: 'e', type: 'client' })).statusCode,
    ).toBe(403);
  });

  it('lets only admins touch admin tokens', async () => {
    const listed = (await t.request('GET', '/api/admin/api-tokens')).json().tokens;
    const admin = listed.find((token: { type: string }) => token.type === 'admin');
    const role2 = await t.request('POST', '/api/admin/roles', {
      name: 'Token janitor',
      type: 'root-custom',
      permissions: [{ name: 'DELETE_CLIENT_API_TOKEN' }, { name: 'DELETE_FRONTEND_API_TOKEN' }],
    });
    await createUser(t, { username: 'janitor', rootRole: role2.json().roles.id });
    const janitor = as(t, { cookie: await login(t, 'janitor') });
    const response = await janitor('DELETE', `/api/admin/api-tokens/${encodeURIComponent(admin.prefix)}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().permissions).toEqual(['ADMIN']);
  });
});

describe('seeded tokens across restarts', () => {
  it('hashes seeded tokens, and a deleted one does not come back on the next start', async () => {
    const database = await createTestDatabase();
    const config = loadConfig({
      INIT_ADMIN_API_TOKENS: TEST_ADMIN_TOKEN,
      INIT_CLIENT_API_TOKENS: SEEDED_CLIENT,
    });
    try {
      const first = await buildApp({ config, db: database.db, logger: createLogger('silent') });
      await first.ready();
      const del = await first.inject({
        method: 'DELETE',
        url: `/api/admin/api-tokens/${encodeURIComponent(SEEDED_CLIENT)}`,
        headers: { authorization: TEST_ADMIN_TOKEN },
      });
      expect(del.statusCode).toBe(200);
      await first.close();

      const second = await buildApp({ config, db: database.db, logger: createLogger('silent') });
      await second.ready();
      const list = await second.inject({
        method: 'GET',
        url: '/api/admin/api-tokens',
        headers: { authorization: TEST_ADMIN_TOKEN },
      });
      expect(list.json().tokens.map((token: { type: string }) => token.type)).toEqual(['admin']);
      const created = await database.db
        .selectFrom('events')
        .select('type')
        .where('type', '=', 'api-token-created')
        .execute();
      expect(created).toHaveLength(2);
      await second.close();
    } finally {
      await database.drop();
    }
  });
});
