// What a run removes afterwards on both servers (not compared): flags archived then deleted, the
// segment, context field, tag type and tokens the seed created.
import type { CompatCase } from '../types';

const FLAGS = [
  'release',
  'experiment',
  'ops',
  'kill',
  'perm',
  'clone',
  'temp',
  'copy',
  'descnum',
  'extra',
  'impr',
  'typo',
];

export const cleanupCases: CompatCase[] = [
  {
    id: 'drop-dependency',
    method: 'DELETE',
    path: '/api/admin/projects/default/features/{p}-ops/dependencies',
  },
  // Every flag archived first, then a pause before deleting: Unleash updates a flag's lifecycle in
  // the background after archiving, and crashed (8.2, seen on the reference) when the flag was
  // already gone by then.
  // `123`: a name that cannot carry the run prefix (a number where a string belongs).
  { id: 'archive-123', method: 'DELETE', path: '/api/admin/projects/default/features/123' },
  ...FLAGS.map(
    (name): CompatCase => ({
      id: `archive-${name}`,
      method: 'DELETE',
      path: `/api/admin/projects/default/features/{p}-${name}`,
    }),
  ),
  ...FLAGS.map(
    (name, index): CompatCase => ({
      id: `delete-${name}`,
      method: 'DELETE',
      path: `/api/admin/archive/{p}-${name}`,
      ...(index === 0 ? { waitMs: 3000 } : {}),
    }),
  ),
  { id: 'delete-123', method: 'DELETE', path: '/api/admin/archive/123' },
  { id: 'segment-5', method: 'DELETE', path: '/api/admin/segments/{numberSegmentId}' },
  { id: 'segment', method: 'DELETE', path: '/api/admin/segments/{segmentId}' },
  ...['region', 'age', 'version', 'lv', 'temp'].map(
    (name): CompatCase => ({
      id: `context-${name}`,
      method: 'DELETE',
      path: `/api/admin/context/{p}-${name}`,
    }),
  ),
  ...['tagged', 'bulk', 'one', 'two', 'absent'].map(
    (name): CompatCase => ({
      id: `tag-${name}`,
      method: 'DELETE',
      path: `/api/admin/tags/simple/{p}-${name}`,
    }),
  ),
  { id: 'tag-type', method: 'DELETE', path: '/api/admin/tag-types/{p}-team' },
  { id: 'strategy', method: 'DELETE', path: '/api/admin/strategies/{p}-custom' },
  { id: 'client-token', method: 'DELETE', path: '/api/admin/api-tokens/{clientToken}' },
  { id: 'frontend-token', method: 'DELETE', path: '/api/admin/api-tokens/{frontendToken}' },
];
