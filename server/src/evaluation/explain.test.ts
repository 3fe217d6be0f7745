import { describe, expect, it } from 'vitest';
import type { ClientFeature, ClientSegment } from '../../contract';
import { evaluateFlag } from './evaluate';
import { type ExplainableFlag, explainFlag } from './explain';
import { createFlagRepository } from './flag-repository';

const segments: ClientSegment[] = [
  { id: 7, name: 'beta', constraints: [{ contextName: 'tenant', operator: 'IN', values: ['beta'] }] },
];
const parent: ClientFeature = {
  name: 'parent',
  enabled: true,
  strategies: [{ name: 'userWithId', parameters: { userIds: 'u1' } }],
};
const repository = createFlagRepository({ features: [parent], segments });
const deps = { repository, random: () => 0.5 };

const flag: ExplainableFlag = {
  name: 'f',
  enabled: true,
  variants: [{ name: 'flag-variant', weight: 1000, stickiness: 'default' }],
  strategies: [
    { id: 's1', name: 'default', disabled: true },
    { id: 's2', name: 'my-custom', constraints: [{ contextName: 'userId', operator: 'IN', values: ['u1'] }] },
    {
      id: 's3',
      name: 'flexibleRollout',
      title: 'Beta users',
      parameters: { rollout: '100', stickiness: 'default', groupId: 'f' },
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['u1', 'u2'] }],
      segments: [7],
      variants: [{ name: 'strategy-variant', weight: 1000, weightType: 'variable', stickiness: 'default' }],
    },
  ],
};

describe('explainFlag', () => {
  it('explains each strategy, constraint and segment and picks the winning strategy variant', () => {
    const result = explainFlag(flag, { userId: 'u1', properties: { tenant: 'beta' } }, deps);
    expect(result.isEnabled).toBe(true);
    expect(result.variant).toEqual({ name: 'strategy-variant', enabled: true, feature_enabled: true });
    expect(result.variants.map((variant) => variant.name)).toEqual(['strategy-variant']);
    expect(result.strategies.result).toBe(true);
    const [disabled, custom, rollout] = result.strategies.data;
    expect(disabled).toMatchObject({
      id: 's1',
      disabled: true,
      result: { evaluationStatus: 'unevaluated', enabled: 'unknown' },
    });
    expect(custom).toMatchObject({ result: { evaluationStatus: 'incomplete', enabled: 'unknown' } });
    expect(custom?.constraints).toEqual([
      // Unleash's playground shape: a strategy's constraints always carry `inverted`.
      { contextName: 'userId', operator: 'IN', values: ['u1'], inverted: false, result: true },
    ]);
    expect(rollout).toMatchObject({
      title: 'Beta users',
      result: { evaluationStatus: 'complete', enabled: true, variant: { name: 'strategy-variant' } },
      segments: [
        { id: 7, name: 'beta', result: true, constraints: [{ contextName: 'tenant', result: true }] },
      ],
    });
  });

  it('says false for an unknown strategy whose constraints fail, and unknown overall when nothing is known to hold', () => {
    const result = explainFlag(flag, { userId: 'u3', properties: { tenant: 'beta' } }, deps);
    expect(result.strategies.data[1]?.result).toEqual({ evaluationStatus: 'incomplete', enabled: false });
    // The disabled strategy is unevaluated ('unknown'), so nothing known to hold is 'unknown' (as Unleash).
    expect(result.strategies.result).toBe('unknown');
    const withoutDisabled = explainFlag(
      { ...flag, strategies: flag.strategies.slice(1) },
      { userId: 'u3' },
      deps,
    );
    expect(withoutDisabled.strategies.result).toBe(false);
    const unknown = explainFlag(flag, { userId: 'u1', properties: { tenant: 'ga' } }, deps);
    expect(unknown.strategies.result).toBe('unknown');
    expect(unknown.isEnabled).toBe(false);
    expect(unknown.variant).toEqual({ name: 'disabled', enabled: false, feature_enabled: false });
    // The strategy variant is still shown for a strategy that is false.
    expect(unknown.strategies.data[2]?.result).toMatchObject({
      enabled: false,
      variant: { name: 'strategy-variant' },
    });
  });

  it('answers applicationHostname as unknown, and marks unsatisfied dependencies', () => {
    const hostFlag: ExplainableFlag = {
      name: 'h',
      enabled: true,
      strategies: [{ id: 'h1', name: 'applicationHostname', parameters: { hostNames: 'x' } }],
    };
    expect(explainFlag(hostFlag, {}, deps).strategies.result).toBe('unknown');
    const child: ExplainableFlag = {
      name: 'child',
      enabled: true,
      dependencies: [{ feature: 'parent' }],
      strategies: [{ id: 'c1', name: 'default' }],
    };
    expect(explainFlag(child, { userId: 'u1' }, deps)).toMatchObject({
      isEnabled: true,
      hasUnsatisfiedDependency: false,
    });
    expect(explainFlag(child, { userId: 'u2' }, deps)).toMatchObject({
      isEnabled: false,
      hasUnsatisfiedDependency: true,
      strategies: { result: true },
    });
  });

  it('agrees with the plain engine on the flag without its disabled strategy', () => {
    const plain: ClientFeature = {
      ...flag,
      strategies: flag.strategies
        .filter((strategy) => !strategy.disabled)
        .map(({ id: _id, title: _t, disabled: _d, ...rest }) => rest),
    };
    for (const userId of ['u1', 'u2', 'u3']) {
      for (const tenant of ['beta', 'ga']) {
        const context = { userId, properties: { tenant } };
        const engine = evaluateFlag(plain, context, deps);
        const explained = explainFlag(flag, context, deps);
        expect([explained.isEnabled, explained.variant.name]).toEqual([engine.enabled, engine.variant.name]);
      }
    }
  });

  it('uses the flag variants when the winning strategy has none, and the flag state without strategies', () => {
    const simple: ExplainableFlag = { ...flag, strategies: [{ id: 'd', name: 'default' }] };
    expect(explainFlag(simple, {}, deps).variant.name).toBe('flag-variant');
    expect(explainFlag({ ...flag, strategies: [] }, {}, deps)).toMatchObject({
      isEnabled: true,
      strategies: { result: true, data: [] },
    });
    expect(explainFlag({ ...flag, enabled: false, strategies: [] }, {}, deps)).toMatchObject({
      isEnabled: false,
      isEnabledInCurrentEnvironment: false,
      strategies: { result: false, data: [] },
    });
  });
});
