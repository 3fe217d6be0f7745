import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { describeBulkAction } from './project-flag-bulk';
import type { PendingBulk } from './use-bulk-action';

/** Asks to confirm a bulk action, listing every flag it touches. */
export function BulkConfirmModal({
  pending,
  running,
  onCancel,
  onConfirm,
}: {
  pending: PendingBulk | null;
  running: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={pending !== null} onClose={onCancel} title="Confirm the bulk action">
      {pending ? (
        <Stack gap="sm">
          <Text fw={600}>{describeBulkAction(pending.action, pending.features.length)}?</Text>
          <List size="sm" mah={200} style={{ overflow: 'auto' }}>
            {pending.features.map((name) => (
              <List.Item key={name}>{name}</List.Item>
            ))}
          </List>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button
              color={pending.action.kind === 'archive' ? 'red' : undefined}
              loading={running}
              onClick={onConfirm}
            >
              {describeBulkAction(pending.action, pending.features.length)}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
