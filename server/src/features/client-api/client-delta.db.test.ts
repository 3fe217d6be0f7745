import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createFlag } from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// GET /api/client/delta on the wire (issue 17, shared/unleash/API.md §2.7): hydration, 304,
// events since the SDK's revision, the token's projects and the query's namePrefix.

describe('GET /api/client/delta', () => {
  let t: TestApp;
  let token: string;

  const delta = (ifNoneMatch?: string, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/client/delta${query}`,
      headers: {
        authorization: token,
        'unleash-client-spec': '5.2.0',
        ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}),
      },
    });
  const enable = async (name: string, project = 'default') => {
    const base = `/api/admin/projects/${project}/features/${name}/environments/development`;
    await call(t, 'POST', `${base}/strategies`, { name: 'default' }, 200);
    await call(t, 'POST', `${base}/on`, undefined, 200);
  };

  beforeAll(async () => {
    t = await createTestApp();
    await call(t, 'POST', '/api/admin/projects', { id: 'hidden', name: 'Hidden' }, 201);
    await createFlag(t, 'web.a');
    await enable('web.a');
    await createFlag(t, 'other.b', 'hidden');
    await enable('other.b', 'hidden');
    token = (
      await call<{ secret: string }>(
        t,
        'POST',
        '/api/admin/api-tokens',
        { tokenName: 'delta', type: 'client', environment: 'development', projects: ['default'] },
        201,
      )
    ).secret;
  });

  afterAll(async () => {
    await t?.close();
  });

  it("hydrates an SDK without a revision, with the token's flags only, tagged with the revision", async () => {
    const first = await delta();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"\d+"$/);
    const { events } = first.json();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'hydration', eventId: Number(etag.slice(1, -1)), segments: [] });
    expect(events[0].features.map((flag: { name: string }) => flag.name)).toEqual(['web.a']);

    expect((await delta(etag)).statusCode).toBe(304);
    expect((await delta(etag.slice(1, -1))).statusCode).toBe(304);
    // A revision this server does not know, or garbage: hydrate again rather than guess.
    for (const unknown of ['"1"', 'not-a-revision']) {
      const again = await delta(unknown);
      expect(again.statusCode).toBe(200);
      expect(again.json().events[0].type).toBe('hydration');
    }
  });

  it('sends the changes since the revision, and 304 when nothing the token sees changed', async () => {
    const etag = (await delta()).headers.etag as string;
    await createFlag(t, 'web.new');
    await enable('web.new');
    await call(
      t,
      'POST',
      '/api/admin/projects/default/features/web.a/environments/development/off',
      undefined,
      200,
    );
    const changed = await delta(etag);
    expect(changed.statusCode).toBe(200);
    const next = changed.headers.etag as string;
    expect(Number(next.slice(1, -1))).toBeGreaterThan(Number(etag.slice(1, -1)));
    expect(
      changed
        .json()
        .events.map((event: { type: string; feature: { name: string; enabled: boolean } }) => [
          event.type,
          event.feature.name,
          event.feature.enabled,
        ]),
    ).toEqual([
      ['feature-updated', 'web.a', false],
      ['feature-updated', 'web.new', true],
    ]);

    await call(
      t,
      'POST',
      '/api/admin/projects/hidden/features/other.b/environments/development/off',
      undefined,
      200,
    );
    expect((await delta(next)).statusCode).toBe(304);

    await call(t, 'DELETE', '/api/admin/projects/default/features/web.new', undefined, 202);
    const removed = await delta(next);
    expect(removed.json().events).toEqual([
      { eventId: expect.any(Number), type: 'feature-removed', featureName: 'web.new', project: 'default' },
    ]);
  });

  it('applies namePrefix as the features endpoint does', async () => {
    const filtered = await delta(undefined, '?namePrefix=nothing.');
    expect(filtered.json().events[0].features).toEqual([]);
  });
});
