// The seed: the same data created on both servers through the admin API. Its answers are compared
// like any other case, and the ids and secrets each server hands out are captured for later cases.
import type { CompatArea, CompatCase } from '../types';

const FEATURES = '/api/admin/projects/default/features';

function flag(id: string, name: string, type: string, extra: Record<string, unknown> = {}): CompatCase {
  return { id, method: 'POST', path: FEATURES, body: { name, type, description: `${type} flag`, ...extra } };
}

function strategy(id: string, feature: string, body: unknown, capture: string): CompatCase {
  return {
    id,
    method: 'POST',
    path: `${FEATURES}/${feature}/environments/development/strategies`,
    body,
    capture: { [capture]: 'id' },
  };
}

function enable(feature: string): CompatCase {
  return {
    id: `enable-${feature}`,
    method: 'POST',
    path: `${FEATURES}/{p}-${feature}/environments/development/on`,
  };
}

export const seed: CompatArea = {
  area: 'seed',
  cases: [
    {
      id: 'client-token',
      method: 'POST',
      path: '/api/admin/api-tokens',
      body: { tokenName: '{p}-client', type: 'client', environment: 'development', projects: ['*'] },
      capture: { clientToken: 'secret' },
    },
    {
      id: 'frontend-token',
      method: 'POST',
      path: '/api/admin/api-tokens',
      body: { tokenName: '{p}-frontend', type: 'frontend', environment: 'development', projects: ['*'] },
      capture: { frontendToken: 'secret' },
    },
    {
      id: 'context-field',
      method: 'POST',
      path: '/api/admin/context',
      body: {
        name: '{p}-region',
        description: 'Where the user is',
        stickiness: true,
        legalValues: [{ value: 'eu', description: 'Europe' }, { value: 'us' }],
      },
    },
    { id: 'context-number', method: 'POST', path: '/api/admin/context', body: { name: '{p}-age' } },
    {
      id: 'context-version',
      method: 'POST',
      path: '/api/admin/context',
      body: { name: '{p}-version', stickiness: false },
    },
    {
      id: 'tag-type',
      method: 'POST',
      path: '/api/admin/tag-types',
      body: { name: '{p}-team', description: 'Owning team', icon: '#' },
    },
    {
      id: 'segment',
      method: 'POST',
      path: '/api/admin/segments',
      body: {
        name: '{p}-beta',
        description: 'Beta users',
        constraints: [{ contextName: 'userId', operator: 'IN', values: ['u1', 'u2', 'u3'] }],
      },
      capture: { segmentId: 'id' },
    },
    flag('flag-release', '{p}-release', 'release', { impressionData: true }),
    flag('flag-experiment', '{p}-experiment', 'experiment'),
    flag('flag-operational', '{p}-ops', 'operational'),
    flag('flag-kill-switch', '{p}-kill', 'kill-switch'),
    flag('flag-permission', '{p}-perm', 'permission'),
    strategy(
      'strategy-flexible-rollout',
      '{p}-release',
      {
        name: 'flexibleRollout',
        parameters: { rollout: '100', stickiness: 'default', groupId: '{p}-release' },
        constraints: [{ contextName: '{p}-region', operator: 'IN', values: ['eu'] }],
        segments: ['{#segmentId}'],
      },
      'releaseStrategyId',
    ),
    strategy(
      'strategy-default-variants',
      '{p}-experiment',
      {
        name: 'default',
        constraints: [
          { contextName: 'userId', operator: 'STR_STARTS_WITH', values: ['U'], caseInsensitive: true },
          { contextName: '{p}-age', operator: 'NUM_GT', value: '18' },
        ],
        variants: [
          {
            name: 'blue',
            weight: 1000,
            weightType: 'variable',
            stickiness: 'default',
            payload: { type: 'string', value: 'b' },
          },
        ],
      },
      'experimentStrategyId',
    ),
    strategy(
      'strategy-user-stickiness',
      '{p}-ops',
      {
        name: 'flexibleRollout',
        parameters: { rollout: '50', stickiness: 'userId', groupId: 'ops' },
        constraints: [
          { contextName: 'currentTime', operator: 'DATE_AFTER', value: '2020-01-01T00:00:00.000Z' },
          { contextName: '{p}-version', operator: 'SEMVER_GTE', value: '1.0.0' },
        ],
      },
      'opsStrategyId',
    ),
    strategy(
      'strategy-inverted',
      '{p}-kill',
      {
        name: 'default',
        constraints: [{ contextName: 'appName', operator: 'NOT_IN', values: ['legacy'], inverted: true }],
      },
      'killStrategyId',
    ),
    strategy(
      'strategy-remote-address',
      '{p}-perm',
      {
        name: 'remoteAddress',
        parameters: { IPs: '127.0.0.1, 10.0.0.0/8' },
        constraints: [{ contextName: 'userId', operator: 'STR_ENDS_WITH', values: ['@example.com'] }],
      },
      'permStrategyId',
    ),
    ...['release', 'experiment', 'ops', 'kill', 'perm'].map(enable),
    {
      id: 'variants',
      method: 'PUT',
      path: `${FEATURES}/{p}-experiment/environments/development/variants`,
      body: [
        { name: 'a', weightType: 'variable', weight: 500, stickiness: 'default' },
        {
          name: 'b',
          weightType: 'fix',
          weight: 300,
          stickiness: 'default',
          payload: { type: 'json', value: '{"x":1}' },
        },
      ],
    },
    {
      id: 'dependency',
      method: 'POST',
      path: `${FEATURES}/{p}-ops/dependencies`,
      body: { feature: '{p}-release', enabled: true },
    },
    {
      id: 'tag-feature',
      method: 'POST',
      path: '/api/admin/features/{p}-release/tags',
      body: { type: '{p}-team', value: 'core' },
    },
    {
      id: 'tag-simple',
      method: 'POST',
      path: '/api/admin/features/{p}-experiment/tags',
      body: { type: 'simple', value: '{p}-tagged' },
    },
  ],
};
