import { describe, expect, it } from 'vitest';
import { momentsOf } from './moments';
import { requiredUsersPerVariant } from './power';

describe('users needed for 80% power at the observed effect', () => {
  it('matches the reference value', () => {
    // `python3 reference-values.py` (this folder): (norm.ppf(0.975) + norm.ppf(0.8))² · V / lift², V the
    // per-user delta-method variance of the relative lift; control 1000/10000, treatment 1100/10050.
    const control = momentsOf({ users: 10000, sum: 1000, sumSquares: 1000 }, 'binomial');
    const treatment = momentsOf({ users: 10050, sum: 1100, sumSquares: 1100 }, 'binomial');
    expect(requiredUsersPerVariant(control, treatment)).toBe(18035);
  });

  it('needs more users for a smaller effect, and has no answer without one', () => {
    const control = momentsOf({ users: 1000, sum: 100, sumSquares: 100 }, 'binomial');
    const big = momentsOf({ users: 1000, sum: 150, sumSquares: 150 }, 'binomial');
    const small = momentsOf({ users: 1000, sum: 110, sumSquares: 110 }, 'binomial');
    expect(requiredUsersPerVariant(control, small)).toBeGreaterThan(
      requiredUsersPerVariant(control, big) ?? 0,
    );
    expect(requiredUsersPerVariant(control, control)).toBeNull();
    expect(requiredUsersPerVariant(null, big)).toBeNull();
    const zero = momentsOf({ users: 1000, sum: 0, sumSquares: 0 }, 'binomial');
    expect(requiredUsersPerVariant(zero, big)).toBeNull();
  });
});
