import { Button, Group, Paper, Select, Text, TextInput } from '@mantine/core';
import type { BulkAction } from './project-flag-bulk';
import { parseTag } from './project-flag-columns';

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
  const parsed = parseTag(tag);
  const tagAction = (add: boolean) => onAsk({ kind: 'tag', type: parsed.type, value: parsed.value, add });
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
        <Select
          size="xs"
          aria-label="Environment"
          data={[...environments]}
          value={environment}
          onChange={onEnvironment}
          allowDeselect={false}
          w={150}
        />
        <Button
          size="xs"
          variant="light"
          disabled={offline || !environment}
          onClick={() => environment && onAsk({ kind: 'environment', environment, enabled: true })}
        >
          Enable
        </Button>
        <Button
          size="xs"
          variant="light"
          disabled={offline || !environment}
          onClick={() => environment && onAsk({ kind: 'environment', environment, enabled: false })}
        >
          Disable
        </Button>
        <TextInput
          size="xs"
          aria-label="Tag (type:value)"
          placeholder="type:value"
          value={tag}
          onChange={(event) => onTag(event.currentTarget.value)}
          w={150}
        />
        <Button size="xs" variant="light" disabled={offline || !parsed.valid} onClick={() => tagAction(true)}>
          Add tag
        </Button>
        <Button
          size="xs"
          variant="light"
          disabled={offline || !parsed.valid}
          onClick={() => tagAction(false)}
        >
          Remove tag
        </Button>
        <Button size="xs" variant="subtle" onClick={onClear}>
          Clear selection
        </Button>
      </Group>
    </Paper>
  );
}
