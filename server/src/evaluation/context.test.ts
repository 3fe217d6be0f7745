import { describe, expect, it } from 'vitest';
import { resolveContextValue } from './context';

describe('resolveContextValue', () => {
  it('prefers the root field and falls back to properties', () => {
    expect(resolveContextValue({ userId: 'root', properties: { userId: 'prop' } }, 'userId')).toBe('root');
    expect(resolveContextValue({ properties: { userId: 'prop' } }, 'userId')).toBe('prop');
    expect(resolveContextValue({ properties: { tenant: 't1' } }, 'tenant')).toBe('t1');
  });

  it('treats missing and null as absent', () => {
    expect(resolveContextValue({}, 'tenant')).toBeUndefined();
    expect(
      resolveContextValue({ properties: { tenant: null as unknown as string } }, 'tenant'),
    ).toBeUndefined();
  });

  it('stringifies non-string property values', () => {
    expect(resolveContextValue({ properties: { n: 42 as unknown as string } }, 'n')).toBe('42');
  });

  it('never reads inherited keys', () => {
    expect(resolveContextValue({ properties: {} }, 'constructor')).toBeUndefined();
    expect(resolveContextValue({}, 'properties')).toBeUndefined();
  });
});
