import { Alert } from '@mantine/core';

/** Shown after an edit went to the outbox because the server could not be reached. */
export function PendingChangeNotice({ onClose }: { onClose: () => void }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      mb="md"
    >
      The server is unreachable: your change is pending and will be sent when it is back.
    </Alert>
  );
}
