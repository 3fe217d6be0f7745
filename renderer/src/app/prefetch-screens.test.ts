import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { ConsoleState } from '../stores/console-store';
import { prefetchScreensWhenSignedIn } from './prefetch-screens';

type SessionOnly = Pick<ConsoleState, 'session'>;

function setup(status: string) {
  const store = createStore<SessionOnly>(() => ({ session: { status } as ConsoleState['session'] }));
  const loaded: string[] = [];
  const idle: Array<() => void> = [];
  const loaders = ['flags', 'projects'].map((name) => async () => {
    loaded.push(name);
    if (name === 'flags') throw new Error('offline');
  });
  prefetchScreensWhenSignedIn(
    store as unknown as Parameters<typeof prefetchScreensWhenSignedIn>[0],
    loaders,
    (run) => idle.push(run),
  );
  return { store, loaded, idle };
}

describe('prefetching the screens (issue 33)', () => {
  it('waits for a sign-in and an idle page, then fetches every chunk once, past a failing one', () => {
    const { store, loaded, idle } = setup('signed-out');
    expect(idle).toHaveLength(0);
    store.setState({ session: { status: 'signed-in' } as ConsoleState['session'] });
    expect(loaded).toEqual([]);
    idle.shift()?.();
    expect(loaded).toEqual(['flags', 'projects']);
    store.setState({ session: { status: 'signed-out' } as ConsoleState['session'] });
    store.setState({ session: { status: 'signed-in' } as ConsoleState['session'] });
    expect(idle).toHaveLength(0);
  });

  it('starts at once for a console already signed in', () => {
    const { idle } = setup('signed-in');
    expect(idle).toHaveLength(1);
  });
});
