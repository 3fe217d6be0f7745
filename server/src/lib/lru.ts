/**
 * A bounded map that forgets the least recently used entries: at most `max` entries and, when a
 * weigher is given, at most `maxWeight` in total (client bodies of 10,000 flags weigh 10 MB each).
 */
export class Lru<V> {
  private readonly entries = new Map<string, V>();
  private weight = 0;
  constructor(
    private readonly max: number,
    private readonly weigh: (value: V) => number = () => 0,
    private readonly maxWeight = Number.POSITIVE_INFINITY,
  ) {}
  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }
  /** A copy of the entries, least recently used first (safe to iterate while the map changes). */
  list(): [string, V][] {
    return [...this.entries];
  }
  set(key: string, value: V): void {
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.weight -= this.weigh(previous);
      this.entries.delete(key);
    }
    this.entries.set(key, value);
    this.weight += this.weigh(value);
    // The newest entry always stays, even alone over the weight bound: it is being served.
    while (this.entries.size > 1 && (this.entries.size > this.max || this.weight > this.maxWeight)) {
      const [oldestKey, oldest] = this.entries.entries().next().value as [string, V];
      this.entries.delete(oldestKey);
      this.weight -= this.weigh(oldest);
    }
  }
}
