// Flags: create, read, update, patch, clone, validate, archive, revive, stale, search.
import type { CompatArea, CompatCase } from '../types';

const F = '/api/admin/projects/default/features';

function create(id: string, body: unknown): CompatCase {
  return { id, method: 'POST', path: F, body };
}

export const features: CompatArea = {
  area: 'features',
  cases: [
    { id: 'list', method: 'GET', path: F, scope: ['features'], unordered: true },
    { id: 'get', method: 'GET', path: `${F}/{p}-release` },
    { id: 'get-with-dependency', method: 'GET', path: `${F}/{p}-ops` },
    { id: 'get-missing', method: 'GET', path: `${F}/{p}-nope` },
    { id: 'get-unknown-project', method: 'GET', path: '/api/admin/projects/{p}-noproj/features/{p}-release' },
    create('create-duplicate', { name: '{p}-release', type: 'release' }),
    create('create-not-url-friendly', { name: '{p} has space', type: 'release' }),
    create('create-dot', { name: '.', type: 'release' }),
    create('create-too-long', { name: `{p}-${'x'.repeat(100)}`, type: 'release' }),
    create('create-unknown-type', { name: '{p}-typo', type: 'no-such-type' }),
    create('create-missing-name', { type: 'release' }),
    create('create-name-number', { name: 123, type: 'release' }),
    create('create-description-number', { name: '{p}-descnum', description: 7 }),
    create('create-impression-string', { name: '{p}-impr', impressionData: 'yes' }),
    create('create-extra-property', { name: '{p}-extra', type: 'release', colour: 'red' }),
    { id: 'create-malformed-json', method: 'POST', path: F, raw: '{"name": ' },
    { id: 'create-text-plain', method: 'POST', path: F, raw: 'name={p}-text', contentType: 'text/plain' },
    create('create-temp', { name: '{p}-temp', type: 'experiment', description: 'temporary' }),
    {
      id: 'update',
      method: 'PUT',
      path: `${F}/{p}-temp`,
      body: { description: 'changed', type: 'operational', stale: false, impressionData: true },
    },
    { id: 'update-missing', method: 'PUT', path: `${F}/{p}-nope`, body: { description: 'x' } },
    {
      id: 'patch',
      method: 'PATCH',
      path: `${F}/{p}-temp`,
      body: [{ op: 'replace', path: '/description', value: 'patched' }],
    },
    {
      id: 'patch-bad-op',
      method: 'PATCH',
      path: `${F}/{p}-temp`,
      body: [{ op: 'nope', path: '/description' }],
    },
    { id: 'patch-not-array', method: 'PATCH', path: `${F}/{p}-temp`, body: { op: 'replace' } },
    {
      id: 'validate-existing',
      method: 'POST',
      path: '/api/admin/features/validate',
      body: { name: '{p}-release' },
    },
    { id: 'validate-free', method: 'POST', path: '/api/admin/features/validate', body: { name: '{p}-free' } },
    { id: 'validate-bad-name', method: 'POST', path: '/api/admin/features/validate', body: { name: 'a b' } },
    { id: 'validate-missing-name', method: 'POST', path: '/api/admin/features/validate', body: {} },
    {
      id: 'validate-text-plain',
      method: 'POST',
      path: '/api/admin/features/validate',
      raw: '{p}-x',
      contentType: 'text/plain',
    },
    { id: 'clone', method: 'POST', path: `${F}/{p}-release/clone`, body: { name: '{p}-clone' } },
    {
      id: 'clone-existing',
      method: 'POST',
      path: `${F}/{p}-release/clone`,
      body: { name: '{p}-experiment' },
    },
    { id: 'clone-missing-source', method: 'POST', path: `${F}/{p}-nope/clone`, body: { name: '{p}-copy' } },
    // Unleash records a new flag's lifecycle stage from its event log in the background: without a
    // pause its answer sometimes lacks `lifecycle` right after the clone.
    { id: 'get-clone', method: 'GET', path: `${F}/{p}-clone`, waitMs: 2000 },
    { id: 'environment', method: 'GET', path: `${F}/{p}-release/environments/development` },
    { id: 'environment-unknown', method: 'GET', path: `${F}/{p}-release/environments/no-such-env` },
    { id: 'on-unknown-environment', method: 'POST', path: `${F}/{p}-temp/environments/no-such-env/on` },
    { id: 'on', method: 'POST', path: `${F}/{p}-temp/environments/development/on` },
    { id: 'off', method: 'POST', path: `${F}/{p}-temp/environments/development/off` },
    {
      id: 'stale',
      method: 'POST',
      path: '/api/admin/projects/default/stale',
      body: { features: ['{p}-clone'], stale: true },
    },
    {
      id: 'archive-validate',
      method: 'POST',
      path: '/api/admin/projects/default/archive/validate',
      body: { features: ['{p}-release', '{p}-temp'] },
    },
    { id: 'archive', method: 'DELETE', path: `${F}/{p}-temp` },
    { id: 'get-archived', method: 'GET', path: `${F}/{p}-temp` },
    { id: 'archive-missing', method: 'DELETE', path: `${F}/{p}-nope` },
    { id: 'revive', method: 'POST', path: '/api/admin/archive/revive/{p}-temp' },
    { id: 'revive-missing', method: 'POST', path: '/api/admin/archive/revive/{p}-nope' },
    {
      id: 'search',
      method: 'GET',
      path: '/api/admin/search/features?query={p}-re&project=IS:default',
      scope: ['features'],
      ignoreKeys: ['total'],
    },
    { id: 'feature-types', method: 'GET', path: '/api/admin/feature-types' },
    // Probed by hand (issue 31 §4): flags created with an admin token name its pseudo user.
    { id: 'flag-creators', method: 'GET', path: '/api/admin/projects/default/flag-creators' },
    { id: 'lifecycle', method: 'GET', path: `${F}/{p}-release/lifecycle` },
  ],
};
