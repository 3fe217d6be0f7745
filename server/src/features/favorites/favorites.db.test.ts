import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlag, eventsAfter, latestEventId } from '../../../../tests/helpers/flag-model';
import { as, createUser, login, type Send } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { FeatureSearchResult } from '../../../contract';

const P = '/api/admin/projects/default';

describe('favourites', () => {
  let t: TestApp;
  let ann: Send;
  let ben: Send;

  const search = async (send: Send, query = '') =>
    (
      (await send('GET', `/api/admin/search/features?sortBy=name${query}`)).json() as {
        features: FeatureSearchResult[];
      }
    ).features.map((feature) => `${feature.name}${feature.favorite ? '*' : ''}`);

  beforeAll(async () => {
    t = await createTestApp({ loginRateLimitPerMinute: 100_000 });
    await createUser(t, { username: 'ann', rootRole: 'Editor' });
    await createUser(t, { username: 'ben', rootRole: 'Editor' });
    ann = as(t, { cookie: await login(t, 'ann') });
    ben = as(t, { cookie: await login(t, 'ben') });
    for (const name of ['alpha', 'bravo', 'charlie']) await createFlag(t, name);
    expect((await t.request('POST', '/api/admin/projects', { id: 'shop', name: 'Shop' })).statusCode).toBe(
      201,
    );
  });
  afterAll(() => t.close());

  it('favourites a flag for the caller only, with feature-favorited, and unfavourites it', async () => {
    const before = await latestEventId(t.db);
    expect((await ann('POST', `${P}/features/charlie/favorites`)).statusCode).toBe(200);
    const events = await eventsAfter(t.db, before);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'feature-favorited',
        createdBy: 'ann',
        featureName: 'charlie',
        project: 'default',
        data: { feature: 'charlie' },
      }),
    ]);
    expect(await search(ann)).toEqual(['alpha', 'bravo', 'charlie*']);
    expect(await search(ben)).toEqual(['alpha', 'bravo', 'charlie']);
    expect(await search(ann, '&favoritesFirst=true')).toEqual(['charlie*', 'alpha', 'bravo']);
    expect(await search(ann, '&favoritesFirst=true&sortOrder=desc')).toEqual(['charlie*', 'bravo', 'alpha']);
    expect(await search(ann, '&favorite=IS:true')).toEqual(['charlie*']);
    expect(await search(ben, '&favorite=IS:true')).toEqual([]);
    // An API token has no favourites: nothing leads, nothing is marked.
    const asToken: Send = (method, url) => t.request(method, url);
    expect(await search(asToken, '&favoritesFirst=true')).toEqual(['alpha', 'bravo', 'charlie']);

    const again = await latestEventId(t.db);
    expect((await ann('POST', `${P}/features/charlie/favorites`)).statusCode).toBe(200);
    expect(await eventsAfter(t.db, again)).toEqual([]);

    expect((await ann('DELETE', `${P}/features/charlie/favorites`)).statusCode).toBe(200);
    expect((await eventsAfter(t.db, again)).map((event) => event.type)).toEqual(['feature-unfavorited']);
    expect(await search(ann)).toEqual(['alpha', 'bravo', 'charlie']);
  });

  it('favourites a project: `favorite` in the project list and overview, with project-favorited', async () => {
    const before = await latestEventId(t.db);
    expect((await ann('POST', '/api/admin/projects/shop/favorites')).statusCode).toBe(200);
    expect(await eventsAfter(t.db, before)).toEqual([
      expect.objectContaining({ type: 'project-favorited', project: 'shop', data: { projectId: 'shop' } }),
    ]);
    const favorites = async (send: Send) =>
      ((await send('GET', '/api/admin/projects')).json().projects as Array<{ id: string; favorite: boolean }>)
        .filter((project) => project.favorite)
        .map((project) => project.id);
    expect(await favorites(ann)).toEqual(['shop']);
    expect(await favorites(ben)).toEqual([]);
    expect((await ann('GET', '/api/admin/projects/shop/overview')).json().favorite).toBe(true);
    expect((await ben('GET', '/api/admin/projects/shop/overview')).json().favorite).toBe(false);

    expect((await ann('DELETE', '/api/admin/projects/shop/favorites')).statusCode).toBe(200);
    expect(await favorites(ann)).toEqual([]);
    expect((await eventsAfter(t.db, before)).map((event) => event.type)).toEqual([
      'project-favorited',
      'project-unfavorited',
    ]);
  });

  it('answers 404 for a missing flag or project, or a flag of another project, with no event', async () => {
    const before = await latestEventId(t.db);
    for (const url of [
      `${P}/features/nope/favorites`,
      '/api/admin/projects/shop/features/alpha/favorites',
      '/api/admin/projects/nope/favorites',
    ]) {
      const response = await ann('POST', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().name).toBe('NotFoundError');
    }
    expect(await eventsAfter(t.db, before)).toEqual([]);
  });

  it('needs an identifiable user', async () => {
    const response = await t.request('POST', `${P}/features/alpha/favorites`);
    expect(response.statusCode).toBe(403);
    expect(response.json().name).toBe('ForbiddenError');
    expect((await as(t)('POST', '/api/admin/projects/shop/favorites')).statusCode).toBe(401);
  });

  it('goes with the flag when the flag is deleted', async () => {
    await createFlag(t, 'short-lived');
    expect((await ben('POST', `${P}/features/short-lived/favorites`)).statusCode).toBe(200);
    expect((await t.request('DELETE', `${P}/features/short-lived`)).statusCode).toBe(202);
    expect((await t.request('DELETE', '/api/admin/archive/short-lived')).statusCode).toBe(200);
    const left = await t.db
      .selectFrom('favorite_features')
      .selectAll()
      .where('feature_name', '=', 'short-lived')
      .execute();
    expect(left).toEqual([]);
  });
});
