import { useState } from 'react';
import type { Edit } from '../../offline/outbox';
import { useConsole } from '../../stores/console-context';

/**
 * Sends one section's edits through the outbox, keeping that section's error and whether its
 * last edit was queued, so each section shows what happened to its own change.
 */
export function useFlagEdit() {
  const consoleApi = useConsole();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [queued, setQueued] = useState(false);

  async function submit(draft: Omit<Edit, 'profileId'>): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      setQueued((await consoleApi.submitEdit(draft)) === 'queued');
      return true;
    } catch (caught) {
      setError(caught);
      return false;
    } finally {
      setBusy(false);
    }
  }

  return {
    busy,
    error,
    queued,
    submit,
    clearQueued: () => setQueued(false),
    clearError: () => setError(null),
  };
}
