const UNITS: Array<[unit: string, seconds: number, below: number]> = [
  ['minute', 60, 60 * 60],
  ['hour', 3_600, 24 * 3_600],
  ['day', 86_400, 60 * 86_400],
  ['month', 30 * 86_400, 730 * 86_400],
  ['year', 365 * 86_400, Number.POSITIVE_INFINITY],
];

/** "just now", "3 minutes ago", "in 2 days", "5 months ago": a moment relative to `now`. */
export function formatRelative(at: number, now: number): string {
  const seconds = Math.round((at - now) / 1000);
  const distance = Math.abs(seconds);
  if (distance < 45) return 'just now';
  const [unit, size] = UNITS.find(([, , below]) => distance < below) ?? UNITS[UNITS.length - 1]!;
  const count = Math.max(1, Math.round(distance / size));
  const phrase = `${count} ${unit}${count === 1 ? '' : 's'}`;
  return seconds < 0 ? `${phrase} ago` : `in ${phrase}`;
}

/** A moment as the operator's locale writes it in full, for the hover text. */
export function formatExact(at: number): string {
  exactFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'medium' });
  return exactFormat.format(at);
}
let exactFormat: Intl.DateTimeFormat | undefined;

/** Milliseconds since the epoch, or null for a missing or unreadable date. */
export function toEpoch(value: string | number | Date | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const at = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(at) ? null : at;
}
