import { describe, expect, it } from 'vitest';
import type { ClientFeature, Constraint, Context } from '../../contract';
import { compiledFlagsOf, evaluateCompiledOutcome } from './compiled';
import { evaluateFlag, resolveDeps } from './evaluate';
import { createFlagRepository } from './flag-repository';

// The compiled evaluator must answer exactly what the interpreter answers: a differential over
// every operator (inverted or not), root fields read from properties, unparsable targets,
// missing segments, variants and the rollout hash prefix.

const constraints: Constraint[] = [
  { contextName: 'userId', operator: 'IN', values: ['u1', ' u2 ', ''] },
  { contextName: 'userId', operator: 'NOT_IN', values: ['u3'] },
  { contextName: 'appName', operator: 'IN', values: ['web'], inverted: true },
  { contextName: 'plan', operator: 'IN', values: ['pro'] },
  { contextName: 'age', operator: 'NUM_GT', value: '17' },
  { contextName: 'age', operator: 'NUM_EQ', value: 'not a number' },
  { contextName: 'age', operator: 'NUM_LTE', value: '40', inverted: true },
  { contextName: 'x', operator: 'DATE_AFTER', value: '2024-01-01T00:00:00Z' },
  { contextName: 'x', operator: 'DATE_BEFORE', value: 'garbage' },
  { contextName: 'version', operator: 'SEMVER_GTE', value: '1.2.0' },
  { contextName: 'version', operator: 'SEMVER_LT', value: 'v1' },
  { contextName: 'version', operator: 'SEMVER_EQ', value: '2.0.0-beta.1', inverted: true },
  { contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@EXAMPLE.com'], caseInsensitive: true },
  { contextName: 'email', operator: 'REGEX', value: '^a.*' },
  { contextName: 'remoteAddress', operator: 'IN_CIDR', values: ['10.0.0.0/8'] },
  { contextName: 'userId', operator: 'UNKNOWN_OP' as Constraint['operator'], values: ['u1'] },
  { contextName: 'userId', operator: 'UNKNOWN_OP' as Constraint['operator'], values: ['u1'], inverted: true },
];

const flags: ClientFeature[] = constraints.map((constraint, i) => ({
  name: `flag-${i}`,
  enabled: true,
  strategies: [
    {
      name: 'flexibleRollout',
      parameters: {
        rollout: String(30 + i * 4),
        stickiness: i % 3 === 0 ? 'plan' : 'default',
        groupId: `g-${i}`,
      },
      constraints: [constraint],
      segments: i % 5 === 0 ? [1] : i === 7 ? [99] : [],
      variants:
        i % 2 === 0
          ? [
              { name: 'a', weight: 500, weightType: 'variable', stickiness: 'default' },
              { name: 'b', weight: 500, weightType: 'variable', stickiness: 'default' },
            ]
          : [],
    },
    {
      name: i % 4 === 0 ? 'userWithId' : 'gradualRolloutUserId',
      parameters: { userIds: 'u9', percentage: '50', groupId: 'x' } as Record<string, string>,
    },
  ],
  variants:
    i % 3 === 1 ? [{ name: 'flag-level', weight: 1000, weightType: 'variable', stickiness: 'default' }] : [],
}));
flags.push({ name: 'off', enabled: false, strategies: [{ name: 'default' }] });
flags.push({ name: 'no-strategies', enabled: true, strategies: [] });

const repository = createFlagRepository({
  features: flags,
  segments: [{ id: 1, constraints: [{ contextName: 'appName', operator: 'NOT_IN', values: ['blocked'] }] }],
});

function contextFor(i: number): Context {
  const properties: Record<string, string> = {
    plan: ['pro', 'free', ''][i % 3]!,
    age: ['12', '18', '41', 'NaN', ''][i % 5]!,
    version: ['1.2.0', '1.10.3', 'v1.3.0', '2.0.0-beta.1', 'bad'][i % 5]!,
    email: ['a@example.com', 'b@EXAMPLE.COM', 'c@other.org'][i % 3]!,
  };
  // Root fields may come through properties (the interpreter falls back to them).
  if (i % 7 === 0) properties.userId = `u${i % 4}`;
  return {
    ...(i % 7 === 0 ? {} : { userId: `u${i % 11}` }),
    appName: ['web', 'ios', 'blocked'][i % 3]!,
    remoteAddress: i % 2 === 0 ? '10.1.2.3' : '192.168.0.1',
    currentTime: i % 4 === 0 ? '2023-06-01T00:00:00Z' : '2025-06-01T00:00:00Z',
    properties,
  };
}

describe('compiled evaluation', () => {
  it('answers what the interpreter answers, flag by flag, over many contexts', () => {
    const deps = { repository, random: () => 0.5, now: () => new Date('2025-01-01T00:00:00Z') };
    const compiled = compiledFlagsOf(repository);
    expect(compiled.map((entry) => entry.flag.name)).toEqual(flags.map((flag) => flag.name));
    let enabled = 0;
    const mismatches: string[] = [];
    for (let i = 0; i < 400; i++) {
      const context = contextFor(i);
      for (const entry of compiled) {
        const expected = evaluateFlag(entry.flag, context, deps);
        const actual = entry.evaluate(context, resolveDeps(deps));
        const got = `${actual.enabled}/${actual.variant?.name ?? 'disabled'}`;
        const want = `${expected.enabled}/${expected.variant.name}`;
        if (got !== want) mismatches.push(`${entry.flag.name} #${i}: ${got}, not ${want}`);
        if (actual.enabled) enabled++;
      }
    }
    expect(mismatches).toEqual([]);
    // Both outcomes occur: the differential is not comparing only "off".
    expect(enabled).toBeGreaterThan(400);
    expect(enabled).toBeLessThan(400 * flags.length - 400);
  });

  it('answers what the interpreter answers for parsed strategies, dependencies and string operators', () => {
    const strategy = (name: string, parameters: Record<string, string>, extra: Constraint[] = []) => ({
      name,
      parameters,
      constraints: extra,
    });
    const features: ClientFeature[] = [
      { name: 'users', enabled: true, strategies: [strategy('userWithId', { userIds: 'u1 , u2,u3' })] },
      { name: 'no-users', enabled: true, strategies: [strategy('userWithId', {})] },
      {
        name: 'ips',
        enabled: true,
        strategies: [strategy('remoteAddress', { IPs: '10.0.0.0/8, 192.168.1.1,::1, ::/0, junk,' })],
        variants: [{ name: 'v', weight: 1000, weightType: 'variable', stickiness: 'default' }],
      },
      {
        name: 'hosts',
        enabled: true,
        strategies: [strategy('applicationHostname', { hostNames: 'Web-1, web-2' })],
      },
      {
        name: 'strings',
        enabled: true,
        strategies: [
          strategy('default', {}, [
            {
              contextName: 'email',
              operator: 'STR_STARTS_WITH',
              values: ['A', ' b '],
              caseInsensitive: true,
            },
            { contextName: 'email', operator: 'STR_CONTAINS', values: ['@', ''], inverted: true },
          ]),
          strategy('default', {}, [
            { contextName: 'email', operator: 'STR_ENDS_WITH', values: ['.org'] },
            { contextName: 'remoteAddress', operator: 'IN_CIDR', values: ['::/0', '10.1.0.0/16', 'bad'] },
            { contextName: 'version', operator: 'REGEX', value: '^1\\.', caseInsensitive: true },
          ]),
        ],
      },
      { name: 'child-on', enabled: true, strategies: [], dependencies: [{ feature: 'users' }] },
      {
        name: 'child-off',
        enabled: true,
        strategies: [],
        dependencies: [{ feature: 'users', enabled: false }],
      },
      {
        name: 'child-variant',
        enabled: true,
        strategies: [strategy('default', {})],
        dependencies: [{ feature: 'ips', enabled: true, variants: ['v'] }, { feature: 'hosts' }],
      },
      { name: 'grandchild', enabled: true, strategies: [], dependencies: [{ feature: 'child-on' }] },
      { name: 'orphan', enabled: true, strategies: [], dependencies: [{ feature: 'missing' }] },
      { name: 'child-disabled', enabled: false, strategies: [], dependencies: [{ feature: 'users' }] },
    ];
    const own = createFlagRepository({ features });
    const compiled = compiledFlagsOf(own);
    const mismatches: string[] = [];
    const addresses = ['10.1.2.3', '192.168.1.1', '::1', '2001:db8::1', 'junk', '', '127.1'];
    let enabled = 0;
    for (let i = 0; i < 252; i++) {
      const context = { ...contextFor(i), remoteAddress: addresses[i % addresses.length]! };
      if (i % 9 === 0) delete (context as Context).remoteAddress;
      for (const hostname of ['web-1', 'WEB-2', 'other', undefined]) {
        const deps = { repository: own, hostname, random: () => 0.5 };
        for (const entry of compiled) {
          const expected = evaluateFlag(entry.flag, context, deps);
          const actual = entry.evaluate(context, resolveDeps(deps));
          // Collected and compared once: an expect per evaluation is most of this test's time.
          const got = `${actual.enabled}/${actual.variant?.name ?? 'disabled'}`;
          const want = `${expected.enabled}/${expected.variant.name}`;
          if (got !== want) mismatches.push(`${entry.flag.name} #${i} ${hostname}: ${got}, not ${want}`);
          if (actual.enabled) enabled++;
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(enabled).toBeGreaterThan(126);
  });

  it('compiles once per repository and answers unknown names off', () => {
    expect(compiledFlagsOf(repository)).toBe(compiledFlagsOf(repository));
    expect(evaluateCompiledOutcome('missing', {}, { repository })).toEqual({ enabled: false, variant: null });
  });
});
