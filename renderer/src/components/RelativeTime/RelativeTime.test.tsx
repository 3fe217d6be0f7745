import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithConsole } from '../../test-utils/render';
import { formatExact, formatRelative } from './format-relative';
import { RelativeTime } from './RelativeTime';

const NOW = Date.parse('2026-11-22T10:00:00Z');

describe('formatRelative', () => {
  it.each([
    [NOW - 10_000, 'just now'],
    [NOW + 10_000, 'just now'],
    [NOW - 60_000, '1 minute ago'],
    [NOW - 5 * 60_000, '5 minutes ago'],
    [NOW + 5 * 60_000, 'in 5 minutes'],
    [NOW - 2 * 3_600_000, '2 hours ago'],
    [NOW - 26 * 3_600_000, '1 day ago'],
    [NOW + 3 * 86_400_000, 'in 3 days'],
    [NOW - 59 * 86_400_000, '59 days ago'],
    [NOW - 90 * 86_400_000, '3 months ago'],
    [NOW - 3 * 365 * 86_400_000, '3 years ago'],
  ])('%s → %s', (at, expected) => {
    expect(formatRelative(at, NOW)).toBe(expected);
  });
});

describe('<RelativeTime>', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says how long ago, with the exact time on hover, and moves on with the clock', async () => {
    // Only the interval useNow ticks with is faked: waitFor keeps its real timeouts.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const at = '2026-11-22T09:55:00.000Z';
    const { clock } = await renderWithConsole(<RelativeTime value={at} />, { now: NOW });
    const time = screen.getByTestId('relative-time');
    expect(time.textContent).toBe('5 minutes ago');
    expect(time.getAttribute('datetime')).toBe(at);
    expect(time.getAttribute('title')).toBe(formatExact(Date.parse(at)));

    clock.now += 2 * 3_600_000;
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(screen.getByTestId('relative-time').textContent).toBe('2 hours ago');
  });

  it('shows the fallback without a date', async () => {
    await renderWithConsole(<RelativeTime value={null} fallback="never" />);
    expect(screen.queryByTestId('relative-time')).toBeNull();
    expect(document.body.textContent).toContain('never');
  });
});
