import { describe, expect, it } from 'vitest';
import { createSeenBuffer } from './seen-buffer';

describe('seen buffer', () => {
  it('writes each marked id once per flush, in one batch', async () => {
    const writes: number[][] = [];
    const buffer = createSeenBuffer(async (ids) => void writes.push(ids), {
      intervalMs: 60_000,
      onError: () => {},
    });
    buffer.mark(1);
    buffer.mark(2);
    buffer.mark(1);
    await buffer.flush();
    await buffer.flush();
    buffer.mark(3);
    await buffer.stop();
    expect(writes).toEqual([[1, 2], [3]]);
  });

  it('reports a failed write and keeps working', async () => {
    const errors: unknown[] = [];
    let fail = true;
    const writes: number[][] = [];
    const buffer = createSeenBuffer(
      async (ids) => {
        if (fail) throw new Error('db down');
        writes.push(ids);
      },
      { intervalMs: 60_000, onError: (error) => errors.push(error) },
    );
    buffer.mark(1);
    await buffer.flush();
    fail = false;
    buffer.mark(2);
    await buffer.stop();
    expect(errors).toHaveLength(1);
    expect(writes).toEqual([[2]]);
  });
});
