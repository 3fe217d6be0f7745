import { describe, expect, it } from 'vitest';
import type { BlastRadiusSingleProposal, ClientFeature, ClientSegment, Context } from '../../../contract';
import { createFlagRepository, evaluateFlag } from '../../evaluation';
import { previewBlastRadius } from './blast-radius-preview';
import { applyProposal, type FlagEnvironmentState, toPreviewSide } from './proposed-flag';

const segments: ClientSegment[] = [
  { id: 7, name: 'beta', constraints: [{ contextName: 'plan', operator: 'IN', values: ['pro', 'team'] }] },
];

const base: FlagEnvironmentState = {
  flag: { name: 'checkout', enabled: true, strategies: [], variants: [] },
  enabled: true,
  strategies: [
    {
      id: 's1',
      strategyName: 'flexibleRollout',
      title: 'Nordics',
      parameters: { rollout: '30', stickiness: 'default', groupId: 'checkout' },
      constraints: [{ contextName: 'country', operator: 'IN', values: ['NO', 'SE'] }],
      variants: [],
      sortOrder: 0,
      disabled: false,
      segments: [],
    },
    {
      id: 's2',
      strategyName: 'flexibleRollout',
      title: 'Beta',
      parameters: { rollout: '50', stickiness: 'userId', groupId: 'checkout' },
      constraints: [],
      variants: [],
      sortOrder: 1,
      disabled: false,
      segments: [7],
    },
  ],
};

/** Deterministic contexts: a quarter without userId, so sessionId stickiness is exercised too. */
function generateContexts(count: number): Context[] {
  const countries = ['NO', 'SE', 'DK', 'DE', 'US'];
  const plans = ['free', 'pro', 'team'];
  return Array.from({ length: count }, (_, i) => ({
    appName: 'web',
    environment: 'production',
    ...(i % 4 === 0 ? {} : { userId: `user-${i * 7919}` }),
    sessionId: `session-${i}`,
    properties: { country: countries[i % 5] as string, plan: plans[(i * 3 + (i >> 2)) % 3] as string },
  }));
}

const repository = createFlagRepository({ features: [], segments });
const now = () => new Date('2026-11-25T12:00:00Z');

/** The answer by hand: every context evaluated before and after with the engine, one by one. */
function bruteForce(before: ClientFeature, after: ClientFeature, contexts: Context[]) {
  const counts = { offToOn: 0, onToOff: 0, unchanged: 0 };
  for (const context of contexts) {
    const was = evaluateFlag(before, context, { repository, now }).enabled;
    const is = evaluateFlag(after, context, { repository, now }).enabled;
    if (was === is) counts.unchanged += 1;
    else if (is) counts.offToOn += 1;
    else counts.onToOff += 1;
  }
  return counts;
}

