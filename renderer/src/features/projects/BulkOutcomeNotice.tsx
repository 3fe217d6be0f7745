import { Alert, Stack, Text } from '@mantine/core';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import type { BulkOutcome } from './use-bulk-action';

/** How the last bulk action ended: done, or refused with the flags the server named. */
export function BulkOutcomeNotice({ outcome, onClose }: { outcome: BulkOutcome; onClose: () => void }) {
  return (
    <>
      {outcome?.done ? (
        <Alert color="teal" variant="light" withCloseButton onClose={onClose}>
          {outcome.done}
        </Alert>
      ) : null}
      {outcome?.error ? (
        <Stack gap={4} data-testid="bulk-failure">
          <ErrorNotice error={outcome.error} title="Nothing was changed" />
          {outcome.failed.length ? (
            <Text size="sm">
              Refused for: <b>{outcome.failed.join(', ')}</b>. Deselect them and try again.
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </>
  );
}
