/** Dates as the access screens show and send them: a day in the operator's zone, the end of that day on the wire. */

export const formatDay = (value: string | null | undefined, fallback = '–') =>
  value ? new Date(value).toLocaleDateString() : fallback;

/** `YYYY-MM-DD` of a moment in local time, for `<input type="date">`. */
export function dayInputValue(moment: number | string): string {
  const date = new Date(moment);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last second of a `YYYY-MM-DD` day in local time, as ISO: a token "expiring on" a day works all of it. */
export const endOfDayIso = (day: string) => new Date(`${day}T23:59:59`).toISOString();

export const daysLater = (now: number, days: number) => now + days * 86_400_000;

/** A problem with an expiry day typed in a form, or null. */
export function expiryProblem(day: string, now: number): string | null {
  if (!day) return 'Choose the day it expires';
  const end = Date.parse(`${day}T23:59:59`);
  if (Number.isNaN(end)) return 'Not a date';
  if (end <= now) return 'Choose a day in the future';
  return null;
}
