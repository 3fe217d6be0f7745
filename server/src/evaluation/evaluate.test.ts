import { describe, expect, it } from 'vitest';
import type { ClientFeature, ClientSegment } from '../../contract';
import { type EvaluationDeps, evaluateFlag, evaluateFlagByName, getVariant, isEnabled } from './evaluate';
import { createFlagRepository } from './flag-repository';

const inTenant = (tenant: string) => ({ contextName: 'tenant', operator: 'IN' as const, values: [tenant] });
const segments: ClientSegment[] = [{ id: 7, name: 'beta', constraints: [inTenant('beta')] }];

function depsFor(features: ClientFeature[], extra: Partial<EvaluationDeps> = {}): EvaluationDeps {
  return { repository: createFlagRepository({ features, segments }), random: () => 0.5, ...extra };
}

describe('evaluateFlag', () => {
  it('is off when disabled, on with no strategies, and ORs strategies in order', () => {
    const deps = depsFor([]);
    expect(evaluateFlag({ name: 'f', enabled: false, strategies: [] }, {}, deps).enabled).toBe(false);
    expect(evaluateFlag({ name: 'f', enabled: true, strategies: [] }, {}, deps).enabled).toBe(true);
    const flag: ClientFeature = {
      name: 'f',
      enabled: true,
      strategies: [{ name: 'noSuchStrategy' }, { name: 'userWithId', parameters: { userIds: 'u1' } }],
    };
    expect(evaluateFlag(flag, { userId: 'u1' }, deps).enabled).toBe(true);
    expect(evaluateFlag(flag, { userId: 'u2' }, deps).enabled).toBe(false);
  });

  it('treats a payload without a strategies array as off', () => {
    expect(evaluateFlag({ name: 'f', enabled: true }, {}, depsFor([])).enabled).toBe(false);
  });

  it('resolves segment ids and fails on a missing segment', () => {
    const deps = depsFor([]);
    const withSegment: ClientFeature = {
      name: 'f',
      enabled: true,
      strategies: [{ name: 'default', segments: [7] }],
    };
    expect(evaluateFlag(withSegment, { properties: { tenant: 'beta' } }, deps).enabled).toBe(true);
    expect(evaluateFlag(withSegment, { properties: { tenant: 'ga' } }, deps).enabled).toBe(false);
    const missing: ClientFeature = {
      name: 'f',
      enabled: true,
      strategies: [{ name: 'default', segments: [404] }],
    };
    expect(evaluateFlag(missing, { properties: { tenant: 'beta' } }, deps).enabled).toBe(false);
  });

  it('evaluates inlined segment constraints like any other constraint', () => {
    const inlined: ClientFeature = {
      name: 'f',
      enabled: true,
      strategies: [{ name: 'default', constraints: [inTenant('beta')] }],
    };
    expect(evaluateFlag(inlined, { properties: { tenant: 'beta' } }, depsFor([])).enabled).toBe(true);
  });

  it('uses the variants of the first enabled strategy, before the flag variants', () => {
    const flag: ClientFeature = {
      name: 'f',
      enabled: true,
      strategies: [
        {
          name: 'default',
          constraints: [inTenant('beta')],
          parameters: { groupId: 'f' },
          variants: [{ name: 'beta-variant', weight: 1000, weightType: 'variable', stickiness: 'default' }],
        },
        { name: 'default', parameters: {}, variants: [] },
      ],
      variants: [{ name: 'flag-variant', weight: 1000, payload: { type: 'string', value: 'x' } }],
    };
    const deps = depsFor([]);
    expect(evaluateFlag(flag, { properties: { tenant: 'beta' } }, deps).variant.name).toBe('beta-variant');
    expect(evaluateFlag(flag, { properties: { tenant: 'ga' } }, deps).variant).toStrictEqual({
      name: 'flag-variant',
      enabled: true,
      payload: { type: 'string', value: 'x' },
      feature_enabled: true,
      featureEnabled: true,
    });
  });

  it('returns the disabled variant with the flag state', () => {
    const deps = depsFor([]);
    expect(evaluateFlag({ name: 'f', enabled: true, strategies: [] }, {}, deps).variant).toStrictEqual({
      name: 'disabled',
      enabled: false,
      feature_enabled: true,
      featureEnabled: true,
    });
    expect(
      evaluateFlag({ name: 'f', enabled: false, strategies: [] }, {}, deps).variant.feature_enabled,
    ).toBe(false);
  });

  it('runs injected custom strategies', () => {
    const deps = depsFor([], {
      strategies: new Map([['tenantIs', (p, c) => c.properties?.tenant === p.tenant]]),
    });
    const flag: ClientFeature = {
      name: 'f',
      enabled: true,
      strategies: [{ name: 'tenantIs', parameters: { tenant: 'a' } }],
    };
    expect(evaluateFlag(flag, { properties: { tenant: 'a' } }, deps).enabled).toBe(true);
    expect(evaluateFlag(flag, { properties: { tenant: 'b' } }, deps).enabled).toBe(false);
  });

  it('passes the injected hostname to applicationHostname', () => {
    const flag: ClientFeature = {
      name: 'f',
      enabled: true,
      strategies: [{ name: 'applicationHostname', parameters: { hostNames: 'web-1' } }],
    };
    expect(evaluateFlag(flag, {}, depsFor([], { hostname: 'WEB-1' })).enabled).toBe(true);
    expect(evaluateFlag(flag, {}, depsFor([])).enabled).toBe(false);
  });

  it('uses the injected clock for dates when the context has no currentTime', () => {
    const flag: ClientFeature = {
      name: 'f',
      enabled: true,
      strategies: [
        {
          name: 'default',
          constraints: [
            { contextName: 'currentTime', operator: 'DATE_AFTER', value: '2030-01-01T00:00:00Z' },
          ],
        },
      ],
    };
    expect(evaluateFlag(flag, {}, depsFor([], { now: () => new Date('2031-01-01T00:00:00Z') })).enabled).toBe(
      true,
    );
    expect(evaluateFlag(flag, {}, depsFor([], { now: () => new Date('2029-01-01T00:00:00Z') })).enabled).toBe(
      false,
    );
  });
});

