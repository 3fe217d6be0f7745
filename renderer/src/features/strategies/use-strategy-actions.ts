import { useState } from 'react';
import { draftedNotice, useChangeRequestMode } from '../../stores/change-request-mode';
import type { SubmitResult } from '../../stores/console-store';
import { useEditMutation } from '../../stores/use-mutations';
import type { FeatureStrategy, StrategyLocation } from './strategies-api';
import { bodyOf, deleteStrategyEdit, strategyOrderEdit, updateStrategyEdit } from './strategy-edits';

/**
 * The strategy panel's actions on listed strategies (enable/disable, move, delete) and how the last
 * one ended: busy, refused, queued offline, or done with a notice (drafted where change requests rule).
 */
export function useStrategyActions(
  location: StrategyLocation,
  labelOf: (strategy: FeatureStrategy) => string,
) {
  const { flagName, environment } = location;
  const { mutateAsync: submitEdit } = useEditMutation();
  const drafting = useChangeRequestMode();
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<unknown>(null);
  const [queued, setQueued] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  async function run(action: () => Promise<SubmitResult>, done?: string) {
    setBusy(true);
    setActionError(null);
    try {
      const result = await action();
      setQueued(result === 'queued');
      setNotice(result === 'applied' && done ? (drafting ? draftedNotice(drafting) : done) : null);
      return true;
    } catch (error) {
      setActionError(error);
      return false;
    } finally {
      setBusy(false);
    }
  }

  function toggle(strategy: FeatureStrategy) {
    const disabled = strategy.disabled !== true;
    void run(
      () =>
        submitEdit(
          updateStrategyEdit(
            location,
            strategy,
            { ...bodyOf(strategy), disabled },
            `${disabled ? 'Disable' : 'Enable'} the strategy ${labelOf(strategy)} of ${flagName} in ${environment}`,
          ),
        ),
      `${labelOf(strategy)} ${disabled ? 'disabled' : 'enabled'}.`,
    );
  }

  function move(ids: readonly string[], position: number, delta: -1 | 1) {
    const next = [...ids];
    const [moved] = next.splice(position, 1);
    if (moved === undefined) return;
    next.splice(position + delta, 0, moved);
    void run(() => submitEdit(strategyOrderEdit(location, ids, next)));
  }

  const remove = (target: FeatureStrategy) =>
    run(() => submitEdit(deleteStrategyEdit(location, target)), `${labelOf(target)} deleted.`);

  /** After the form saved: queued, or applied with its notice. */
  function saved(result: SubmitResult, done: string) {
    setQueued(result === 'queued');
    setNotice(result === 'applied' ? (drafting ? draftedNotice(drafting) : done) : null);
  }

  return {
    busy,
    actionError,
    queued,
    clearQueued: () => setQueued(false),
    notice,
    drafting,
    toggle,
    move,
    remove,
    saved,
  };
}
