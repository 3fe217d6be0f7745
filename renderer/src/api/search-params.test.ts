import { describe, expect, it } from 'vitest';
import { eventSearchQuery, featureSearchQuery } from './search-params';

describe('feature search query', () => {
  it("uses Unleash's operator-prefixed filters", () => {
    expect(
      featureSearchQuery({
        query: '  checkout ',
        project: 'default',
        types: ['release', 'experiment'],
        state: 'stale',
        tag: 'simple:v1',
        sortBy: 'name',
        sortOrder: 'asc',
        offset: 100,
        limit: 50,
      }),
    ).toEqual({
      query: 'checkout',
      project: 'IS:default',
      type: 'IS_ANY_OF:release,experiment',
      state: 'IS:stale',
      tag: 'INCLUDE:simple:v1',
      sortBy: 'name',
      sortOrder: 'asc',
      offset: 100,
      limit: 50,
    });
  });

  it('uses IS for one type, IS_NOT:stale for active flags, and newest first by default', () => {
    expect(featureSearchQuery({ types: ['release'], state: 'active' })).toEqual({
      type: 'IS:release',
      state: 'IS_NOT:stale',
      sortBy: 'createdAt',
      sortOrder: 'desc',
      offset: 0,
      limit: 50,
    });
  });
});

describe('event search query', () => {
  it('prefixes every filter with IS: and leaves empty ones out', () => {
    expect(
      eventSearchQuery({
        query: 'x',
        type: 'feature-created',
        project: ' ',
        from: '2026-11-01',
        to: '2026-11-22',
        offset: 50,
      }),
    ).toEqual({
      query: 'x',
      type: 'IS:feature-created',
      project: undefined,
      feature: undefined,
      createdBy: undefined,
      environment: undefined,
      from: 'IS:2026-11-01',
      to: 'IS:2026-11-22',
      offset: 50,
      limit: 50,
    });
  });
});
