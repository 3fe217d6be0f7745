import type { StoreApi } from 'zustand';
import type { ConsoleState } from '../stores/console-store';

/** The page's idle callback, or a timer where there is none (Safari). */
export type WhenIdle = (run: () => void) => void;

export function whenIdle(win: Window): WhenIdle {
  return (run) =>
    typeof win.requestIdleCallback === 'function'
      ? win.requestIdleCallback(() => run(), { timeout: 2000 })
      : win.setTimeout(run, 200);
}

/**
 * Once someone is signed in, every screen's chunk (and what screens load on demand) is fetched in
 * the background as soon as the page is idle (issue 33). The first screen still loads only its own
 * code, but a console that then loses its server (offline mode, issue 6) can open every screen, not
 * only those already seen: the browser's cache (assets are immutable, served with a year's max-age)
 * keeps the chunks. A chunk that fails is skipped; the screen fetches it again when opened.
 */
export function prefetchScreensWhenSignedIn(
  store: StoreApi<ConsoleState>,
  loaders: ReadonlyArray<() => Promise<unknown>>,
  idle: WhenIdle,
): () => void {
  let started = false;
  const start = (state: ConsoleState) => {
    if (started || state.session.status !== 'signed-in') return;
    started = true;
    unsubscribe();
    // All at once, as soon as the page is idle: the server may go away any time after sign-in.
    idle(() => void Promise.allSettled(loaders.map((load) => load())));
  };
  const unsubscribe = store.subscribe(start);
  start(store.getState());
  return unsubscribe;
}
