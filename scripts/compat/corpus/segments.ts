// Segments and context fields.
import type { CompatArea } from '../types';

const SEG = '/api/admin/segments';
const CTX = '/api/admin/context';

export const segments: CompatArea = {
  area: 'segments',
  cases: [
    { id: 'list', method: 'GET', path: SEG, scope: ['segments'] },
    { id: 'get', method: 'GET', path: `${SEG}/{segmentId}` },
    { id: 'get-missing', method: 'GET', path: `${SEG}/987654` },
    { id: 'get-not-a-number', method: 'GET', path: `${SEG}/abc` },
    { id: 'create-duplicate', method: 'POST', path: SEG, body: { name: '{p}-beta', constraints: [] } },
    { id: 'create-missing-constraints', method: 'POST', path: SEG, body: { name: '{p}-noconstraints' } },
    {
      id: 'create-name-number',
      method: 'POST',
      path: SEG,
      body: { name: 5, constraints: [] },
      capture: { numberSegmentId: 'id' },
    },
    {
      id: 'create-bad-constraint',
      method: 'POST',
      path: SEG,
      body: { name: '{p}-badc', constraints: [{ contextName: 'userId', operator: 'IN', values: [] }] },
    },
    {
      id: 'create-temp',
      method: 'POST',
      path: SEG,
      body: { name: '{p}-temp', constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }] },
      capture: { tempSegmentId: 'id' },
    },
    { id: 'validate-existing', method: 'POST', path: `${SEG}/validate`, body: { name: '{p}-beta' } },
    { id: 'validate-new', method: 'POST', path: `${SEG}/validate`, body: { name: '{p}-fresh' } },
    { id: 'validate-missing-name', method: 'POST', path: `${SEG}/validate`, body: {} },
    {
      id: 'update',
      method: 'PUT',
      path: `${SEG}/{tempSegmentId}`,
      body: { name: '{p}-temp', description: 'changed', constraints: [] },
    },
    {
      id: 'update-without-constraints',
      method: 'PUT',
      path: `${SEG}/{tempSegmentId}`,
      body: { name: '{p}-temp' },
    },
    {
      id: 'update-to-taken-name',
      method: 'PUT',
      path: `${SEG}/{tempSegmentId}`,
      body: { name: '{p}-beta', constraints: [] },
    },
    { id: 'strategies-of-segment', method: 'GET', path: `${SEG}/{segmentId}/strategies`, unordered: true },
    { id: 'segments-of-strategy', method: 'GET', path: `${SEG}/strategies/{releaseStrategyId}` },
    { id: 'delete-in-use', method: 'DELETE', path: `${SEG}/{segmentId}` },
    { id: 'delete', method: 'DELETE', path: `${SEG}/{tempSegmentId}` },
    { id: 'delete-missing', method: 'DELETE', path: `${SEG}/987654` },
  ],
};

export const context: CompatArea = {
  area: 'context',
  cases: [
    { id: 'list', method: 'GET', path: CTX, scope: [''] },
    { id: 'get', method: 'GET', path: `${CTX}/{p}-region` },
    {
      id: 'get-builtin',
      method: 'GET',
      path: `${CTX}/userId`,
      ignoreKeys: ['usedInFeatures', 'usedInProjects'],
    },
    { id: 'get-missing', method: 'GET', path: `${CTX}/{p}-nope` },
    { id: 'create-duplicate', method: 'POST', path: CTX, body: { name: '{p}-region' } },
    { id: 'create-not-url-friendly', method: 'POST', path: CTX, body: { name: '{p} region' } },
    { id: 'create-missing-name', method: 'POST', path: CTX, body: { description: 'x' } },
    {
      id: 'create-legal-values-wrong',
      method: 'POST',
      path: CTX,
      body: { name: '{p}-lv', legalValues: ['a'] },
    },
    { id: 'validate-existing', method: 'POST', path: `${CTX}/validate`, body: { name: '{p}-region' } },
    { id: 'validate-new', method: 'POST', path: `${CTX}/validate`, body: { name: '{p}-fresh' } },
    {
      id: 'update',
      method: 'PUT',
      path: `${CTX}/{p}-region`,
      body: {
        name: '{p}-region',
        description: 'Region',
        stickiness: true,
        legalValues: [{ value: 'eu' }, { value: 'us' }],
      },
    },
    { id: 'update-missing', method: 'PUT', path: `${CTX}/{p}-nope`, body: { name: '{p}-nope' } },
    {
      id: 'add-legal-value',
      method: 'POST',
      path: `${CTX}/{p}-region/legal-values`,
      body: { value: 'apac' },
    },
    { id: 'add-legal-value-bad', method: 'POST', path: `${CTX}/{p}-region/legal-values`, body: { value: 3 } },
    { id: 'delete-legal-value', method: 'DELETE', path: `${CTX}/{p}-region/legal-values/apac` },
    { id: 'get-after-legal-values', method: 'GET', path: `${CTX}/{p}-region` },
    { id: 'strategies-using', method: 'GET', path: `${CTX}/{p}-region/strategies`, unordered: true },
    { id: 'create-temp', method: 'POST', path: CTX, body: { name: '{p}-temp', description: 'temporary' } },
    { id: 'delete', method: 'DELETE', path: `${CTX}/{p}-temp` },
    { id: 'delete-missing', method: 'DELETE', path: `${CTX}/{p}-nope` },
  ],
};
