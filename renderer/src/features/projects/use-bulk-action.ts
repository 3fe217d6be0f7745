import { useState } from 'react';
import { useServerWrite } from '../../stores/use-mutations';
import { type BulkAction, describeBulkAction, runBulkAction } from './project-flag-bulk';
import { flagsNamedIn } from './project-flag-columns';

export type PendingBulk = { action: BulkAction; features: string[] };
export type BulkOutcome = { done: string; failed: string[]; error: unknown } | null;

/** A bulk action from asking to confirming: what waits for confirmation, whether it runs, how it ended. */
export function useBulkAction(
  projectId: string,
  { onDone, onSettled }: { onDone: () => void; onSettled: () => void },
) {
  const write = useServerWrite({ kind: 'flag-bulk' });
  const [pending, setPending] = useState<PendingBulk | null>(null);
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<BulkOutcome>(null);

  const ask = (action: BulkAction, selected: ReadonlySet<string>) => {
    setOutcome(null);
    setPending({ action, features: [...selected].sort() });
  };

  async function confirm() {
    if (!pending) return;
    setRunning(true);
    const label = describeBulkAction(pending.action, pending.features.length);
    try {
      await write((api) => runBulkAction(api.client, projectId, pending.action, pending.features));
      setOutcome({ done: `${label}: done.`, failed: [], error: null });
      onDone();
    } catch (error) {
      // Each endpoint applies to all flags or none: name the flags the server refused.
      setOutcome({ done: '', failed: flagsNamedIn(error, pending.features), error });
    } finally {
      setRunning(false);
      setPending(null);
      onSettled();
    }
  }

  return {
    pending,
    running,
    outcome,
    ask,
    confirm,
    cancel: () => setPending(null),
    dismissOutcome: () => setOutcome(null),
  };
}
