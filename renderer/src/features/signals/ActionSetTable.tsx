import { Button, Code, Group, Switch, Table, Text } from '@mantine/core';
import { ListTable } from '../../components/ListTable/ListTable';
import { RowEditButton } from '../../components/RowActions/RowActions';
import type { useServerWrite } from '../../stores/use-mutations';
import { ACTION_LABELS, type Choices } from './action-set-labels';
import { type ActionSet, signalsApi } from './signals-api';

interface RowProps {
  projectId: string;
  /** The endpoints and actors the rows are named after; ids until they are loaded. */
  choices: Choices | undefined;
  write: ReturnType<typeof useServerWrite>;
  onEdit: (set: ActionSet) => void;
  onLog: (set: ActionSet) => void;
}

const nameOf = (list: Array<{ id: number; name: string }> | undefined, id: number) =>
  list?.find((item) => item.id === id)?.name ?? `#${id}`;

/** A project's action sets: source, filters, actions, actor, and their switches and buttons. */
export function ActionSetTable({ sets, ...props }: RowProps & { sets: readonly ActionSet[] }) {
  return (
    <ListTable minWidth={860} columns={['Name', 'Source', 'Filters', 'Actions', 'Actor', 'Enabled', '']}>
      {sets.map((set) => (
        <ActionSetRow key={set.id} set={set} {...props} />
      ))}
    </ListTable>
  );
}

function ActionSetRow({ set, projectId, choices, write, onEdit, onLog }: RowProps & { set: ActionSet }) {
  return (
    <Table.Tr data-testid={`action-set-${set.name}`}>
      <Table.Td>{set.name}</Table.Td>
      <Table.Td>{nameOf(choices?.endpoints, set.match.sourceId)}</Table.Td>
      <Table.Td>
        {Object.entries(set.match.payload).map(([path, filter]) => (
          <Code key={path} display="block">
            {`${path} ${filter.inverted ? 'not ' : ''}${filter.operator} ${filter.values?.join(', ') ?? filter.value ?? ''}`}
          </Code>
        ))}
      </Table.Td>
      <Table.Td>
        {set.actions.map((action) => (
          <Text key={action.id} size="sm">
            {`${ACTION_LABELS[action.action]} ${action.executionParams.featureName} in ${action.executionParams.environment}`}
          </Text>
        ))}
      </Table.Td>
      <Table.Td>{nameOf(choices?.actors, set.actorId)}</Table.Td>
      <Table.Td>
        <Switch
          aria-label={`Enable ${set.name}`}
          checked={set.enabled}
          onChange={(event) => {
            const enabled = event.currentTarget.checked;
            void write((api) => signalsApi(api.client).setActionSetEnabled(projectId, set.id, enabled));
          }}
        />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <RowEditButton label={set.name} onClick={() => onEdit(set)} />
          <Button size="xs" variant="subtle" onClick={() => onLog(set)}>
            Log
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={`Delete ${set.name}`}
            onClick={() => void write((api) => signalsApi(api.client).deleteActionSet(projectId, set.id))}
          >
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
