import { describe, expect, it } from 'vitest';
import type { ClientFeature } from '../../contract';
import { createFlagRepository } from './flag-repository';
import { evaluateFrontendToggles, renderFrontendBody } from './frontend';

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

  it('renders the same text JSON.stringify gives, with an ETag that follows the body', () => {
    const features: ClientFeature[] = Array.from({ length: 30 }, (_, i) => ({
      name: `flag-${i}`,
      enabled: i % 5 !== 0,
      impressionData: i % 2 === 0,
      strategies: [
        {
          name: 'flexibleRollout',
          parameters: { rollout: String(20 + i * 2), stickiness: 'default', groupId: `flag-${i}` },
          constraints:
            i % 3 === 0 ? [{ contextName: 'appName', operator: 'IN' as const, values: ['web'] }] : [],
          variants:
            i % 4 === 0
              ? [
                  { name: 'a', weight: 500, weightType: 'variable', stickiness: 'default' },
                  {
                    name: 'b "quoted"',
                    weight: 500,
                    weightType: 'variable',
                    stickiness: 'default',
                    payload: { type: 'json', value: '{"x":1}' },
                  },
                ]
              : [],
        },
      ],
      variants: i % 4 === 1 ? [{ name: 'flag-variant', weight: 1000, stickiness: 'default' }] : [],
    }));
    const etags = new Map<string, string>();
    for (let user = 0; user < 40; user += 1) {
      const context = { userId: `user-${user}`, appName: user % 2 === 0 ? 'web' : 'ios' };
      // A fresh repository per call, as another instance or a reloaded snapshot would have.
      const deps = () => ({ repository: createFlagRepository({ features: structuredClone(features) }) });
      const rendered = renderFrontendBody(context, deps());
      expect(rendered.json).toBe(JSON.stringify({ toggles: evaluateFrontendToggles(context, deps()) }));
      expect(renderFrontendBody(context, deps()).etag).toBe(rendered.etag);
      const seen = etags.get(rendered.etag);
      if (seen !== undefined) expect(seen).toBe(rendered.json);
      etags.set(rendered.etag, rendered.json);
    }
    // Different users got different flag sets, so different validators.
    expect(new Set(etags.values()).size).toBeGreaterThan(5);
    expect(etags.size).toBe(new Set(etags.values()).size);
  });
});
