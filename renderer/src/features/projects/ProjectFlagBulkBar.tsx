import { Button, Group, Paper, Text } from '@mantine/core';
import { BulkEnvironmentButtons, BulkTagButtons } from './ProjectFlagBulkFields';
import type { BulkAction } from './project-flag-bulk';

/** The bar of bulk actions on the selected flags; the environment and tag stay as typed while it hides. */
export function ProjectFlagBulkBar({
  count,
  offline,
  environments,
  environment,
  onEnvironment,
  tag,
  onTag,
  onAsk,
  onClear,
}: {
  count: number;
  offline: boolean;
  environments: readonly string[];
  environment: string | null;
  onEnvironment: (environment: string | null) => void;
  tag: string;
  onTag: (tag: string) => void;
  onAsk: (action: BulkAction) => void;
  onClear: () => void;
}) {
  return (
    <Paper withBorder p="xs" data-testid="bulk-bar">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600} aria-live="polite">
          {count} selected
        </Text>
        <Button
          size="xs"
          color="red"
          variant="light"
          disabled={offline}
          onClick={() => onAsk({ kind: 'archive' })}
        >
          Archive
        </Button>
        <Button
          size="xs"
          variant="light"
          disabled={offline}
          onClick={() => onAsk({ kind: 'stale', stale: true })}
        >
          Mark stale
        </Button>
        <Button
          size="xs"
          variant="light"
          disabled={offline}
          onClick={() => onAsk({ kind: 'stale', stale: false })}
        >
          Mark not stale
        </Button>
        <BulkEnvironmentButtons
          offline={offline}
          environments={environments}
          environment={environment}
          onEnvironment={onEnvironment}
          onAsk={onAsk}
        />
        <BulkTagButtons offline={offline} tag={tag} onTag={onTag} onAsk={onAsk} />
        <Button size="xs" variant="subtle" onClick={onClear}>
          Clear selection
        </Button>
      </Group>
    </Paper>
  );
}
