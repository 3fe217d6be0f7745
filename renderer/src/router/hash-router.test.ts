import { describe, expect, it } from 'vitest';
import { formatHash, parseHash } from './hash-router';

describe('hash router', () => {
  it('parses paths and queries', () => {
    expect(parseHash('#/flags?query=checkout&project=default')).toEqual({
      path: '/flags',
      query: { query: 'checkout', project: 'default' },
    });
    expect(parseHash('')).toEqual({ path: '/', query: {} });
    expect(parseHash('#flags/')).toEqual({ path: '/flags', query: {} });
    expect(parseHash('#//events')).toEqual({ path: '/events', query: {} });
  });

  it('formats without empty values and round-trips', () => {
    const hash = formatHash('/flags', { query: 'a b&c', project: null, page: 2, type: '' });
    expect(hash).toBe('#/flags?query=a+b%26c&page=2');
    expect(parseHash(hash)).toEqual({ path: '/flags', query: { query: 'a b&c', page: '2' } });
    expect(formatHash('events')).toBe('#/events');
  });
});
