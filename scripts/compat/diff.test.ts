import { describe, expect, it } from 'vitest';
import { compareAnswers, shapeDifferences, valueDifferences } from './diff';
import type { Answer } from './types';

function answer(status: number, body: unknown): Answer {
  return { status, body, text: body === undefined ? '' : JSON.stringify(body) };
}

describe('shapeDifferences', () => {
  it('lists keys present on one side only and kinds that differ, with their paths', () => {
    const reference = { a: 1, list: [{ x: 1, y: [] }], gone: true };
    const ours = { a: 'one', list: [{ x: 2 }], extra: null };
    expect(shapeDifferences(reference, ours)).toEqual([
      { aspect: 'shape', path: 'a', reference: 'number', ours: 'string' },
      { aspect: 'shape', path: 'extra', reference: 'absent', ours: 'null' },
      { aspect: 'shape', path: 'gone', reference: 'boolean', ours: 'absent' },
      { aspect: 'shape', path: 'list.0.y', reference: 'array', ours: 'absent' },
    ]);
  });
});

describe('valueDifferences', () => {
  it('lists differing leaves and array lengths where the shapes agree', () => {
    expect(valueDifferences({ a: [1, 2], b: 'x', c: 1 }, { a: [1], b: 'y', c: 'one' })).toEqual([
      { aspect: 'values', path: 'a.length', reference: 2, ours: 1 },
      { aspect: 'values', path: 'b', reference: 'x', ours: 'y' },
    ]);
  });
});

describe('compareAnswers', () => {
  it('finds nothing in equal answers', () => {
    expect(compareAnswers(answer(200, { a: [1] }), answer(200, { a: [1] }))).toEqual([]);
  });

  it('reports only the status when the outcomes differ', () => {
    expect(compareAnswers(answer(200, { name: 'flag' }), answer(400, { name: 'BadDataError' }))).toEqual([
      { aspect: 'status', path: '', reference: 200, ours: 400 },
    ]);
  });

  it('reports a different error name once, not again as a value', () => {
    const found = compareAnswers(
      answer(404, { name: 'NotFoundError' }),
      answer(404, { name: 'ConflictError' }),
    );
    expect(found).toEqual([
      { aspect: 'name', path: 'name', reference: 'NotFoundError', ours: 'ConflictError' },
    ]);
  });

  it('compares text bodies as a whole and tells a text body from a JSON one', () => {
    expect(compareAnswers(answer(202, undefined), answer(202, undefined))).toEqual([]);
    expect(compareAnswers({ status: 200, body: undefined, text: 'OK' }, answer(200, { ok: true }))).toEqual([
      { aspect: 'shape', path: '', reference: 'text', ours: 'json' },
    ]);
  });

  it('stops at the requested depth', () => {
    const reference = answer(200, { a: 1 });
    const ours = answer(200, { a: 2, b: 1 });
    expect(compareAnswers(reference, ours, 'status')).toEqual([]);
    expect(compareAnswers(reference, ours, 'shape')).toEqual([
      { aspect: 'shape', path: 'b', reference: 'absent', ours: 'number' },
    ]);
    expect(compareAnswers(reference, ours)).toHaveLength(2);
  });
});
