import { describe, expect, it } from 'vitest';
import { createAdminApi } from '../../api/admin-api';
import { createApiClient } from '../../api/client';
import { createFakeServer, TEST_ORIGIN } from '../../test-utils/fake-server';
import {
  addTagEdit,
  FLAG_RESOURCE_READERS,
  normaliseVariants,
  removeTagEdit,
  variantProblems,
  variantsEdit,
} from './flag-edits';

const flag = { project: 'default', name: 'checkout' };

describe('flag variants', () => {
  it('splits what the fixed variants leave over the variable ones, as the server stores it', () => {
    const normalised = normaliseVariants([
      { name: 'c', weight: 0, weightType: 'variable' },
      { name: 'b', weight: 0, weightType: 'variable' },
      { name: 'a', weight: 200, weightType: 'fix' },
      { name: 'd', weight: 0, weightType: 'variable' },
    ]);
    expect(normalised.map((variant) => [variant.name, variant.weight])).toEqual([
      ['a', 200],
      ['b', 267],
      ['c', 267],
      ['d', 266],
    ]);
  });

  it('says what the server would refuse', () => {
    expect(variantProblems([{ name: 'a', weight: 1000, weightType: 'fix' }])).toEqual([
      'There must be at least one variable variant.',
    ]);
    expect(
      variantProblems([
        { name: 'a', weight: 0, weightType: 'variable', payload: { type: 'json', value: '{' } },
        { name: 'a', weight: 0, weightType: 'variable' },
      ]),
    ).toEqual(['Variant names must be unique.', 'The payload of a is not valid JSON.']);
  });

  it('snapshots the variants with the weights the server will keep', () => {
    const edit = variantsEdit(flag, 'development', [], [{ name: 'x', weight: 0, weightType: 'variable' }]);
    expect(edit.request).toEqual({
      method: 'PUT',
      path: '/api/admin/projects/default/features/checkout/environments/development/variants',
      body: [{ name: 'x', weight: 0, weightType: 'variable' }],
    });
    expect(edit.base).toEqual([]);
    expect(edit.mine).toEqual([
      {
        name: 'x',
        weight: 1000,
        weightType: 'variable',
        stickiness: 'default',
        payload: null,
        overrides: [],
      },
    ]);
  });
});

describe('flag edit readers', () => {
  it('read one tag back from the server for the outbox to compare', async () => {
    const server = createFakeServer().on('GET', '/api/admin/features/checkout/tags', {
      version: 1,
      tags: [{ type: 'simple', value: 'a:b' }],
    });
    const api = createAdminApi(createApiClient({ baseUrl: TEST_ORIGIN, fetch: server.fetch }));
    const added = addTagEdit('checkout', { type: 'simple', value: ' a:b ' });
    expect(added.target).toBe('checkout:simple:a:b');
    expect(await FLAG_RESOURCE_READERS['flag-tag']?.(api, added.target)).toEqual(added.mine);
    const removed = removeTagEdit('checkout', { type: 'simple', value: 'gone' });
    expect(removed.request.path).toBe('/api/admin/features/checkout/tags/simple/gone');
    expect(await FLAG_RESOURCE_READERS['flag-tag']?.(api, removed.target)).toEqual(removed.mine);
  });

  it('read a missing flag as nothing', async () => {
    const api = createAdminApi(createApiClient({ baseUrl: TEST_ORIGIN, fetch: createFakeServer().fetch }));
    expect(await FLAG_RESOURCE_READERS['flag-stale']?.(api, 'default/gone')).toBeNull();
  });
});
