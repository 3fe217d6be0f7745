import { describe, expect, it } from 'vitest';
import { explain, formatDifferences, formatTable, summariseByArea } from './report';
import type { Answer, CaseResult, Difference } from './types';

const ok: Answer = { status: 200, body: {}, text: '{}' };

function result(
  area: string,
  id: string,
  differences: Array<Difference & { explained?: string }>,
): CaseResult {
  return { area, id, request: `GET /${id}`, compare: 'all', differences, reference: ok, ours: ok };
}

const statusDiff: Difference = { aspect: 'status', path: '', reference: 500, ours: 403 };
const shapeDiff: Difference = { aspect: 'shape', path: 'id', reference: 'absent', ours: 'string' };

describe('explain', () => {
  it('marks a difference matching a known entry by case, aspect, path and reference value', () => {
    const known = [
      {
        case: /^a\//,
        aspect: 'shape' as const,
        path: /^id$/,
        referenceIs: 'absent',
        reason: 'ours adds ids',
      },
    ];
    expect(explain('a/x', [shapeDiff, statusDiff], known)).toEqual([
      { ...shapeDiff, explained: 'ours adds ids' },
      statusDiff,
    ]);
    expect(explain('b/x', [shapeDiff], known)).toEqual([shapeDiff]);
    expect(explain('a/x', [{ ...shapeDiff, reference: 'number' }], known)[0]!.explained).toBeUndefined();
  });
});

describe('summariseByArea', () => {
  it('counts matches per aspect, explained and unexplained cases, per area and in total', () => {
    const rows = summariseByArea([
      result('a', 'same', []),
      result('a', 'status', [statusDiff]),
      result('a', 'explained', [{ ...shapeDiff, explained: 'why' }]),
      result('b', 'shape', [shapeDiff]),
    ]);
    expect(rows).toEqual([
      { area: 'a', requests: 3, status: 2, shape: 1, values: 1, explained: 1, unexplained: 1 },
      { area: 'b', requests: 1, status: 1, shape: 0, values: 0, explained: 0, unexplained: 1 },
      { area: 'TOTAL', requests: 4, status: 3, shape: 1, values: 1, explained: 1, unexplained: 2 },
    ]);
  });
});

describe('formatting', () => {
  it('prints a markdown table with right-aligned numbers', () => {
    const table = formatTable([
      { area: 'a', requests: 12, status: 11, shape: 10, values: 9, explained: 1, unexplained: 2 },
    ]);
    expect(table.split('\n')).toEqual([
      '| area | requests | status match | shape match | values match | explained | unexplained |',
      '|------|---------:|-------------:|------------:|-------------:|----------:|------------:|',
      '| a    |       12 |           11 |          10 |            9 |         1 |           2 |',
    ]);
  });

  it('lists each differing case with its differences and both bodies, explained ones on request', () => {
    const results = [result('a', 'x', [statusDiff]), result('a', 'y', [{ ...shapeDiff, explained: 'why' }])];
    const text = formatDifferences(results, { explained: false });
    expect(text).toBe(
      [
        'a/x: GET /x',
        '  - status: reference 500 / ours 403',
        '    reference 200: {}',
        '    ours      200: {}',
      ].join('\n'),
    );
    expect(formatDifferences(results, { explained: true })).toContain(
      '  - shape at id: reference absent / ours string [explained: why]',
    );
  });
});
