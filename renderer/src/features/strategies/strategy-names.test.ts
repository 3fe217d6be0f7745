import { describe, expect, it } from 'vitest';
import { strategyDisplayName, strategyLabel } from './strategy-names';

describe('strategy names', () => {
  it.each([
    ['flexibleRollout', 'Gradual rollout'],
    ['default', 'Standard'],
    ['userWithId', 'User IDs'],
    ['remoteAddress', 'IPs'],
    ['applicationHostname', 'Hosts'],
  ])('calls %s %s', (name, shown) => {
    expect(strategyDisplayName(name)).toBe(shown);
  });

  it('uses a custom definition’s display name, else its API name', () => {
    const definitions = [
      { name: 'byTenant', displayName: 'By tenant' },
      { name: 'plain', displayName: null },
    ];
    expect(strategyDisplayName('byTenant', definitions)).toBe('By tenant');
    expect(strategyDisplayName('plain', definitions)).toBe('plain');
    expect(strategyDisplayName('unknown', definitions)).toBe('unknown');
  });

  it('prefers the strategy’s own title on a flag', () => {
    expect(strategyLabel({ name: 'flexibleRollout', title: 'QA first' })).toBe('QA first');
    expect(strategyLabel({ name: 'flexibleRollout', title: '' })).toBe('Gradual rollout');
  });
});
