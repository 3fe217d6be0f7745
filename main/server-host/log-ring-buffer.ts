/** A fixed-size buffer that keeps the newest entries, so a chatty server cannot grow main's memory. */
export class RingBuffer<T> {
  private readonly items: Array<T | undefined>;
  private start = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError('capacity must be a positive integer');
    this.items = new Array<T | undefined>(capacity);
  }

  get size(): number {
    return this.count;
  }

  push(item: T): void {
    const index = (this.start + this.count) % this.capacity;
    this.items[index] = item;
    if (this.count < this.capacity) this.count += 1;
    else this.start = (this.start + 1) % this.capacity;
  }

  /** Oldest first. */
  toArray(): T[] {
    const result: T[] = [];
    for (let i = 0; i < this.count; i += 1) result.push(this.items[(this.start + i) % this.capacity] as T);
    return result;
  }
}
