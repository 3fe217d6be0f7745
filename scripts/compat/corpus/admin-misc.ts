// Environments, projects, variants and dependencies, API tokens, events.
import type { CompatArea, CompatCase } from '../types';

const F = '/api/admin/projects/default/features';
// Counters that depend on everything else living on a long-lived reference server.
const COUNTERS = [
  'projectCount',
  'apiTokenCount',
  'projectApiTokenCount',
  'enabledToggleCount',
  'featureCount',
  'memberCount',
  'health',
  'technicalDebt',
];

export const environments: CompatArea = {
  area: 'environments',
  cases: [
    { id: 'list', method: 'GET', path: '/api/admin/environments', ignoreKeys: COUNTERS },
    { id: 'get', method: 'GET', path: '/api/admin/environments/development', ignoreKeys: COUNTERS },
    { id: 'get-missing', method: 'GET', path: '/api/admin/environments/{p}-nope' },
    {
      id: 'of-project',
      method: 'GET',
      path: '/api/admin/environments/project/default',
      ignoreKeys: COUNTERS,
    },
    {
      id: 'of-missing-project',
      method: 'GET',
      path: '/api/admin/environments/project/{p}-nope',
      ignoreKeys: ['projectApiTokenCount'],
    },
    // projectApiTokenCount counts the wildcard tokens living on the reference: its shape only.
    {
      id: 'of-project-shape',
      method: 'GET',
      path: '/api/admin/environments/project/default',
      compare: 'shape',
    },
    { id: 'projects', method: 'GET', path: '/api/admin/projects', ignoreKeys: COUNTERS, compare: 'shape' },
    { id: 'project-overview', method: 'GET', path: '/api/admin/projects/default/overview', compare: 'shape' },
    { id: 'project-missing', method: 'GET', path: '/api/admin/projects/{p}-nope/overview' },
  ],
};

export const variants: CompatArea = {
  area: 'variants',
  cases: [
    { id: 'get', method: 'GET', path: `${F}/{p}-experiment/environments/development/variants` },
    {
      id: 'no-variable',
      method: 'PUT',
      path: `${F}/{p}-experiment/environments/development/variants`,
      body: [{ name: 'a', weightType: 'fix', weight: 1000, stickiness: 'default' }],
    },
    {
      id: 'weight-string',
      method: 'PUT',
      path: `${F}/{p}-experiment/environments/development/variants`,
      body: [{ name: 'a', weightType: 'variable', weight: 'heavy', stickiness: 'default' }],
    },
    {
      id: 'patch',
      method: 'PATCH',
      path: `${F}/{p}-experiment/environments/development/variants`,
      body: [
        {
          op: 'add',
          path: '/-',
          value: { name: 'c', weightType: 'variable', weight: 0, stickiness: 'default' },
        },
      ],
    },
    {
      id: 'batch',
      method: 'PUT',
      path: `${F}/{p}-clone/variants-batch`,
      body: {
        variants: [{ name: 'x', weightType: 'variable', weight: 1000, stickiness: 'default' }],
        environments: ['development'],
      },
    },
    { id: 'missing-flag', method: 'GET', path: `${F}/{p}-nope/environments/development/variants` },
    {
      id: 'dependency-self',
      method: 'POST',
      path: `${F}/{p}-kill/dependencies`,
      body: { feature: '{p}-kill' },
    },
    {
      id: 'dependency-missing-parent',
      method: 'POST',
      path: `${F}/{p}-kill/dependencies`,
      body: { feature: '{p}-nope' },
    },
    {
      id: 'dependency-transitive',
      method: 'POST',
      path: `${F}/{p}-release/dependencies`,
      body: { feature: '{p}-kill' },
    },
    {
      id: 'dependency-no-feature',
      method: 'POST',
      path: `${F}/{p}-kill/dependencies`,
      body: { enabled: true },
    },
    {
      id: 'dependency-variants',
      method: 'POST',
      path: `${F}/{p}-kill/dependencies`,
      body: { feature: '{p}-experiment', enabled: true, variants: ['a'] },
    },
    { id: 'parents', method: 'GET', path: `${F}/{p}-perm/parents`, compare: 'shape' },
    { id: 'parent-variants', method: 'GET', path: `${F}/{p}-experiment/parent-variants` },
    { id: 'dependencies-exist', method: 'GET', path: '/api/admin/projects/default/dependencies' },
    { id: 'dependency-delete-one', method: 'DELETE', path: `${F}/{p}-kill/dependencies/{p}-experiment` },
  ],
};

