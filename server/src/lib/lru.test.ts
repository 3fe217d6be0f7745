import { describe, expect, it } from 'vitest';
import { Lru } from './lru';

describe('Lru', () => {
  it('keeps the most recently used entries within the count bound, listed least recent first', () => {
    const lru = new Lru<number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect(lru.list()).toEqual([
      ['a', 1],
      ['c', 3],
    ]);
    expect(lru.get('b')).toBeUndefined();
    lru.set('a', 4);
    expect(lru.list()).toEqual([
      ['c', 3],
      ['a', 4],
    ]);
  });

  it('keeps within the weight bound, but always keeps the newest entry', () => {
    const lru = new Lru<string>(10, (value) => value.length, 5);
    lru.set('a', 'xxx');
    lru.set('b', 'yy');
    lru.set('c', 'zzzzzzz');
    expect(lru.list()).toEqual([['c', 'zzzzzzz']]);
  });
});
