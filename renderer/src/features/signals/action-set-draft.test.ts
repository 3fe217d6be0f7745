import { describe, expect, it } from 'vitest';
import { bodyOf, draftOf, isComplete, moveRow } from './action-set-draft';
import type { ActionSet } from './signals-api';

const at = '2026-11-25T10:00:00Z';
const saved: ActionSet = {
  id: 4,
  name: 'rollback',
  enabled: false,
  project: 'checkout',
  actorId: 9,
  match: {
    source: 'signal-endpoint',
    sourceId: 1,
    payload: {
      severity: { operator: 'STR_STARTS_WITH', values: ['crit'], caseInsensitive: true },
      errors: { operator: 'NUM_GTE', value: '10' },
    },
  },
  actions: [
    {
      id: 12,
      action: 'DISABLE_FEATURE',
      sortOrder: 5,
      executionParams: { project: 'checkout', environment: 'production', featureName: 'b' },
      createdAt: at,
      createdByUserId: 1,
    },
    {
      id: 11,
      action: 'ENABLE_FEATURE',
      sortOrder: 1,
      executionParams: { project: 'checkout', environment: 'production', featureName: 'a' },
      createdAt: at,
      createdByUserId: 1,
    },
  ],
  createdAt: at,
  createdByUserId: 1,
};

describe('action set drafts', () => {
  it('starts blank with one empty action, which is not complete', () => {
    const draft = draftOf();
    expect(draft.actions).toEqual([{ action: 'ENABLE_FEATURE', featureName: null, environment: null }]);
    expect(isComplete(draft)).toBe(false);
  });

  it('pre-fills from a saved set with actions by sortOrder, and saves it back unchanged but renumbered', () => {
    const draft = draftOf(saved);
    expect(draft.actions.map((row) => row.featureName)).toEqual(['a', 'b']);
    expect(draft.filters.find((row) => row.path === 'errors')?.values).toBe('10');
    expect(isComplete(draft)).toBe(true);
    expect(bodyOf(draft, 'checkout', saved.enabled)).toEqual({
      name: 'rollback',
      enabled: false,
      actorId: 9,
      match: saved.match,
      actions: [
        { action: 'ENABLE_FEATURE', sortOrder: 0, executionParams: saved.actions[1]?.executionParams },
        { action: 'DISABLE_FEATURE', sortOrder: 1, executionParams: saved.actions[0]?.executionParams },
      ],
    });
  });

  it('moves a row within bounds and leaves the rows alone outside them', () => {
    expect(moveRow(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveRow(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });
});
