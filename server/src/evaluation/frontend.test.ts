import { describe, expect, it } from 'vitest';
import type { ClientFeature } from '../../contract';
import { createFlagRepository } from './flag-repository';
import { evaluateFrontendToggles } from './frontend';

describe('evaluateFrontendToggles', () => {
  it('lists only enabled flags, in repository order, in the frontend API shape', () => {
    const features: ClientFeature[] = [
      { name: 'off', enabled: false, strategies: [], impressionData: true },
      {
        name: 'with-variant',
        enabled: true,
        impressionData: true,
        strategies: [
          {
            name: 'default',
            parameters: { groupId: 'with-variant' },
            variants: [
              {
                name: 'sv',
                weight: 1000,
                weightType: 'variable',
                stickiness: 'default',
                payload: { type: 'string', value: 'x' },
              },
            ],
          },
        ],
      },
      { name: 'plain', enabled: true, strategies: [], impressionData: null },
      {
        name: 'not-for-you',
        enabled: true,
        strategies: [{ name: 'userWithId', parameters: { userIds: 'other' } }],
      },
    ];
    const toggles = evaluateFrontendToggles(
      { userId: 'u1' },
      { repository: createFlagRepository({ features }), random: () => 0.5 },
    );
    expect(toggles).toStrictEqual([
      {
        name: 'with-variant',
        enabled: true,
        impressionData: true,
        variant: {
          name: 'sv',
          enabled: true,
          payload: { type: 'string', value: 'x' },
          feature_enabled: true,
          featureEnabled: true,
        },
      },
      {
        name: 'plain',
        enabled: true,
        impressionData: false,
        variant: { name: 'disabled', enabled: false, feature_enabled: true, featureEnabled: true },
      },
    ]);
  });
});
