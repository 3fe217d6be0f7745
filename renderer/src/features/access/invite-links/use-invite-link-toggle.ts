import { useState } from 'react';
import type { SubmitResult } from '../../../stores/console-store';
import { useEditMutation } from '../../../stores/use-mutations';
import type { InviteLink } from '../access-api';
import { inviteLinkEdit } from '../access-edits';

export interface InviteLinkToggle {
  /** The last failed switch, shown under that link's switch. */
  error: { secret: string; message: string } | null;
  setEnabled: (link: InviteLink, enabled: boolean) => Promise<void>;
}

/** Enables or disables a link through the outbox; `onSaved` hears whether the edit was queued. */
export function useInviteLinkToggle(onSaved: (result: SubmitResult) => void): InviteLinkToggle {
  const { mutateAsync: submitEdit } = useEditMutation();
  const [error, setError] = useState<InviteLinkToggle['error']>(null);

  async function setEnabled(link: InviteLink, enabled: boolean) {
    setError(null);
    try {
      onSaved(await submitEdit(inviteLinkEdit(link, { enabled })));
    } catch (caught) {
      setError({
        secret: link.secret,
        message: caught instanceof Error ? caught.message : String(caught),
      });
    }
  }

  return { error, setEnabled };
}
