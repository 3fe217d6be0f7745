import { useState } from 'react';

export interface ServerDraft<T> {
  /** What the form shows: the server's value until the user changes something, then theirs. */
  draft: T;
  /** Changes some of the draft's fields (the user typing). */
  change(patch: Partial<T>): void;
  /** Whether the draft differs from the server value the form started from. */
  edited: boolean;
  /** Drops the user's changes: the form shows the server's value again (Cancel). */
  reset(): void;
}

interface DraftState<T> {
  /** The server's value the draft was taken from, serialised (values here are plain JSON data). */
  base: string;
  draft: T;
}

const same = (value: unknown, serialised: string) => JSON.stringify(value) === serialised;

/**
 * A form's fields taken from server data, which keep following that data while the user has not
 * changed them. Screens first render from the copy saved in IndexedDB and then from the server's
 * answer (a reload after the outbox replayed, a refetch on focus, another operator's save): a form
 * that copied its fields into state once would keep showing the older value and, saved, send it back.
 * Once the user has edited a field, a refetch leaves their draft alone; undoing the edit (the draft
 * equal to where it started) lets the form follow the server again.
 */
export function useServerDraft<T extends object>(server: T): ServerDraft<T> {
  const serverKey = JSON.stringify(server);
  const [state, setState] = useState<DraftState<T>>(() => ({ base: serverKey, draft: server }));
  // Unedited, or the server now holds what the user typed (their save arrived): follow the server.
  const follows = state.base !== serverKey && (same(state.draft, state.base) || same(state.draft, serverKey));
  const current: DraftState<T> = follows ? { base: serverKey, draft: server } : state;
  // Adjusting state while rendering (React re-renders at once, before the browser paints): no frame
  // shows the old value after the new answer arrived.
  if (follows) setState(current);

  return {
    draft: current.draft,
    change: (patch) => setState((previous) => ({ ...previous, draft: { ...previous.draft, ...patch } })),
    edited: !same(current.draft, current.base),
    reset: () => setState({ base: serverKey, draft: server }),
  };
}