export const apiTokens: CompatArea = {
  area: 'api-tokens',
  cases: [
    { id: 'list', method: 'GET', path: '/api/admin/api-tokens', scope: ['tokens'], unordered: true },
    { id: 'by-name', method: 'GET', path: '/api/admin/api-tokens/{p}-client' },
    {
      id: 'missing-name',
      method: 'POST',
      path: '/api/admin/api-tokens',
      body: { type: 'client', environment: 'development' },
    },
    {
      id: 'unknown-environment',
      method: 'POST',
      path: '/api/admin/api-tokens',
      body: { tokenName: '{p}-x', type: 'client', environment: 'no-such-env', projects: ['*'] },
    },
    {
      id: 'unknown-type',
      method: 'POST',
      path: '/api/admin/api-tokens',
      body: { tokenName: '{p}-x', type: 'root' },
    },
    {
      id: 'frontend-all-environments',
      method: 'POST',
      path: '/api/admin/api-tokens',
      body: { tokenName: '{p}-x', type: 'frontend', environment: '*', projects: ['*'] },
    },
    {
      id: 'backend-type',
      method: 'POST',
      path: '/api/admin/api-tokens',
      body: { tokenName: '{p}-backend', type: 'backend', environment: 'development', projects: ['default'] },
      capture: { backendToken: 'secret' },
    },
    {
      id: 'update-expiry',
      method: 'PUT',
      path: '/api/admin/api-tokens/{backendToken}',
      body: { expiresAt: '2099-01-01T00:00:00.000Z' },
    },
    { id: 'update-no-expiry', method: 'PUT', path: '/api/admin/api-tokens/{backendToken}', body: {} },
    { id: 'delete', method: 'DELETE', path: '/api/admin/api-tokens/{backendToken}' },
    { id: 'delete-missing', method: 'DELETE', path: '/api/admin/api-tokens/{p}-nope' },
    {
      id: 'project-tokens',
      method: 'GET',
      path: '/api/admin/projects/default/api-tokens',
      scope: ['tokens'],
    },
  ],
};

// Both servers saw the same admin calls in the same order: the events they logged are compared by
// type, flag, environment and project (the payloads' shapes are compared in `list-shape`).
const EVENT_KEYS = { path: 'events', keys: ['type', 'featureName', 'environment', 'project'] };
// The whole log holds several flags' events: type and flag only, so one extra event shifts less.
const LOG_KEYS = { path: 'events', keys: ['type', 'featureName'] };

export const events: CompatArea = {
  area: 'events',
  cases: [
    {
      id: 'list',
      method: 'GET',
      path: '/api/admin/events',
      scope: ['events'],
      pick: LOG_KEYS,
      unordered: true,
      // The long-lived reference's log also holds the events of earlier runs.
      ignoreKeys: ['totalEvents'],
    },
    { id: 'list-shape', method: 'GET', path: '/api/admin/events', scope: ['events'], compare: 'shape' },
    {
      id: 'of-flag',
      method: 'GET',
      path: '/api/admin/events/{p}-release',
      pick: EVENT_KEYS,
      unordered: true,
    },
    {
      id: 'search',
      method: 'GET',
      path: '/api/admin/search/events?feature=IS:{p}-release',
      pick: EVENT_KEYS,
      unordered: true,
    },
    // Payload shapes of one flag's events, newest first (label/summary: see known.ts).
    {
      id: 'search-shape',
      method: 'GET',
      path: '/api/admin/search/events?feature=IS:{p}-release',
      compare: 'shape',
    },
    { id: 'search-bad-limit', method: 'GET', path: '/api/admin/search/events?limit=abc', compare: 'status' },
    { id: 'creators', method: 'GET', path: '/api/admin/event-creators', compare: 'shape' },
  ],
};

// Environments and projects: Enterprise-only in Unleash OSS (404 there), so what ours creates would
// surface in every later listing and in the event log; they run last, in `diverging`.
export const divergingAdmin: CompatCase[] = [
  {
    id: 'create-environment',
    method: 'POST',
    path: '/api/admin/environments',
    body: { name: '{p}-env', type: 'test' },
  },
  {
    id: 'create-project',
    method: 'POST',
    path: '/api/admin/projects',
    body: { id: '{p}-proj', name: '{p}-proj' },
  },
];
