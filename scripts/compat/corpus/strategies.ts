// Strategies on flags, constraint validation, and strategy types.
import type { CompatArea, CompatCase } from '../types';
import { divergingAdmin } from './admin-misc';

const S = '/api/admin/projects/default/features/{p}-clone/environments/development/strategies';

function add(id: string, body: unknown, path = S): CompatCase {
  return { id, method: 'POST', path, body };
}

function constraint(id: string, body: unknown): CompatCase {
  return { id: `constraint-${id}`, method: 'POST', path: '/api/admin/constraints/validate', body };
}

export const strategies: CompatArea = {
  area: 'strategies',
  cases: [
    {
      id: 'list',
      method: 'GET',
      path: '/api/admin/projects/default/features/{p}-release/environments/development/strategies',
    },
    {
      id: 'get',
      method: 'GET',
      path: '/api/admin/projects/default/features/{p}-release/environments/development/strategies/{releaseStrategyId}',
    },
    { id: 'get-missing', method: 'GET', path: `${S}/00000000-0000-4000-8000-000000000000` },
    add('unknown-type', { name: 'noSuchStrategy' }),
    add('missing-segment', { name: 'default', segments: [987654] }),
    add('constraint-extra-property', {
      name: 'default',
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'], extra: 1 }],
    }),
    add('parameters-number', { name: 'flexibleRollout', parameters: { rollout: 50 } }),
    add('missing-name', { parameters: {} }),
    add(
      'unknown-environment',
      { name: 'default' },
      '/api/admin/projects/default/features/{p}-clone/environments/no-such-env/strategies',
    ),
    add(
      'missing-flag',
      { name: 'default' },
      '/api/admin/projects/default/features/{p}-nope/environments/development/strategies',
    ),
    {
      ...add('flexible', {
        name: 'flexibleRollout',
        title: 'Half',
        parameters: { rollout: '50', stickiness: 'userId', groupId: '{p}-clone' },
        constraints: [{ contextName: 'sessionId', operator: 'STR_CONTAINS', values: ['abc'] }],
      }),
      capture: { cloneStrategyId: 'id' },
    },
    {
      id: 'update',
      method: 'PUT',
      path: `${S}/{cloneStrategyId}`,
      body: {
        name: 'flexibleRollout',
        parameters: { rollout: '25', stickiness: 'default', groupId: 'g' },
        constraints: [],
      },
    },
    {
      id: 'patch',
      method: 'PATCH',
      path: `${S}/{cloneStrategyId}`,
      body: [{ op: 'replace', path: '/parameters/rollout', value: '10' }],
    },
    {
      id: 'set-sort-order',
      method: 'POST',
      path: `${S}/set-sort-order`,
      body: [{ id: '{cloneStrategyId}', sortOrder: 3 }],
    },
    // Probed by hand (issue 31 §4): a second strategy, then a reorder that changes the order (one
    // strategy-order-changed event) and new numbers in the same order (no event in Unleash 8.2).
    { ...add('add-second', { name: 'default' }), capture: { secondStrategyId: 'id' } },
    {
      id: 'reorder',
      method: 'POST',
      path: `${S}/set-sort-order`,
      body: [
        { id: '{secondStrategyId}', sortOrder: 1 },
        { id: '{cloneStrategyId}', sortOrder: 5 },
      ],
    },
    {
      id: 'renumber-same-order',
      method: 'POST',
      path: `${S}/set-sort-order`,
      body: [
        { id: '{secondStrategyId}', sortOrder: 2 },
        { id: '{cloneStrategyId}', sortOrder: 9 },
      ],
    },
    { id: 'list-reordered', method: 'GET', path: S },
    { id: 'delete-second', method: 'DELETE', path: `${S}/{secondStrategyId}` },
    { id: 'delete', method: 'DELETE', path: `${S}/{cloneStrategyId}` },
    { id: 'delete-again', method: 'DELETE', path: `${S}/{cloneStrategyId}` },
    constraint('valid-in', { contextName: 'userId', operator: 'IN', values: ['a', 'b'] }),
    constraint('undeclared-field', { contextName: '{p}-undeclared', operator: 'IN', values: ['a'] }),
    constraint('num-not-number', { contextName: '{p}-age', operator: 'NUM_EQ', value: 'abc' }),
    constraint('semver-v-prefix', { contextName: '{p}-version', operator: 'SEMVER_EQ', value: 'v1.0.0' }),
    constraint('date-invalid', { contextName: 'currentTime', operator: 'DATE_BEFORE', value: 'not-a-date' }),
    constraint('regex-invalid', { contextName: 'userId', operator: 'REGEX', value: '(' }),
    constraint('regex-inverted', { contextName: 'userId', operator: 'REGEX', value: 'a.*', inverted: true }),
    constraint('in-empty', { contextName: 'userId', operator: 'IN', values: [] }),
    constraint('illegal-value', { contextName: '{p}-region', operator: 'IN', values: ['xx'] }),
    constraint('legal-value', { contextName: '{p}-region', operator: 'IN', values: ['us'] }),
    constraint('unknown-operator', { contextName: 'userId', operator: 'LIKE', values: ['a'] }),
    constraint('extra-property', { contextName: 'userId', operator: 'IN', values: ['a'], extra: true }),
    constraint('missing-operator', { contextName: 'userId', values: ['a'] }),
    constraint('values-not-array', { contextName: 'userId', operator: 'IN', values: 'a' }),
    { id: 'types', method: 'GET', path: '/api/admin/strategies', scope: ['strategies'] },
    { id: 'type-default', method: 'GET', path: '/api/admin/strategies/default' },
    { id: 'type-missing', method: 'GET', path: '/api/admin/strategies/{p}-nope' },
    {
      id: 'type-create',
      method: 'POST',
      path: '/api/admin/strategies',
      body: {
        name: '{p}-custom',
        description: 'A custom strategy',
        parameters: [{ name: 'level', type: 'string', description: 'Level', required: false }],
      },
    },
    {
      id: 'type-duplicate',
      method: 'POST',
      path: '/api/admin/strategies',
      body: { name: '{p}-custom', parameters: [] },
    },
    {
      id: 'type-builtin-duplicate',
      method: 'POST',
      path: '/api/admin/strategies',
      body: { name: 'default', parameters: [] },
    },
    { id: 'type-get', method: 'GET', path: '/api/admin/strategies/{p}-custom' },
    {
      id: 'type-update',
      method: 'PUT',
      path: '/api/admin/strategies/{p}-custom',
      body: { name: '{p}-custom', description: 'updated', parameters: [] },
    },
    { id: 'type-deprecate', method: 'POST', path: '/api/admin/strategies/{p}-custom/deprecate' },
    { id: 'type-reactivate', method: 'POST', path: '/api/admin/strategies/{p}-custom/reactivate' },
    { id: 'type-deprecate-missing', method: 'POST', path: '/api/admin/strategies/{p}-nope/deprecate' },
    { id: 'type-delete-builtin', method: 'DELETE', path: '/api/admin/strategies/default' },
    { id: 'type-delete', method: 'DELETE', path: '/api/admin/strategies/{p}-custom' },
  ],
};

// Cases where the two servers disagree on whether to create something: run last, so the extra
// strategy on one side does not show up as a difference in every later listing.
export const diverging: CompatArea = {
  area: 'diverging',
  cases: [
    ...divergingAdmin,
    add('user-with-id', { name: 'userWithId', parameters: { userIds: 'u1' } }),
    add('constraint-undeclared-field', {
      name: 'default',
      constraints: [{ contextName: '{p}-undeclared', operator: 'IN', values: ['a'] }],
    }),
  ],
};
