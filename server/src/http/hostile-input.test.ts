import { describe, expect, it } from 'vitest';
import { findUnstorableText } from './hostile-input';

describe('findUnstorableText', () => {
  it('finds NUL and unpaired surrogates in strings, nested values and keys, with their path', () => {
    expect(findUnstorableText('a\u0000', '/params/name')).toBe('/params/name');
    expect(findUnstorableText({ name: 'ok', list: ['x', 'y\ud800'] }, '/body')).toBe('/body/list/1');
    expect(findUnstorableText({ deep: { 'k\udc00': 1 } }, '/body')).toBe('/body/deep/k?');
    expect(findUnstorableText({ a: [{ b: '\udfff\ud800' }] }, '/body')).toBe('/body/a/0/b');
  });

  it('accepts everything PostgreSQL can store, surrogate pairs (emoji) included', () => {
    expect(
      findUnstorableText({ name: '😀 ünïcode', n: 1, b: true, z: null, list: [] }, '/body'),
    ).toBeUndefined();
    expect(findUnstorableText(undefined, '/body')).toBeUndefined();
    expect(findUnstorableText('%00 is text', '/query')).toBeUndefined();
  });

  it('walks bodies nested far deeper than the call stack allows', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`);
    expect(findUnstorableText(deep, '/body')).toBe(`/body${'/0'.repeat(100_000)}`);
  });
});
