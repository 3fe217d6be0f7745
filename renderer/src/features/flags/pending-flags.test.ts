import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../offline/outbox';
import { createFlagEdit, descriptionEdit, type NewFlag } from '../flag-page/flag-edits';
import { readFlagQuery } from './flag-filters';
import { latestFlagEdit, pendingCreatedFlags } from './pending-flags';

function queued(draft: ReturnType<typeof createFlagEdit>, id: string): OutboxEntry {
  return {
    ...draft,
    id,
    profileId: 'local',
    createdAt: '2026-11-22T10:00:00Z',
    attempts: 0,
    state: { status: 'pending' },
  } as OutboxEntry;
}

const created = (name: string, project = 'default', type = 'release') =>
  queued(
    createFlagEdit({ project, name, type: type as NewFlag['type'], description: '', impressionData: false }),
    name,
  );

describe('pending flags of the flag list', () => {
  const outbox = [
    created('checkout-v2'),
    created('search-ab', 'web', 'experiment'),
    queued(descriptionEdit({ project: 'default', name: 'old-flag' }, null, 'Now described'), 'd1'),
  ];

  it('lists the flags queued for creation that match the filters and are not on the server', () => {
    const all = pendingCreatedFlags(outbox, readFlagQuery({}), []);
    expect(all.map((row) => row.flag.name)).toEqual(['checkout-v2', 'search-ab']);
    expect(
      pendingCreatedFlags(outbox, readFlagQuery({ project: 'web' }), []).map((r) => r.flag.name),
    ).toEqual(['search-ab']);
    expect(
      pendingCreatedFlags(outbox, readFlagQuery({ type: 'release' }), []).map((r) => r.flag.name),
    ).toEqual(['checkout-v2']);
    expect(
      pendingCreatedFlags(outbox, readFlagQuery({ query: 'CHECK' }), []).map((r) => r.flag.name),
    ).toEqual(['checkout-v2']);
    expect(pendingCreatedFlags(outbox, readFlagQuery({ state: 'stale' }), [])).toEqual([]);
    expect(
      pendingCreatedFlags(outbox, readFlagQuery({}), [{ project: 'default', name: 'checkout-v2' }]).map(
        (r) => r.flag.name,
      ),
    ).toEqual(['search-ab']);
  });

  it('finds the newest queued edit of a flag on the server', () => {
    expect(latestFlagEdit(outbox, { project: 'default', name: 'old-flag' })?.id).toBe('d1');
    expect(latestFlagEdit(outbox, { project: 'default', name: 'old' })).toBeUndefined();
  });
});
