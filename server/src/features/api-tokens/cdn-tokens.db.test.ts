import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, eventsAfter, latestEventId } from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

describe('CDN tokens (issue 31 §5)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('creates a working frontend token, lists it without its secret, with both events in one go', async () => {
    const before = await latestEventId(test.db);
    const created = await call<{ secret: string; tokenName: string; environment: string }>(
      test,
      'POST',
      '/api/admin/cdn/tokens',
      { tokenName: 'cdn-web', environment: 'development', project: 'default' },
      202,
    );
    expect(created).toMatchObject({ tokenName: 'cdn-web', environment: 'development', project: 'default' });
    expect(created.secret).toMatch(/^default:development\./);
    const events = await eventsAfter(test.db, before);
    expect(events.map((event) => event.type)).toEqual(['api-token-created', 'cdn-token-created']);
    expect(events[1]).toMatchObject({ project: 'default', environment: 'development' });

    const listed = await call<{ tokens: unknown[] }>(test, 'GET', '/api/admin/cdn/tokens', undefined, 200);
    expect(listed.tokens).toEqual([
      { tokenName: 'cdn-web', project: 'default', environment: 'development', expiresAt: null },
    ]);
    // It is a frontend token: the frontend API takes it.
    const frontend = await test.app.inject({
      method: 'GET',
      url: '/api/frontend',
      headers: { authorization: created.secret },
    });
    expect(frontend.statusCode).toBe(200);
  });

  it('lists only CDN tokens, and forgets a deleted one', async () => {
    await call(
      test,
      'POST',
      '/api/admin/api-tokens',
      { tokenName: 'plain', type: 'frontend', environment: 'development' },
      201,
    );
    const created = await call<{ secret: string }>(
      test,
      'POST',
      '/api/admin/cdn/tokens',
      { tokenName: 'cdn-all', environment: 'production', expiresAt: '2030-01-01T00:00:00.000Z' },
      202,
    );
    const names = async () =>
      (
        await call<{ tokens: Array<{ tokenName: string }> }>(
          test,
          'GET',
          '/api/admin/cdn/tokens',
          undefined,
          200,
        )
      ).tokens.map((token) => token.tokenName);
    expect(await names()).toEqual(['cdn-all', 'cdn-web']);
    await call(test, 'DELETE', `/api/admin/api-tokens/${encodeURIComponent(created.secret)}`, undefined, 200);
    expect(await names()).toEqual(['cdn-web']);
  });

  it('refuses an unknown environment or project without writing anything', async () => {
    const before = await latestEventId(test.db);
    await call(test, 'POST', '/api/admin/cdn/tokens', { tokenName: 'x', environment: 'nowhere' }, 400);
    await call(
      test,
      'POST',
      '/api/admin/cdn/tokens',
      { tokenName: 'x', environment: 'development', project: 'nope' },
      400,
    );
    await call(test, 'POST', '/api/admin/cdn/tokens', { tokenName: 'x' }, 400);
    expect(await eventsAfter(test.db, before)).toEqual([]);
  });
});
