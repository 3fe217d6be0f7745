import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { FeatureStrategy } from './strategies-api';

/** Asks before deleting a strategy of a flag in one environment. */
export function DeleteStrategyModal({
  deleting,
  label,
  flagName,
  environment,
  busy,
  onCancel,
  onDelete,
}: {
  deleting: FeatureStrategy | null;
  label: (strategy: FeatureStrategy) => string;
  flagName: string;
  environment: string;
  busy: boolean;
  onCancel: () => void;
  onDelete: (strategy: FeatureStrategy) => void;
}) {
  return (
    <Modal opened={deleting !== null} onClose={onCancel} title="Delete strategy">
      {deleting ? (
        <Stack gap="sm">
          <Text>
            Delete the strategy {label(deleting)} of {flagName} in {environment}? SDKs stop using it at their
            next refresh.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button color="red" loading={busy} onClick={() => onDelete(deleting)}>
              Delete strategy
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
