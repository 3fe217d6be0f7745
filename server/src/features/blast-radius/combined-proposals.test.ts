import { describe, expect, it } from 'vitest';
import type { ClientFeature, Context } from '../../../contract';
import { createFlagRepository, evaluateFlag } from '../../evaluation';
import { previewBlastRadius } from './blast-radius-preview';
import { applyMilestoneStart, applyProposals, proposalsOfChanges } from './combined-proposals';
import { type EnvironmentStrategy, type FlagEnvironmentState, toPreviewSide } from './proposed-flag';

const strategy = (
  id: string,
  rollout: number,
  extra: Partial<EnvironmentStrategy> = {},
): EnvironmentStrategy => ({
  id,
  strategyName: 'flexibleRollout',
  title: null,
  parameters: { rollout: String(rollout), stickiness: 'userId', groupId: 'checkout' },
  constraints: [],
  variants: [],
  sortOrder: 0,
  disabled: false,
  segments: [],
  ...extra,
});

const base: FlagEnvironmentState = {
  flag: { name: 'checkout', enabled: true, strategies: [], variants: [] },
  enabled: true,
  strategies: [
    strategy('m1-s', 10, { milestoneId: 'm1' }),
    strategy('other-plan', 0, { milestoneId: 'elsewhere' }),
    strategy('own', 5, {
      sortOrder: 3,
      constraints: [{ contextName: 'country', operator: 'IN', values: ['NO'] }],
    }),
  ],
};

const contexts: Context[] = Array.from({ length: 3000 }, (_, i) => ({
  appName: 'web',
  userId: `user-${i * 7919}`,
  properties: { country: ['NO', 'SE', 'DE'][i % 3] as string },
}));
const repository = createFlagRepository({ features: [] });

function bruteForce(before: ClientFeature, after: ClientFeature) {
  const counts = { offToOn: 0, onToOff: 0, unchanged: 0 };
  for (const context of contexts) {
    const was = evaluateFlag(before, context, { repository }).enabled;
    const is = evaluateFlag(after, context, { repository }).enabled;
    if (was === is) counts.unchanged += 1;
    else if (is) counts.offToOn += 1;
    else counts.onToOff += 1;
  }
  return counts;
}

function preview(after: FlagEnvironmentState) {
  const beforeSide = toPreviewSide(base, repository, []);
  const afterSide = toPreviewSide(after, repository, []);
  const result = previewBlastRadius({ before: beforeSide, after: afterSide, contexts });
  return {
    counts: { offToOn: result.offToOn, onToOff: result.onToOff, unchanged: result.unchanged },
    expected: bruteForce(beforeSide.flag, afterSide.flag),
  };
}

describe('applyMilestoneStart', () => {
  const next = applyMilestoneStart(base, ['m1', 'm2'], {
    id: 'm2',
    strategies: [
      { ...strategy('t1', 50), sortOrder: 0 },
      { ...strategy('t2', 100), disabled: true, sortOrder: 1 },
    ],
  });

  it("swaps the plan's milestone strategies for the started milestone's, first in order", () => {
    expect(next.strategies.map((s) => [s.id, s.milestoneId])).toEqual([
      ['other-plan', 'elsewhere'],
      ['milestone:t1', 'm2'],
      ['milestone:t2', 'm2'],
      ['own', undefined],
    ]);
    expect(next.strategies[1]?.parameters.rollout).toBe('50');
  });

  it('counts what a brute-force evaluation counts', () => {
    const { counts, expected } = preview(next);
    expect(counts).toEqual(expected);
    // 10% to 50% of users: a real rise, nobody lost (stickiness on userId, same groupId).
    expect(counts.offToOn).toBeGreaterThan(900);
    expect(counts.onToOff).toBe(0);
  });
});

describe('a change request applied together', () => {
  const changes = [
    { id: 1, feature: 'checkout', action: 'updateEnabled', payload: { enabled: true } },
    { id: 2, feature: 'checkout', action: 'deleteStrategy', payload: { id: 'm1-s' } },
    {
      id: 3,
      feature: 'checkout',
      action: 'updateStrategy',
      payload: {
        id: 'own',
        name: 'flexibleRollout',
        parameters: { rollout: '100', stickiness: 'userId', groupId: 'checkout' },
        constraints: [{ contextName: 'country', operator: 'IN', values: ['NO', 'SE'] }],
      },
    },
    {
      id: 4,
      feature: 'checkout',
      action: 'addStrategy',
      payload: { name: 'default', constraints: [{ contextName: 'country', operator: 'IN', values: ['DE'] }] },
    },
    {
      id: 5,
      feature: 'checkout',
      action: 'addStrategy',
      payload: { name: 'userWithId', parameters: { userIds: 'user-0' } },
    },
    { id: 6, feature: 'other-flag', action: 'updateEnabled', payload: { enabled: false } },
    { id: 7, feature: 'checkout', action: 'patchVariant', payload: { variants: [] } },
  ];

  it("keeps this flag's toggle and strategy changes, in order", () => {
    expect(proposalsOfChanges(changes, 'checkout').map((p) => [p.changeId, p.proposal.kind])).toEqual([
      [1, 'toggle'],
      [2, 'strategy-delete'],
      [3, 'strategy-update'],
      [4, 'strategy-add'],
      [5, 'strategy-add'],
    ]);
  });

  it('applies every change to one copy, each added strategy under its own key', () => {
    const after = applyProposals(base, proposalsOfChanges(changes, 'checkout'), { stickiness: 'default' });
    expect(after.strategies.map((s) => s.id)).toEqual(['other-plan', 'own', 'change:4', 'change:5']);
    expect(after.strategies[1]?.parameters.rollout).toBe('100');
  });

  it('counts what a brute-force evaluation of the combined state counts', () => {
    const after = applyProposals(base, proposalsOfChanges(changes, 'checkout'), { stickiness: 'default' });
    const { counts, expected } = preview(after);
    expect(counts).toEqual(expected);
    // Every context is in NO, SE or DE, so every one is on afterwards.
    expect(counts.onToOff).toBe(0);
    expect(counts.offToOn).toBe(contexts.length - bruteForceEnabledBefore());
  });

  it('refuses a change about a strategy the flag no longer has', () => {
    const stale = [{ id: 9, feature: 'checkout', action: 'deleteStrategy', payload: { id: 'gone' } }];
    expect(() =>
      applyProposals(base, proposalsOfChanges(stale, 'checkout'), { stickiness: 'default' }),
    ).toThrow(/gone/);
  });
});

function bruteForceEnabledBefore(): number {
  const flag = toPreviewSide(base, repository, []).flag;
  return contexts.filter((context) => evaluateFlag(flag, context, { repository }).enabled).length;
}
