import { ActionIcon, Button, Group, Select } from '@mantine/core';
import type { ActionRow } from './action-set-draft';
import { ACTION_LABELS, type ActionKind, type Choices } from './action-set-labels';

/** One action of an action set: what it does, to which flag, in which environment; move or remove it. */
export function ActionSetActionRow({
  row,
  index,
  count,
  choices,
  onPatch,
  onMove,
  onRemove,
}: {
  row: ActionRow;
  index: number;
  /** How many actions the set has, so the last cannot move down and the only one cannot go. */
  count: number;
  choices: Choices;
  onPatch: (patch: Partial<ActionRow>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  return (
    <Group align="flex-end" wrap="nowrap">
      <Select
        flex={1}
        label={`Action ${index + 1}`}
        data={Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label }))}
        value={row.action}
        allowDeselect={false}
        onChange={(action) => onPatch({ action: (action ?? 'ENABLE_FEATURE') as ActionKind })}
      />
      <Select
        flex={1}
        label={`Action ${index + 1} flag`}
        data={choices.flags}
        value={row.featureName}
        searchable
        onChange={(featureName) => onPatch({ featureName })}
      />
      <Select
        flex={1}
        label={`Action ${index + 1} environment`}
        data={choices.environments}
        value={row.environment}
        onChange={(environment) => onPatch({ environment })}
      />
      <Group gap={2} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          aria-label={`Move action ${index + 1} up`}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        >
          ↑
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          aria-label={`Move action ${index + 1} down`}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          ↓
        </ActionIcon>
        <Button
          variant="subtle"
          color="red"
          size="xs"
          aria-label={`Remove action ${index + 1}`}
          // An action set needs at least one action (the API's minItems).
          disabled={count === 1}
          onClick={onRemove}
        >
          Remove
        </Button>
      </Group>
    </Group>
  );
}
