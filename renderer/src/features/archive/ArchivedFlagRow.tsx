import { Button, Checkbox, Table, Text } from '@mantine/core';
import type { FeatureSearchResult } from '../../../../server/contract';

/** One archived flag: its checkbox, name and description, project, type, archive date and Revive. */
export function ArchivedFlagRow({
  flag,
  checked,
  onCheck,
  reviving,
  onRevive,
}: {
  flag: FeatureSearchResult;
  checked: boolean;
  onCheck: (on: boolean) => void;
  reviving: boolean;
  onRevive: () => void;
}) {
  return (
    <Table.Tr data-testid={`archived-${flag.name}`}>
      <Table.Td>
        <Checkbox
          aria-label={`Select ${flag.name}`}
          checked={checked}
          onChange={(event) => onCheck(event.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>
        <Text fw={600}>{flag.name}</Text>
        {flag.description ? (
          <Text size="xs" c="dimmed">
            {flag.description}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{flag.project}</Table.Td>
      <Table.Td>{flag.type}</Table.Td>
      <Table.Td>
        {flag.archivedAt ? (
          <span title={new Date(flag.archivedAt).toLocaleString()}>
            {new Date(flag.archivedAt).toLocaleDateString()}
          </span>
        ) : (
          '–'
        )}
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="subtle"
          aria-label={`Revive ${flag.name}`}
          disabled={reviving}
          onClick={onRevive}
        >
          Revive
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
