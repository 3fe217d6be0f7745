import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { applyJsonPatch } from './json-patch';

describe('applyJsonPatch (RFC 6902)', () => {
  const doc = { name: 'f1', stale: false, tags: ['a', 'b'], nested: { 'a/b': 1, 'c~d': 2 } };

  it('replaces, adds and removes object members without touching the input', () => {
    const result = applyJsonPatch(doc, [
      { op: 'replace', path: '/stale', value: true },
      { op: 'add', path: '/description', value: 'x' },
      { op: 'remove', path: '/name' },
    ]);
    expect(result).toEqual({
      stale: true,
      description: 'x',
      tags: ['a', 'b'],
      nested: { 'a/b': 1, 'c~d': 2 },
    });
    expect(doc.stale).toBe(false);
    expect(doc.name).toBe('f1');
  });

  it('inserts into arrays by index and with "-" at the end', () => {
    expect(applyJsonPatch(doc, [{ op: 'add', path: '/tags/1', value: 'x' }]).tags).toEqual(['a', 'x', 'b']);
    expect(applyJsonPatch(doc, [{ op: 'add', path: '/tags/-', value: 'z' }]).tags).toEqual(['a', 'b', 'z']);
    expect(applyJsonPatch(doc, [{ op: 'remove', path: '/tags/0' }]).tags).toEqual(['b']);
    expect(applyJsonPatch(doc, [{ op: 'replace', path: '/tags/1', value: 'c' }]).tags).toEqual(['a', 'c']);
  });

  it('unescapes ~1 and ~0 in pointers', () => {
    expect(applyJsonPatch(doc, [{ op: 'replace', path: '/nested/a~1b', value: 5 }]).nested['a/b']).toBe(5);
    expect(applyJsonPatch(doc, [{ op: 'remove', path: '/nested/c~0d' }]).nested).toEqual({ 'a/b': 1 });
  });

  it('copies, moves and tests values', () => {
    expect(applyJsonPatch(doc, [{ op: 'copy', from: '/name', path: '/copy' }])).toMatchObject({
      name: 'f1',
      copy: 'f1',
    });
    const moved = applyJsonPatch(doc, [{ op: 'move', from: '/name', path: '/renamed' }]) as Record<
      string,
      unknown
    >;
    expect(moved.renamed).toBe('f1');
    expect(moved.name).toBeUndefined();
    expect(applyJsonPatch(doc, [{ op: 'test', path: '/tags', value: ['a', 'b'] }])).toEqual(doc);
  });

  it('replaces the whole document with an empty path', () => {
    expect(applyJsonPatch([1, 2], [{ op: 'replace', path: '', value: [3] }])).toEqual([3]);
  });

  it('rejects the whole patch with a BadDataError when an operation fails', () => {
    const failing = [
      [{ op: 'replace', path: '/missing', value: 1 }],
      [{ op: 'remove', path: '/tags/5' }],
      [{ op: 'test', path: '/stale', value: true }],
      [{ op: 'add', path: '/nested/x/y', value: 1 }],
      [{ op: 'move', from: '/nested', path: '/nested/inner' }],
      [{ op: 'add', path: 'no-slash', value: 1 }],
    ] as const;
    for (const patch of failing) {
      expect(() => applyJsonPatch(doc, patch as never), JSON.stringify(patch)).toThrow(ApiError);
      try {
        applyJsonPatch(doc, patch as never);
      } catch (error) {
        expect((error as ApiError).errorName).toBe('BadDataError');
      }
    }
  });

  it('refuses malformed operations (issue 12) with a BadDataError instead of a TypeError', () => {
    const malformed = [
      [{ op: 'add', path: '/x' }],
      [{ op: 'replace', path: '/name' }],
      [{ op: 'test', path: '/name' }],
      [{ op: 'copy', path: '/x' }],
      [{ op: 'move', path: '/x', from: 7 }],
      [{ op: 'add', path: 7, value: 1 }],
      [null],
      [{ op: 'add', path: '/__proto__', value: { polluted: true } }],
      [{ op: 'add', path: '/nested/__proto__/x', value: 1 }],
    ];
    for (const patch of malformed) {
      let thrown: unknown;
      try {
        applyJsonPatch(doc, patch as never);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, JSON.stringify(patch)).toBeInstanceOf(ApiError);
      expect((thrown as ApiError).errorName).toBe('BadDataError');
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
