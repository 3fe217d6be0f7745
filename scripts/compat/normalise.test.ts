import { describe, expect, it } from 'vitest';
import { normaliseBody, normaliseString, pickKeys, readPath, scopeArray, substitute } from './normalise';

const prefix = 'cx12ab34cd';

describe('normaliseString', () => {
  it('replaces the run prefix, secrets, uuids, strategy ULIDs and timestamps by placeholders', () => {
    const text =
      'cx12ab34cd-release *:development.0123456789abcdef0123 6f1d2b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b ' +
      '01M8H6DK9WRGSVW3RFJ3F3JW45 2026-11-28T13:34:34.024Z my-secret';
    expect(normaliseString(text, { prefix, secrets: ['my-secret'] })).toBe(
      '<p>-release <token> <uuid> <ulid> <ts> <token>',
    );
  });
});

describe('normaliseBody', () => {
  it('masks ids, moments, secrets and revision hashes by key but keeps nulls', () => {
    const body = {
      id: 42,
      projectId: 'default',
      createdAt: '2026-01-01T00:00:00Z',
      archivedAt: null,
      secret: 'anything',
      meta: { etag: '"abc:1"', queryHash: 'abc' },
      segments: [3, 9],
      nested: { id: { not: 'a scalar' } },
    };
    expect(normaliseBody(body, { prefix })).toEqual({
      id: '<id>',
      projectId: '<id>',
      createdAt: '<ts>',
      archivedAt: null,
      secret: '<token>',
      meta: { etag: '<etag>', queryHash: '<etag>' },
      segments: ['<id>', '<id>'],
      nested: { id: { not: 'a scalar' } },
    });
  });

  it('drops ignored and free-text keys everywhere', () => {
    const body = { message: 'wording', details: [{ message: 'more', path: 'x' }], count: 3 };
    expect(normaliseBody(body, { prefix, ignoreKeys: ['count'], textKeys: ['message'] })).toEqual({
      details: [{ path: 'x' }],
    });
  });

  it('keeps only the scoped array elements that mention the run prefix', () => {
    const body = { features: [{ name: 'other' }, { name: `${prefix}-a` }], version: 2 };
    expect(normaliseBody(body, { prefix, scope: ['features'] })).toEqual({
      features: [{ name: '<p>-a' }],
      version: 2,
    });
    expect(scopeArray([`${prefix}-x`, 'y'], '', prefix)).toEqual([`${prefix}-x`]);
    expect(scopeArray({ a: 1 }, 'missing.path', prefix)).toEqual({ a: 1 });
  });

  it('sorts unordered listings by name first, so one differing field does not reorder them', () => {
    const body = [
      { name: 'b', secure: true },
      { name: 'a', secure: false },
    ];
    expect(normaliseBody(body, { prefix, unordered: true })).toEqual([
      { name: 'a', secure: false },
      { name: 'b', secure: true },
    ]);
    expect(normaliseBody(body, { prefix })).toEqual(body);
  });
});

describe('readPath and substitute', () => {
  it('reads dotted paths through objects and arrays', () => {
    expect(readPath({ segments: [{ id: 7 }] }, 'segments.0.id')).toBe(7);
    expect(readPath({ a: null }, 'a.b')).toBeUndefined();
  });

  it('fills {name} placeholders and turns a lone {#name} into a number', () => {
    const vars = { p: prefix, segmentId: '12' };
    expect(substitute({ name: '{p}-x', segments: ['{#segmentId}'], keep: '{unknown}', n: 1 }, vars)).toEqual({
      name: `${prefix}-x`,
      segments: [12],
      keep: '{unknown}',
      n: 1,
    });
  });
});

describe('pickKeys', () => {
  it('reduces the listed objects to the keys that matter', () => {
    const body = { events: [{ type: 'a', data: { x: 1 } }, 'odd'], total: 2 };
    expect(pickKeys(body, 'events', ['type'])).toEqual({ events: [{ type: 'a' }, 'odd'], total: 2 });
  });
});
