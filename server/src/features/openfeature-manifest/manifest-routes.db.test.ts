import { afterAll, describe, expect, it } from 'vitest';
import { as, createPat, createUser, eventsOfType, login } from '../../../../tests/helpers/identity';
import { createTestApp, TEST_ADMIN_TOKEN } from '../../../../tests/helpers/test-app';

// OpenFeature's Manifest Management API (issue 36 §3), requests shaped as the OpenFeature CLI's
// sync client sends them (open-feature/cli internal/api/sync/client.go): a bearer token,
// `Accept: application/json`, its user agent; bodies and answers as api/v0/sync.yaml has them.
const CLI_HEADERS = { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'user-agent': 'openfeature-cli/sync' };
const BASE = '/api/admin/projects/default/openfeature/v0/manifest';

describe('OpenFeature manifest API', async () => {
  const t = await createTestApp({ loginRateLimitPerMinute: 1000 });
  afterAll(() => t.close());
  const cli = as(t, CLI_HEADERS);

  // A flag made in the console, and one whose variants carry string payloads.
  await t.request('POST', '/api/admin/projects/default/features', {
    name: 'plain-switch',
    description: 'On or off',
  });
  await t.request('POST', '/api/admin/projects/default/features', { name: 'banner-text' });
  await t.request(
    'PUT',
    '/api/admin/projects/default/features/banner-text/environments/development/variants',
    [
      {
        name: 'short',
        weight: 500,
        weightType: 'variable',
        stickiness: 'default',
        payload: { type: 'string', value: 'Hi' },
      },
      {
        name: 'long',
        weight: 500,
        weightType: 'variable',
        stickiness: 'default',
        payload: { type: 'string', value: 'Hello' },
      },
    ],
  );

  it('lists the project flags with types read from their variants, and what the caller may do', async () => {
    const answer = await cli('GET', BASE);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-manifest-capabilities']).toBe('read,write,delete');
    expect(answer.json()).toEqual({
      flags: [
        { key: 'banner-text', name: 'banner-text', type: 'string', description: null, defaultValue: '' },
        {
          key: 'plain-switch',
          name: 'plain-switch',
          type: 'boolean',
          description: 'On or off',
          defaultValue: false,
        },
      ],
    });
    // The bare path is the default project's manifest.
    expect((await cli('GET', '/openfeature/v0/manifest')).json()).toEqual(answer.json());
  });

  it('creates a typed flag (201) in one transaction with its events, and refuses a second one (409)', async () => {
    const created = await cli('POST', `${BASE}/flags`, {
      key: 'checkout-theme',
      type: 'object',
      description: 'Colours of the checkout',
      defaultValue: { primary: 'green' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      flag: {
        key: 'checkout-theme',
        name: 'checkout-theme',
        type: 'object',
        description: 'Colours of the checkout',
        defaultValue: { primary: 'green' },
      },
      updatedAt: expect.any(String),
    });
    const flag = await t.request('GET', '/api/admin/projects/default/features/checkout-theme');
    expect(flag.json()).toMatchObject({ name: 'checkout-theme', description: 'Colours of the checkout' });
    expect((await eventsOfType(t, 'feature-created')).map((event) => event.feature_name)).toContain(
      'checkout-theme',
    );
    const [metadata] = await eventsOfType(t, 'feature-metadata-updated');
    expect(metadata).toMatchObject({
      feature_name: 'checkout-theme',
      data: { manifest: { type: 'object', defaultValue: { primary: 'green' } } },
    });
    const again = await cli('POST', `${BASE}/flags`, {
      key: 'checkout-theme',
      type: 'object',
      defaultValue: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: {
        message: 'Flag with key "checkout-theme" already exists.',
        status: 409,
        name: 'ConflictError',
      },
    });
  });

  it('refuses bodies the schema does not allow, in the manifest error shape', async () => {
    const wrongDefault = await cli('POST', `${BASE}/flags`, {
      key: 'retries',
      type: 'integer',
      defaultValue: 'three',
    });
    expect(wrongDefault.statusCode).toBe(400);
    expect(wrongDefault.json().error).toMatchObject({
      status: 400,
      message: 'The default value of a integer flag must be a whole number',
      details: [{ field: 'defaultValue' }],
    });
    const unknownField = await cli('POST', `${BASE}/flags`, {
      key: 'x',
      type: 'boolean',
      defaultValue: false,
      owner: 'me',
    });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().error.status).toBe(400);
    // No coercion of the default: 1 is not true, "3" is not 3.
    const one = await cli('POST', `${BASE}/flags`, { key: 'x', type: 'boolean', defaultValue: 1 });
    expect(one.statusCode).toBe(400);
    const text = await cli('POST', `${BASE}/flags`, { key: 'x', type: 'integer', defaultValue: '3' });
    expect(text.statusCode).toBe(400);
    const badType = await cli('POST', `${BASE}/flags`, { key: 'x', type: 'float', defaultValue: 1.5 });
    expect(badType.statusCode).toBe(400);
    expect((await t.request('GET', '/api/admin/projects/default/features/x')).statusCode).toBe(404);
  });

  it('updates description and default, keeps the type, and matches keys', async () => {
    const updated = await cli('PUT', `${BASE}/flags/plain-switch`, {
      key: 'plain-switch',
      type: 'boolean',
      description: 'Turns the new header on',
      defaultValue: true,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().flag).toEqual({
      key: 'plain-switch',
      name: 'plain-switch',
      type: 'boolean',
      description: 'Turns the new header on',
      defaultValue: true,
    });
    const mismatch = await cli('PUT', `${BASE}/flags/plain-switch`, { key: 'other', type: 'boolean' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toBe('Flag key in path and payload must match.');
    const retype = await cli('PUT', `${BASE}/flags/plain-switch`, { key: 'plain-switch', type: 'string' });
    expect(retype.statusCode).toBe(409);
    expect(retype.json().error.message).toBe('Flag type cannot be changed from boolean to string.');
    const missing = await cli('PUT', `${BASE}/flags/nope`, { key: 'nope', type: 'boolean' });
    expect(missing.statusCode).toBe(404);
  });

  it('archives through DELETE; an archived flag leaves the manifest and cannot be updated or made again', async () => {
    const archived = await cli('DELETE', `${BASE}/flags/checkout-theme`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toEqual({
      message: expect.stringContaining('archived'),
      archivedAt: expect.any(String),
    });
    const keys = (await cli('GET', BASE)).json().flags.map((flag: { key: string }) => flag.key);
    expect(keys).not.toContain('checkout-theme');
    const update = await cli('PUT', `${BASE}/flags/checkout-theme`, {
      key: 'checkout-theme',
      type: 'object',
    });
    expect(update.statusCode).toBe(409);
    const recreate = await cli('POST', `${BASE}/flags`, {
      key: 'checkout-theme',
      type: 'object',
      defaultValue: {},
    });
    expect(recreate.statusCode).toBe(409);
    expect(recreate.json().error.message).toContain('archived');
  });

  it('asks for a token (401) and holds a viewer to reading (403 on writes, capabilities "read")', async () => {
    const anonymous = await as(t, { authorization: '' })('GET', BASE);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.status).toBe(401);
    await createUser(t, { username: 'manifest-viewer', rootRole: 'Viewer' });
    const viewerPat = await createPat(t, await login(t, 'manifest-viewer'));
    const viewer = as(t, { authorization: `Bearer ${viewerPat}` });
    const read = await viewer('GET', BASE);
    expect(read.statusCode).toBe(200);
    expect(read.headers['x-manifest-capabilities']).toBe('read');
    const write = await viewer('POST', `${BASE}/flags`, {
      key: 'viewer-flag',
      type: 'boolean',
      defaultValue: false,
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.status).toBe(403);
  });
});
