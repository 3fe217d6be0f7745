/**
 * Licensed users per day (issue 31 §5, licensedUsersSchema), from the count now and the user
 * creations and deletions of the event log: walking back from today, a day's count is today's
 * less the users created after that day, plus those deleted after it. Pure: no I/O.
 */

export interface UserChange {
  kind: 'created' | 'deleted';
  at: Date;
}

const DAY_MS = 86_400_000;

/** UTC midnight of the day `at` falls on. */
export function startOfUtcDay(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/** `days` entries, oldest first, the last one today; each dated at its UTC midnight. */
export function licensedUserHistory(
  current: number,
  changes: readonly UserChange[],
  days: number,
  now: Date,
): Array<{ date: string; count: number }> {
  const today = startOfUtcDay(now);
  const history: Array<{ date: string; count: number }> = [];
  for (let back = days - 1; back >= 0; back--) {
    const day = new Date(today.getTime() - back * DAY_MS);
    const dayEnd = day.getTime() + DAY_MS;
    let count = current;
    for (const change of changes) {
      if (change.at.getTime() < dayEnd) continue;
      count += change.kind === 'created' ? -1 : 1;
    }
    history.push({ date: day.toISOString(), count: Math.max(0, count) });
  }
  return history;
}
