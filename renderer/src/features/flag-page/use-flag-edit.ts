import type { EditDraft } from '../../stores/editable-resources';
import { useEditMutation } from '../../stores/use-mutations';

/**
 * One section's edits, through the outbox mutation: the section shows its own error and whether its
 * last edit was queued, so each section tells what happened to its own change.
 */
export function useFlagEdit() {
  const mutation = useEditMutation();

  async function submit(draft: EditDraft): Promise<boolean> {
    try {
      await mutation.mutateAsync(draft);
      return true;
    } catch {
      // The mutation keeps the failure for the section to show.
      return false;
    }
  }

  return {
    busy: mutation.isPending,
    error: mutation.error,
    queued: mutation.data === 'queued',
    submit,
    clearQueued: () => mutation.reset(),
    clearError: () => mutation.reset(),
  };
}