describe('dependencies', () => {
  const parentOn: ClientFeature = { name: 'parent.on', enabled: true, strategies: [] };
  const parentOff: ClientFeature = { name: 'parent.off', enabled: false, strategies: [] };
  const parentVariant: ClientFeature = {
    name: 'parent.variant',
    enabled: true,
    strategies: [],
    variants: [{ name: 'blue', weight: 1000 }],
  };
  const childOf = (name: string, dependencies: ClientFeature['dependencies']): ClientFeature => ({
    name,
    enabled: true,
    strategies: [],
    dependencies,
  });
  const features = [
    parentOn,
    parentOff,
    parentVariant,
    childOf('needs.on', [{ feature: 'parent.on' }]),
    childOf('needs.off', [{ feature: 'parent.off', enabled: false }]),
    childOf('needs.blue', [{ feature: 'parent.variant', enabled: true, variants: ['blue'] }]),
    childOf('needs.red', [{ feature: 'parent.variant', variants: ['red'] }]),
    childOf('needs.missing', [{ feature: 'nope' }]),
    childOf('needs.both', [{ feature: 'parent.on' }, { feature: 'parent.off' }]),
    childOf('transitive', [{ feature: 'needs.on' }]),
  ];
  const deps = depsFor(features);

  it('requires every parent to satisfy its condition', () => {
    expect(isEnabled('needs.on', {}, deps)).toBe(true);
    expect(isEnabled('needs.off', {}, deps)).toBe(true);
    expect(isEnabled('needs.blue', {}, deps)).toBe(true);
    expect(isEnabled('needs.red', {}, deps)).toBe(false);
    expect(isEnabled('needs.both', {}, deps)).toBe(false);
  });

  it('fails on a missing parent and on transitive chains', () => {
    expect(isEnabled('needs.missing', {}, deps)).toBe(false);
    expect(isEnabled('transitive', {}, deps)).toBe(false);
    expect(getVariant('transitive', {}, deps).feature_enabled).toBe(false);
  });
});

describe('evaluateFlagByName', () => {
  it('answers off with the disabled variant for an unknown flag', () => {
    expect(evaluateFlagByName('nope', {}, depsFor([]))).toStrictEqual({
      enabled: false,
      variant: { name: 'disabled', enabled: false, feature_enabled: false, featureEnabled: false },
    });
  });
});
