import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazy-screen';

function counting(failFirst: boolean) {
  const count = { calls: 0 };
  const lazy = lazyScreen(async () => {
    count.calls += 1;
    if (failFirst && count.calls === 1) throw new Error('chunk unreachable');
    return { Hello: () => <p>Hello</p> };
  }, 'Hello');
  return { count, lazy };
}

describe('a lazily loaded screen (issue 33)', () => {
  it('suspends while its chunk loads, then shows the screen', async () => {
    const { count, lazy } = counting(false);
    // Awaited: React retries a screen that suspended inside act() only when act is awaited.
    await act(async () => {
      render(
        <Suspense fallback={<p>Loading</p>}>
          <lazy.Screen />
        </Suspense>,
      );
    });
    expect(await screen.findByText('Hello')).toBeTruthy();
    await lazy.preload();
    expect(count.calls).toBe(1);
  });

  it('loads again after a failure instead of repeating it', async () => {
    const { count, lazy } = counting(true);
    await expect(lazy.preload()).rejects.toThrow('chunk unreachable');
    await lazy.preload();
    await lazy.preload();
    expect(count.calls).toBe(2);
  });
});
