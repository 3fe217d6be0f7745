import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createFlag } from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// The wire of /ofrep/v1 (issue 17) beyond what the real providers exercise
// (tests/sdk/ofrep-providers.sdk.db.test.ts): status codes and failure shapes of the OFREP
// OpenAPI document, token types and scopes, ETag/304, CORS and the bounds on public input.

describe('OFREP routes', () => {
  let t: TestApp;
  let clientToken: string;
  let frontendToken: string;
  let scopedToken: string;

  const ofrep = (
    path: string,
    options: {
      token?: string;
      body?: unknown;
      headers?: Record<string, string>;
      method?: 'GET' | 'POST';
    } = {},
  ) =>
    t.app.inject({
      method: options.method ?? 'POST',
      url: `/ofrep/v1${path}`,
      headers: {
        ...(options.token ? { authorization: options.token } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
    });

  const token = async (body: object) =>
    (await call<{ secret: string }>(t, 'POST', '/api/admin/api-tokens', body, 201)).secret;

  beforeAll(async () => {
    t = await createTestApp();
    await call(t, 'POST', '/api/admin/projects', { id: 'other', name: 'Other' }, 201);
    for (const [name, project] of [
      ['flag.on', 'default'],
      ['flag.other', 'other'],
    ] as const) {
      await createFlag(t, name, project);
      const base = `/api/admin/projects/${project}/features/${name}/environments/development`;
      await call(t, 'POST', `${base}/strategies`, { name: 'default' }, 200);
      await call(t, 'POST', `${base}/on`, undefined, 200);
    }
    clientToken = await token({ tokenName: 'c', type: 'client', environment: 'development' });
    frontendToken = await token({ tokenName: 'f', type: 'frontend', environment: 'development' });
    scopedToken = await token({
      tokenName: 's',
      type: 'client',
      environment: 'development',
      projects: ['default'],
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('evaluates with a client or a frontend token, in Authorization (Bearer or not) or X-API-Key', async () => {
    for (const headers of <Record<string, string>[]>[
      { authorization: clientToken },
      { authorization: `Bearer ${frontendToken}` },
      { 'x-api-key': clientToken },
    ]) {
      const response = await ofrep('/evaluate/flags/flag.on', {
        headers,
        body: { context: { targetingKey: 'u1' } },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        key: 'flag.on',
        reason: 'TARGETING_MATCH',
        variant: 'disabled',
        value: true,
        metadata: { project: 'default', impressionData: false },
      });
    }
  });

  it('refuses no token (401), an admin token (403) and an unknown one (401), in Unleash error bodies', async () => {
    expect((await ofrep('/evaluate/flags/flag.on', { body: {} })).statusCode).toBe(401);
    const admin = await ofrep('/evaluate/flags/flag.on', { token: t.adminHeaders.authorization, body: {} });
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toMatchObject({ name: 'ForbiddenError' });
    expect(
      (await ofrep('/evaluate/flags/flag.on', { token: 'default:development.nope', body: {} })).statusCode,
    ).toBe(401);
  });

  it("answers FLAG_NOT_FOUND (404) for a flag outside the token's projects or unknown", async () => {
    for (const key of ['flag.other', 'no.such.flag']) {
      const response = await ofrep(`/evaluate/flags/${key}`, { token: scopedToken, body: {} });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ key, errorCode: 'FLAG_NOT_FOUND' });
    }
    const bulk = await ofrep('/evaluate/flags', { token: scopedToken, body: {} });
    expect(bulk.json().flags.map((flag: { key: string }) => flag.key)).toEqual(['flag.on']);
  });

  it('answers bad requests in the OFREP failure shape: PARSE_ERROR for broken JSON, INVALID_CONTEXT else', async () => {
    const broken = await ofrep('/evaluate/flags/flag.on', {
      token: clientToken,
      headers: { 'content-type': 'application/json' },
    });
    // An empty body is no context, as Unleash's JSON routes take it.
    expect(broken.statusCode).toBe(200);
    const unparsable = await t.app.inject({
      method: 'POST',
      url: '/ofrep/v1/evaluate/flags/flag.on',
      headers: { authorization: clientToken, 'content-type': 'application/json' },
      payload: '{"context":',
    });
    expect(unparsable.statusCode).toBe(400);
    expect(unparsable.json()).toMatchObject({ key: 'flag.on', errorCode: 'PARSE_ERROR' });

    const notAnObject = await ofrep('/evaluate/flags/flag.on', {
      token: clientToken,
      body: { context: 'x' },
    });
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json()).toMatchObject({ key: 'flag.on', errorCode: 'INVALID_CONTEXT' });

    const huge = await ofrep('/evaluate/flags', {
      token: frontendToken,
      body: { context: { targetingKey: 'x'.repeat(20_000) } },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ errorCode: 'INVALID_CONTEXT' });
    expect(huge.json()).not.toHaveProperty('key');

    const tooLarge = await ofrep('/evaluate/flags', {
      token: frontendToken,
      body: { context: { blob: 'x'.repeat(200_000) } },
    });
    expect(tooLarge.statusCode).toBe(413);
  });

  it('tags a bulk answer and answers 304 while nothing changed for that context', async () => {
    const body = { context: { targetingKey: 'u1' } };
    const first = await ofrep('/evaluate/flags', { token: frontendToken, body });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(
      first
        .json()
        .flags.map((flag: { key: string }) => flag.key)
        .sort(),
    ).toEqual(['flag.on', 'flag.other']);

    const again = await ofrep('/evaluate/flags', {
      token: frontendToken,
      body,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await call(
      t,
      'POST',
      '/api/admin/projects/default/features/flag.on/environments/development/off',
      undefined,
      200,
    );
    const changed = await ofrep('/evaluate/flags', {
      token: frontendToken,
      body,
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().flags).toContainEqual(
      expect.objectContaining({ key: 'flag.on', reason: 'DISABLED', value: false }),
    );
    await call(
      t,
      'POST',
      '/api/admin/projects/default/features/flag.on/environments/development/on',
      undefined,
      200,
    );
  });

  it('describes itself at /ofrep/v1/configuration and answers browsers CORS preflights', async () => {
    const configuration = await ofrep('/configuration', { token: frontendToken, method: 'GET' });
    expect(configuration.statusCode).toBe(200);
    expect(configuration.json()).toMatchObject({
      name: 'Switchyard',
      capabilities: { flagEvaluation: { supportedTypes: ['boolean', 'string', 'int', 'float', 'object'] } },
    });

    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/ofrep/v1/evaluate/flags',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-headers']).toBe('authorization,content-type');
  });
});
