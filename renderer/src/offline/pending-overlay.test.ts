import { describe, expect, it } from 'vitest';
import { type Edit, enqueue, type OutboxEntry } from './outbox';
import { overlayPending } from './pending-overlay';

interface Item {
  name: string;
  description: string;
}

function queue(...edits: Array<Pick<Edit, 'kind' | 'target' | 'mine'>>): OutboxEntry[] {
  let entries: OutboxEntry[] = [];
  edits.forEach((edit, index) => {
    entries = enqueue(
      entries,
      {
        profileId: 'local',
        summary: `edit ${edit.target}`,
        request: { method: 'PUT', path: `/things/${edit.target}`, body: edit.mine },
        base: null,
        ...edit,
      },
      { id: `e${index + 1}`, now: `2026-11-22T10:0${index}:00.000Z` },
    ).entries;
  });
  return entries;
}

const overlay = (items: Item[], outbox: OutboxEntry[]) =>
  overlayPending<Item, { description: string; name: string }>(
    items,
    outbox,
    'thing',
    (item) => item.name,
    (mine, base) => ({ ...base, ...mine }),
  );

describe('overlayPending', () => {
  const server: Item[] = [
    { name: 'a', description: 'first' },
    { name: 'b', description: 'second' },
  ];

  it('lays the newest queued edit of each object over the server copy', () => {
    const outbox = queue(
      { kind: 'thing', target: 'a', mine: { name: 'a', description: 'older' } },
      { kind: 'thing', target: 'a', mine: { name: 'a', description: 'newest' } },
      { kind: 'other', target: 'b', mine: { name: 'b', description: 'not this kind' } },
    );
    const rows = overlay(server, outbox);
    expect(rows.map((row) => row.item.description)).toEqual(['newest', 'second']);
    expect(rows[0]?.pending?.id).toBe('e2');
    expect(rows[1]?.pending).toBeUndefined();
  });

  it('keeps an object queued for deletion and appends one queued for creation', () => {
    const outbox = queue(
      { kind: 'thing', target: 'b', mine: null },
      { kind: 'thing', target: 'c', mine: { name: 'c', description: 'new' } },
    );
    const rows = overlay(server, outbox);
    expect(rows.map((row) => [row.item.name, row.pending?.mine === null])).toEqual([
      ['a', false],
      ['b', true],
      ['c', false],
    ]);
  });
});
