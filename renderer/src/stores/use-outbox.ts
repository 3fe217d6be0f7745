import { useMemo } from 'react';
import { latestFor, type OutboxEntry } from '../offline/outbox';
import { useConsoleState } from './console-context';

/** The active profile's queued edits, oldest first. */
export function useProfileOutbox(): OutboxEntry[] {
  const outbox = useConsoleState((state) => state.outbox);
  const profileId = useConsoleState((state) => state.activeProfileId);
  return useMemo(() => outbox.filter((entry) => entry.profileId === profileId), [outbox, profileId]);
}

/** A lookup of the newest queued edit per object of one kind, to overlay pending values. */
export function usePendingEdits(kind: string): (target: string) => OutboxEntry | undefined {
  const outbox = useConsoleState((state) => state.outbox);
  const profileId = useConsoleState((state) => state.activeProfileId);
  return useMemo(
    () => (target: string) => latestFor(outbox, profileId, kind, target),
    [outbox, profileId, kind],
  );
}