describe('previewBlastRadius', () => {
  const contexts = generateContexts(5000);
  const beforeSide = toPreviewSide(base, repository, segments);

  it.each<[string, BlastRadiusSingleProposal]>([
    [
      'a rollout raised',
      {
        kind: 'strategy-update' as const,
        strategyId: 's1',
        strategy: {
          name: 'flexibleRollout',
          title: 'Nordics',
          parameters: { rollout: '80', stickiness: 'default', groupId: 'checkout' },
          constraints: [{ contextName: 'country', operator: 'IN', values: ['NO', 'SE'] }],
        },
      },
    ],
    [
      'a constraint narrowed',
      {
        kind: 'strategy-update' as const,
        strategyId: 's1',
        strategy: {
          name: 'flexibleRollout',
          title: 'Nordics',
          parameters: { rollout: '30', stickiness: 'default', groupId: 'checkout' },
          constraints: [{ contextName: 'country', operator: 'IN', values: ['NO'] }],
        },
      },
    ],
    ['a strategy deleted', { kind: 'strategy-delete' as const, strategyId: 's2' }],
    [
      'a strategy added',
      {
        kind: 'strategy-add' as const,
        strategy: { name: 'userWithId', parameters: { userIds: 'user-7919,user-15838' } },
      },
    ],
    ['the flag turned off', { kind: 'toggle' as const, enabled: false }],
  ])('counts equal a brute-force evaluation for %s', (_name, proposal) => {
    const afterSide = toPreviewSide(
      applyProposal(base, proposal, { stickiness: 'default' }),
      repository,
      segments,
    );
    const preview = previewBlastRadius({ before: beforeSide, after: afterSide, contexts, now });
    const expected = bruteForce(beforeSide.flag, afterSide.flag, contexts);
    expect({ offToOn: preview.offToOn, onToOff: preview.onToOff, unchanged: preview.unchanged }).toEqual(
      expected,
    );
    expect(preview.evaluated).toBe(5000);
    // The reasons account for every flip.
    const explained = preview.reasons.reduce((sum, reason) => sum + reason.offToOn + reason.onToOff, 0);
    expect(explained).toBe(expected.offToOn + expected.onToOff);
    expect(expected.offToOn + expected.onToOff).toBeGreaterThan(0);
  });

  it('names the constraint that decides a flip, and the environment toggle', () => {
    const narrowed = applyProposal(
      base,
      {
        kind: 'strategy-update',
        strategyId: 's1',
        strategy: {
          name: 'flexibleRollout',
          title: 'Nordics',
          parameters: { rollout: '30', stickiness: 'default', groupId: 'checkout' },
          constraints: [{ contextName: 'country', operator: 'IN', values: ['NO'] }],
        },
      },
      { stickiness: 'default' },
    );
    const preview = previewBlastRadius({
      before: beforeSide,
      after: toPreviewSide(narrowed, repository, segments),
      contexts,
      now,
    });
    expect(preview.offToOn).toBe(0);
    expect(preview.reasons).toEqual([
      { kind: 'constraint', label: 'country IN [NO]', offToOn: 0, onToOff: preview.onToOff },
    ]);

    const off = previewBlastRadius({
      before: beforeSide,
      after: toPreviewSide({ ...base, enabled: false }, repository, segments),
      contexts,
      now,
    });
    expect(off.reasons).toEqual([
      { kind: 'flag', label: 'environment toggle', offToOn: 0, onToOff: off.enabledBefore },
    ]);
    expect(off.enabledAfter).toBe(0);
  });

  it('names the segment when a strategy gains one', () => {
    const withSegment = applyProposal(
      base,
      {
        kind: 'strategy-update',
        strategyId: 's1',
        strategy: {
          name: 'flexibleRollout',
          parameters: { rollout: '30', stickiness: 'default', groupId: 'checkout' },
          constraints: [{ contextName: 'country', operator: 'IN', values: ['NO', 'SE'] }],
          segments: [7],
        },
      },
      { stickiness: 'default' },
    );
    const preview = previewBlastRadius({
      before: beforeSide,
      after: toPreviewSide(withSegment, repository, segments),
      contexts,
      now,
    });
    expect(preview.onToOff).toBeGreaterThan(0);
    expect(preview.reasons[0]).toMatchObject({ kind: 'segment', label: 'segment beta' });
  });

  it('keeps at most the asked number of examples, with hashed values shortened', () => {
    const hashed: Context[] = contexts.map((context, i) => ({
      ...context,
      userId: `hmac:${String(i).padStart(32, 'a')}`,
    }));
    const preview = previewBlastRadius({
      before: beforeSide,
      after: toPreviewSide({ ...base, enabled: false }, repository, segments),
      contexts: hashed,
      maxExamples: 3,
      now,
    });
    expect(preview.examples).toHaveLength(3);
    expect(preview.examples[0]?.context.userId).toMatch(/^hmac:[0-9a]{8}…$/);
  });

  it('refuses a proposal about a strategy the flag does not have', () => {
    expect(() =>
      applyProposal(base, { kind: 'strategy-delete', strategyId: 'nope' }, { stickiness: 'default' }),
    ).toThrow('Could not find strategy with id nope.');
  });
});
