import { useState } from 'react';
import type { Environment } from '../../api/types';
import { environmentEnabledEdit, environmentOrderEdit } from '../../stores/editable-resources';
import { useEditMutation } from '../../stores/use-mutations';

/**
 * The list's own edits through the outbox (reorder, enable): one at a time, the failure shown above
 * the list, and a notice when an edit was queued.
 */
export function useEnvironmentChanges() {
  const { mutateAsync: submitEdit } = useEditMutation();
  const [error, setError] = useState<unknown>(null);
  const [queuedNotice, setQueuedNotice] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  async function run(key: string, action: () => Promise<'applied' | 'queued'>) {
    setBusy(key);
    setError(null);
    try {
      if ((await action()) === 'queued') setQueuedNotice(true);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(null);
    }
  }

  /** Moves the environment at `index` of the displayed order `names` one up or down. */
  const move = (names: string[], index: number, offset: -1 | 1) => {
    const next = [...names];
    const [moved] = next.splice(index, 1);
    next.splice(index + offset, 0, moved!);
    void run(`move-${moved}`, () => submitEdit(environmentOrderEdit(names, next)));
  };

  const toggle = (environment: Environment, enabled: boolean) =>
    void run(`toggle-${environment.name}`, () => submitEdit(environmentEnabledEdit(environment, enabled)));

  return {
    error,
    queuedNotice,
    closeQueuedNotice: () => setQueuedNotice(false),
    busy: busy !== null,
    move,
    toggle,
  };
}
