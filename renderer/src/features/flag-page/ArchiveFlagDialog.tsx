import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Feature, FlagRef } from '../../api/flag-api';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { useFirstGovernedEnvironment } from '../change-requests/index';
import { StillReferenced, useStillReferenced } from '../code-references/index';
import { OFFLINE_REASON, useOnlineFlagAction } from './use-online-flag-action';

/**
 * Confirms archiving a flag, naming its dependants and the files still using it, or adds the
 * archiving to a change-request draft.
 */
export function ArchiveFlagDialog({
  flag,
  feature,
  opened,
  onClose,
}: {
  flag: FlagRef;
  feature: Feature;
  opened: boolean;
  onClose: () => void;
}) {
  // Where change requests are required, archiving is a change in the first such environment's draft.
  const draftEnvironment = useFirstGovernedEnvironment(flag.project);
  const action = useOnlineFlagAction(flag, 'archive', onClose, draftEnvironment);
  const children = feature.children ?? [];
  const referenced = (useStillReferenced(flag, opened) ?? 0) > 0;
  return (
    <Modal opened={opened} onClose={onClose} title={`Archive ${flag.name}?`}>
      <Stack gap="sm">
        <Text size="sm">
          SDKs stop receiving the flag, so code asking for it gets its default. It can be revived from the
          archive with its configuration.
        </Text>
        {children.length > 0 ? (
          <Alert color="orange" variant="light">
            {children.join(', ')} depend{children.length === 1 ? 's' : ''} on this flag.
          </Alert>
        ) : null}
        {opened ? <StillReferenced flag={flag} /> : null}
        {draftEnvironment ? (
          <Alert color="violet" variant="light">
            Change requests are required in {draftEnvironment}: archiving is added to your draft there, and
            happens once the request is approved and applied.
          </Alert>
        ) : null}
        {action.error ? <ErrorNotice error={action.error} title="The flag was not archived" /> : null}
        {action.offline ? (
          <Alert color="yellow" variant="light">
            {OFFLINE_REASON}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={action.busy}
            disabled={action.offline}
            onClick={() => void action.run()}
          >
            {draftEnvironment ? 'Add archiving to draft' : referenced ? 'Archive anyway' : 'Archive flag'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
