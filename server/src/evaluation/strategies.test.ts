import { describe, expect, it } from 'vitest';
import type { Context, StrategyParameters } from '../../contract';
import { BUILT_IN_STRATEGIES, type StrategyEnvironment } from './strategies';

// normalizedStrategyValue('123', 'f1') is 52 (shared/unleash/API.md §5.7).
const env: StrategyEnvironment = { featureName: 'flag', hostname: 'Build-01', random: () => 0.5 };

function run(
  name: string,
  parameters: StrategyParameters,
  context: Context,
  overrides: Partial<StrategyEnvironment> = {},
) {
  return BUILT_IN_STRATEGIES.get(name)!(parameters, context, { ...env, ...overrides });
}

describe('flexibleRollout', () => {
  it('buckets the stickiness id into 1..100', () => {
    const parameters = { rollout: '52', stickiness: 'userId', groupId: 'f1' };
    expect(run('flexibleRollout', parameters, { userId: '123' })).toBe(true);
    expect(run('flexibleRollout', { ...parameters, rollout: '51' }, { userId: '123' })).toBe(false);
    expect(run('flexibleRollout', { ...parameters, rollout: '0' }, { userId: '123' })).toBe(false);
  });

  it('default stickiness uses userId, then sessionId, then a random id', () => {
    const parameters = { rollout: '52', stickiness: 'default', groupId: 'f1' };
    expect(run('flexibleRollout', parameters, { sessionId: '123' })).toBe(true);
    expect(run('flexibleRollout', { ...parameters, rollout: '51' }, { userId: '123', sessionId: 'x' })).toBe(
      false,
    );
    expect(run('flexibleRollout', { ...parameters, rollout: '100' }, {})).toBe(true);
  });

  it('random stickiness draws from the injected random source', () => {
    const parameters = { rollout: '50', stickiness: 'random', groupId: 'g' };
    const draws = [0, 0.25, 0.5, 0.75, 0.999].map((r) =>
      run('flexibleRollout', parameters, {}, { random: () => r }),
    );
    expect(draws).toContain(true);
    expect(draws).toContain(false);
  });

  it('custom stickiness reads the field and is off when it is missing', () => {
    const parameters = { rollout: '52', stickiness: 'tenant', groupId: 'f1' };
    expect(run('flexibleRollout', parameters, { properties: { tenant: '123' } })).toBe(true);
    expect(run('flexibleRollout', { ...parameters, rollout: '100' }, { userId: '123' })).toBe(false);
  });
});

describe('legacy and address strategies', () => {
  it('userWithId splits on commas with surrounding whitespace', () => {
    expect(run('userWithId', { userIds: 'a, b ,c' }, { userId: 'b' })).toBe(true);
    expect(run('userWithId', { userIds: 'a, b ,c' }, { userId: 'd' })).toBe(false);
    expect(run('userWithId', { userIds: 'a' }, {})).toBe(false);
  });

  it('gradualRolloutUserId and gradualRolloutSessionId need their id', () => {
    expect(run('gradualRolloutUserId', { percentage: '52', groupId: 'f1' }, { userId: '123' })).toBe(true);
    expect(run('gradualRolloutUserId', { percentage: '51', groupId: 'f1' }, { userId: '123' })).toBe(false);
    expect(run('gradualRolloutUserId', { percentage: '100', groupId: 'f1' }, { sessionId: '123' })).toBe(
      false,
    );
    expect(run('gradualRolloutSessionId', { percentage: '52', groupId: 'f1' }, { sessionId: '123' })).toBe(
      true,
    );
  });

  it('gradualRolloutRandom compares the percentage with a draw in 1..100', () => {
    expect(run('gradualRolloutRandom', { percentage: '50' }, {}, { random: () => 0.49 })).toBe(true);
    expect(run('gradualRolloutRandom', { percentage: '50' }, {}, { random: () => 0.5 })).toBe(false);
    expect(run('gradualRolloutRandom', { percentage: '100' }, {}, { random: () => 0.999 })).toBe(true);
  });

  it('remoteAddress matches exact entries and IPv4 CIDRs, skipping invalid ones', () => {
    const parameters = { IPs: '192.168.0.1, 192.invalid, 10.0.0.0/8, 2001:db8::1' };
    expect(run('remoteAddress', parameters, { remoteAddress: '10.9.8.7' })).toBe(true);
    expect(run('remoteAddress', parameters, { remoteAddress: '192.168.0.1' })).toBe(true);
    expect(run('remoteAddress', parameters, { remoteAddress: '2001:db8::1' })).toBe(true);
    expect(run('remoteAddress', parameters, { remoteAddress: '192.168.0.2' })).toBe(false);
    expect(run('remoteAddress', parameters, {})).toBe(false);
  });

  it('applicationHostname compares case-insensitively with the injected hostname', () => {
    expect(run('applicationHostname', { hostNames: 'other, build-01' }, {})).toBe(true);
    expect(run('applicationHostname', { hostNames: 'other' }, {})).toBe(false);
    expect(run('applicationHostname', { hostNames: 'build-01' }, {}, { hostname: undefined })).toBe(false);
  });

  it('default is always on', () => {
    expect(run('default', {}, {})).toBe(true);
  });
});
