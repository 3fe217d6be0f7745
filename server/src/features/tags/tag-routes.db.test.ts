import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createFlag,
  eventsAfter,
  expectRejectedWithoutEvent,
  latestEventId,
} from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

describe('tags API', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('has the simple tag type', async () => {
    expect(await call(test, 'GET', '/api/admin/tag-types', undefined, 200)).toEqual({
      version: 1,
      tagTypes: [
        {
          name: 'simple',
          description: 'Used to simplify filtering of features',
          icon: '#',
          color: '#FFFFFF',
        },
      ],
    });
  });

  it('creates, validates, updates and deletes tag types', async () => {
    const before = await latestEventId(test.db);
    expect(
      await call(test, 'POST', '/api/admin/tag-types', { name: 'team', description: 'Team', icon: 'x' }, 201),
    ).toEqual({
      name: 'team',
      description: 'Team',
      icon: 'x',
      color: null,
    });
    expect(await call(test, 'POST', '/api/admin/tag-types/validate', { name: 'newt' }, 200)).toEqual({
      valid: true,
      tagType: { name: 'newt' },
    });
    const taken = await call<{ message: string }>(
      test,
      'POST',
      '/api/admin/tag-types/validate',
      { name: 'simple' },
      409,
    );
    expect(taken.message).toBe('There already exists a tag-type with the name simple');
    await call(test, 'POST', '/api/admin/tag-types/validate', { name: 't' }, 400);
    await call(test, 'PUT', '/api/admin/tag-types/team', { description: 'T2', color: '#00FF00' }, 200);
    expect(await call(test, 'GET', '/api/admin/tag-types/team', undefined, 200)).toEqual({
      version: 1,
      tagType: { name: 'team', description: 'T2', icon: 'x', color: '#00FF00' },
    });
    await call(test, 'DELETE', '/api/admin/tag-types/team', undefined, 200);
    const gone = await call<{ message: string }>(test, 'GET', '/api/admin/tag-types/team', undefined, 404);
    expect(gone.message).toBe('Could not find tag-type');
    expect((await eventsAfter(test.db, before)).map((event) => event.type)).toEqual([
      'tag-type-created',
      'tag-type-updated',
      'tag-type-deleted',
    ]);
    await expectRejectedWithoutEvent(test, 'POST', '/api/admin/tag-types', { name: 'simple' }, 409);
    await expectRejectedWithoutEvent(test, 'POST', '/api/admin/tag-types', { name: 'x', extra: 1 }, 400);
    await expectRejectedWithoutEvent(test, 'PUT', '/api/admin/tag-types/nosuch', { description: 'x' }, 200);
  });

  it('creates, lists and deletes tags', async () => {
    const before = await latestEventId(test.db);
    expect(await call(test, 'POST', '/api/admin/tags', { type: 'simple', value: 'alpha' }, 201)).toEqual({
      version: 1,
      tag: { type: 'simple', value: 'alpha' },
    });
    await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/tags',
      { type: 'simple', value: 'alpha' },
      409,
    );
    await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/tags',
      { type: 'nosuch', value: 'alpha' },
      400,
    );
    await expectRejectedWithoutEvent(test, 'POST', '/api/admin/tags', { type: 'simple', value: 'a' }, 400);
    expect(await call(test, 'GET', '/api/admin/tags/simple', undefined, 200)).toMatchObject({
      tags: [{ type: 'simple', value: 'alpha' }],
    });
    expect(await call(test, 'GET', '/api/admin/tags/simple/alpha', undefined, 200)).toEqual({
      version: 1,
      tag: { type: 'simple', value: 'alpha' },
    });
    const missing = await call<{ message: string }>(
      test,
      'GET',
      '/api/admin/tags/simple/zzz',
      undefined,
      404,
    );
    expect(missing.message).toBe('No tag with type: [simple] and value [zzz]');
    await call(test, 'DELETE', '/api/admin/tags/simple/alpha', undefined, 200);
    expect((await eventsAfter(test.db, before)).map((event) => event.type)).toEqual([
      'tag-created',
      'tag-deleted',
    ]);
  });

  it('tags flags, with addedTags/removedTags, creating tags as needed', async () => {
    await createFlag(test, 'tagged');
    const before = await latestEventId(test.db);
    expect(
      await call(test, 'POST', '/api/admin/features/tagged/tags', { type: 'simple', value: 'beta' }, 201),
    ).toEqual({
      type: 'simple',
      value: 'beta',
    });
    // Tagging again changes nothing but is recorded, as Unleash 8.2 records every requested tag.
    await call(test, 'POST', '/api/admin/features/tagged/tags', { type: 'simple', value: 'beta' }, 201);
    expect(
      await call(
        test,
        'PUT',
        '/api/admin/features/tagged/tags',
        { addedTags: [{ type: 'simple', value: 'gamma' }], removedTags: [{ type: 'simple', value: 'beta' }] },
        200,
      ),
    ).toEqual({ version: 1, tags: [{ type: 'simple', value: 'gamma', color: '#FFFFFF' }] });
    await call(test, 'DELETE', '/api/admin/features/tagged/tags/simple/gamma', undefined, 200);
    await call(test, 'DELETE', '/api/admin/features/tagged/tags/simple/gamma', undefined, 200);
    expect(await call(test, 'GET', '/api/admin/features/tagged/tags', undefined, 200)).toEqual({
      version: 1,
      tags: [],
    });
    const events = await eventsAfter(test.db, before);
    expect(events.map((event) => [event.type, event.featureName])).toEqual([
      ['tag-created', null],
      ['feature-tagged', 'tagged'],
      ['feature-tagged', 'tagged'],
      ['tag-created', null],
      ['feature-tagged', 'tagged'],
      ['feature-untagged', 'tagged'],
      ['feature-untagged', 'tagged'],
      ['feature-untagged', 'tagged'],
    ]);
    expect(events[5]!.preData).toEqual({ type: 'simple', value: 'beta' });
    // An untagging event lists the flag's tags before the removal, coloured (Unleash 8.2's shape).
    const tagsOf = async (id: number) =>
      (await test.db.selectFrom('events').select('tags').where('id', '=', id).executeTakeFirstOrThrow()).tags;
    expect(await tagsOf(events[5]!.id)).toEqual([
      { type: 'simple', value: 'beta', color: '#FFFFFF' },
      { type: 'simple', value: 'gamma', color: '#FFFFFF' },
    ]);
    expect(await tagsOf(events[7]!.id)).toEqual([]);
    await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/features/nosuch/tags',
      { type: 'simple', value: 'beta' },
      404,
    );
    await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/features/tagged/tags',
      { type: 'simple', value: 'b' },
      400,
    );
  });

  // Unleash 8.2 refuses a tag of an unknown type with 400 BadDataError (checked on the reference),
  // after finding the flag: a missing flag stays a 404.
  it('refuses tags of an unknown type with 400 BadDataError, on every route that tags', async () => {
    await createFlag(test, 'typo-tagged');
    const unknown = { type: 'nosuch', value: 'bb' };
    for (const [method, url, body] of [
      ['POST', '/api/admin/tags', unknown],
      ['POST', '/api/admin/features/typo-tagged/tags', unknown],
      ['PUT', '/api/admin/features/typo-tagged/tags', { addedTags: [unknown], removedTags: [] }],
      [
        'PUT',
        '/api/admin/projects/default/tags',
        { features: ['typo-tagged'], tags: { addedTags: [unknown], removedTags: [] } },
      ],
    ] as const) {
      const response = await expectRejectedWithoutEvent(test, method, url, body, 400);
      expect(response.json(), `${method} ${url}`).toMatchObject({
        name: 'BadDataError',
        details: [{ message: expect.stringContaining('nosuch') }],
      });
    }
    const missingFlag = await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/features/nosuch/tags',
      unknown,
      404,
    );
    expect(missingFlag.json()).toMatchObject({ name: 'NotFoundError' });
  });

  it('tags several flags of a project at once', async () => {
    await createFlag(test, 'bulk-tag-1');
    await createFlag(test, 'bulk-tag-2');
    await call(
      test,
      'PUT',
      '/api/admin/projects/default/tags',
      {
        features: ['bulk-tag-1', 'bulk-tag-2'],
        tags: { addedTags: [{ type: 'simple', value: 'bulk' }], removedTags: [] },
      },
      200,
    );
    for (const name of ['bulk-tag-1', 'bulk-tag-2']) {
      expect(await call(test, 'GET', `/api/admin/features/${name}/tags`, undefined, 200)).toMatchObject({
        tags: [{ type: 'simple', value: 'bulk' }],
      });
    }
    await expectRejectedWithoutEvent(
      test,
      'PUT',
      '/api/admin/projects/default/tags',
      {
        features: ['bulk-tag-1', 'nosuch'],
        tags: { addedTags: [{ type: 'simple', value: 'more' }], removedTags: [] },
      },
      404,
    );
  });
});
