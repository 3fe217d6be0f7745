import { Button, Group, Text } from '@mantine/core';
import { ActionSetActionRow } from './ActionSetActionRow';
import { type ActionRow, EMPTY_ACTION, moveRow } from './action-set-draft';
import type { Choices } from './action-set-labels';

// Unleash's limit (server/src/features/signals/README.md); the server refuses more anyway.
const MAX_ACTIONS = 10;

/** An action set's ordered actions on this project's flags, up to ten and at least one. */
export function ActionSetActions({
  actions,
  choices,
  onChange,
}: {
  actions: ActionRow[];
  choices: Choices;
  onChange: (change: (actions: ActionRow[]) => ActionRow[]) => void;
}) {
  return (
    <>
      <Text size="sm" fw={500}>
        Actions, in order
      </Text>
      {actions.map((row, index) => (
        <ActionSetActionRow
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no identity
          key={index}
          row={row}
          index={index}
          count={actions.length}
          choices={choices}
          onPatch={(patch) => onChange((rows) => rows.map((r, i) => (i === index ? { ...r, ...patch } : r)))}
          onMove={(to) => onChange((rows) => moveRow(rows, index, to))}
          onRemove={() => onChange((rows) => rows.filter((_, i) => i !== index))}
        />
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          disabled={actions.length >= MAX_ACTIONS}
          onClick={() => onChange((rows) => [...rows, EMPTY_ACTION])}
        >
          Add action
        </Button>
      </Group>
    </>
  );
}
