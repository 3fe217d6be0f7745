import { Alert } from '@mantine/core';
import { useState } from 'react';
import type { SubmitResult } from '../../stores/console-store';
import { PendingChangeNotice } from '../PendingChangeNotice/PendingChangeNotice';

export interface EditNoticesState {
  /** What the last action did, while the operator has not closed it. */
  notice: string | null;
  /** Whether the last edit went to the outbox instead of the server. */
  queued: boolean;
  announce: (notice: string | null) => void;
  setQueued: (queued: boolean) => void;
  /** After an edit (null: cancelled): the pending notice if it was queued, `applied` if the server took it. */
  afterEdit: (result: SubmitResult | null, applied: string) => void;
}

/** The notices a list screen shows above its list after an edit. */
export function useEditNotices(): EditNoticesState {
  const [notice, announce] = useState<string | null>(null);
  const [queued, setQueued] = useState(false);
  const afterEdit = (result: SubmitResult | null, applied: string) => {
    if (result === null) return;
    setQueued(result === 'queued');
    announce(result === 'applied' ? applied : null);
  };
  return { notice, queued, announce, setQueued, afterEdit };
}

/** The pending-change notice and the last action's success, each closable. */
export function EditNotices({ notices }: { notices: EditNoticesState }) {
  return (
    <>
      {notices.queued ? <PendingChangeNotice onClose={() => notices.setQueued(false)} /> : null}
      {notices.notice ? (
        <Alert
          color="teal"
          variant="light"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => notices.announce(null)}
          mb="md"
        >
          {notices.notice}
        </Alert>
      ) : null}
    </>
  );
}
