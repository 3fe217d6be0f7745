import { describe, expect, it } from 'vitest';
import { RingBuffer } from './log-ring-buffer';

describe('RingBuffer', () => {
  it('keeps the newest entries in order', () => {
    const buffer = new RingBuffer<number>(3);
    expect(buffer.toArray()).toEqual([]);
    for (const n of [1, 2]) buffer.push(n);
    expect(buffer.toArray()).toEqual([1, 2]);
    for (const n of [3, 4, 5, 6, 7]) buffer.push(n);
    expect(buffer.toArray()).toEqual([5, 6, 7]);
    expect(buffer.size).toBe(3);
  });

  it('rejects a useless capacity', () => {
    expect(() => new RingBuffer(0)).toThrow(RangeError);
    expect(() => new RingBuffer(1.5)).toThrow(RangeError);
  });
});
