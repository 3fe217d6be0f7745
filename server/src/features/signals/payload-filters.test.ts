import { describe, expect, it } from 'vitest';
import type { ActionSetFilter } from '../../../contract';
import { flattenPayload, jsonDepth, payloadMatches } from './payload-filters';

describe('signal payload filters', () => {
  const payload = { type: 'incident', data: { severity: 3, service: 'Checkout' }, tags: ['a', 'b'] };

  it('flattens a payload to dotted paths, containers as JSON', () => {
    expect(flattenPayload(payload)).toEqual({
      type: 'incident',
      data: '{"severity":3,"service":"Checkout"}',
      'data.severity': '3',
      'data.service': 'Checkout',
      tags: '["a","b"]',
      'tags.0': 'a',
      'tags.1': 'b',
    });
  });

  it('matches IN and NOT_IN on nested paths, with case-insensitivity and inversion', () => {
    expect(payloadMatches({ type: { operator: 'IN', values: ['incident'] } }, payload)).toBe(true);
    expect(payloadMatches({ type: { operator: 'NOT_IN', values: ['incident'] } }, payload)).toBe(false);
    expect(payloadMatches({ 'data.service': { operator: 'IN', values: ['checkout'] } }, payload)).toBe(false);
    expect(
      payloadMatches(
        { 'data.service': { operator: 'STR_CONTAINS', values: ['checkout'], caseInsensitive: true } },
        payload,
      ),
    ).toBe(true);
    expect(payloadMatches({ 'data.severity': { operator: 'NUM_GTE', value: '3' } }, payload)).toBe(true);
    expect(
      payloadMatches({ 'data.severity': { operator: 'NUM_GT', value: '3', inverted: true } }, payload),
    ).toBe(true);
  });

  it('needs every filter, and matches anything without filters', () => {
    expect(payloadMatches({}, payload)).toBe(true);
    expect(
      payloadMatches(
        { type: { operator: 'IN', values: ['incident'] }, missing: { operator: 'IN', values: ['x'] } },
        payload,
      ),
    ).toBe(false);
    expect(payloadMatches({ missing: { operator: 'NOT_IN', values: ['x'] } }, payload)).toBe(true);
  });

  it('does not read inherited properties as payload fields', () => {
    // Built at run time: an object literal's `constructor` key confuses the type checker.
    const filters: Record<string, ActionSetFilter> = Object.fromEntries([
      ['constructor', { operator: 'STR_CONTAINS', values: ['Object'] } satisfies ActionSetFilter],
    ]);
    expect(payloadMatches(filters, {})).toBe(false);
  });

  it('measures nesting without recursion', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i += 1) deep = [deep];
    expect(jsonDepth(deep, 64)).toBe(65);
    expect(jsonDepth({ a: { b: 1 } }, 64)).toBe(2);
    expect(jsonDepth('x', 64)).toBe(0);
  });
});
