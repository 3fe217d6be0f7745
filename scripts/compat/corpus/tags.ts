// Tag types and tags on flags.
import type { CompatArea } from '../types';

const TT = '/api/admin/tag-types';
const FT = '/api/admin/features/{p}-release/tags';

export const tags: CompatArea = {
  area: 'tags',
  cases: [
    { id: 'types', method: 'GET', path: TT, scope: ['tagTypes'] },
    { id: 'type-get', method: 'GET', path: `${TT}/{p}-team` },
    { id: 'type-get-missing', method: 'GET', path: `${TT}/{p}-nope` },
    { id: 'type-duplicate', method: 'POST', path: TT, body: { name: '{p}-team' } },
    { id: 'type-not-url-friendly', method: 'POST', path: TT, body: { name: '{p} team' } },
    { id: 'type-validate-existing', method: 'POST', path: `${TT}/validate`, body: { name: 'simple' } },
    { id: 'type-validate-short', method: 'POST', path: `${TT}/validate`, body: { name: 'a' } },
    { id: 'type-validate-new', method: 'POST', path: `${TT}/validate`, body: { name: '{p}-fresh' } },
    { id: 'type-update', method: 'PUT', path: `${TT}/{p}-team`, body: { description: 'Team', icon: 'T' } },
    { id: 'flag-tags', method: 'GET', path: FT },
    { id: 'flag-tags-missing-flag', method: 'GET', path: '/api/admin/features/{p}-nope/tags' },
    { id: 'add-short-value', method: 'POST', path: FT, body: { type: '{p}-team', value: 'a' } },
    { id: 'add-unknown-type', method: 'POST', path: FT, body: { type: '{p}-nope', value: 'core' } },
    {
      id: 'update-unknown-type',
      method: 'PUT',
      path: FT,
      body: { addedTags: [{ type: '{p}-nope', value: 'core' }], removedTags: [] },
    },
    { id: 'add-missing-type', method: 'POST', path: FT, body: { value: 'core' } },
    { id: 'add-duplicate', method: 'POST', path: FT, body: { type: '{p}-team', value: 'core' } },
    {
      id: 'add-missing-flag',
      method: 'POST',
      path: '/api/admin/features/{p}-nope/tags',
      body: { type: 'simple', value: 'xy' },
    },
    {
      id: 'update-tags',
      method: 'PUT',
      path: FT,
      body: {
        addedTags: [{ type: '{p}-team', value: 'platform' }],
        removedTags: [{ type: '{p}-team', value: 'core' }],
      },
    },
    { id: 'flag-tags-after-update', method: 'GET', path: FT, unordered: true },
    { id: 'remove', method: 'DELETE', path: `${FT}/{p}-team/platform` },
    { id: 'remove-missing', method: 'DELETE', path: `${FT}/{p}-team/nothing` },
    // Probed by hand (issue 31 §4): several tags at once, one of them already on the flag.
    {
      id: 'update-several',
      method: 'PUT',
      path: FT,
      body: {
        addedTags: [
          { type: 'simple', value: '{p}-one' },
          { type: 'simple', value: '{p}-two' },
        ],
        removedTags: [{ type: 'simple', value: '{p}-absent' }],
      },
    },
    {
      id: 'add-one-again',
      method: 'PUT',
      path: FT,
      body: { addedTags: [{ type: 'simple', value: '{p}-one' }], removedTags: [] },
    },
    { id: 'flag-tags-after-several', method: 'GET', path: FT, unordered: true },
    {
      id: 'create-tag',
      method: 'POST',
      path: '/api/admin/tags',
      body: { type: '{p}-team', value: 'standalone' },
    },
    {
      id: 'create-tag-unknown-type',
      method: 'POST',
      path: '/api/admin/tags',
      body: { type: '{p}-nope', value: 'xx' },
    },
    { id: 'tags-of-type', method: 'GET', path: '/api/admin/tags/{p}-team', unordered: true },
    { id: 'tag-get', method: 'GET', path: '/api/admin/tags/{p}-team/standalone' },
    { id: 'tag-get-missing', method: 'GET', path: '/api/admin/tags/{p}-team/nothing' },
    { id: 'tag-delete', method: 'DELETE', path: '/api/admin/tags/{p}-team/standalone' },
    {
      id: 'bulk-add',
      method: 'PUT',
      path: '/api/admin/projects/default/tags',
      body: {
        features: ['{p}-release', '{p}-clone'],
        tags: { addedTags: [{ type: 'simple', value: '{p}-bulk' }], removedTags: [] },
      },
    },
    { id: 'all-tags', method: 'GET', path: '/api/admin/tags', scope: ['tags'], unordered: true },
  ],
};
