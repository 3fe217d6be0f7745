import { ActionIcon, Badge, Button, Group, Switch, Table, Text, Tooltip } from '@mantine/core';
import type { ComponentProps } from 'react';
import type { Environment } from '../../api/types';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import { RowActions, RowDeleteButton, RowEditButton } from '../../components/RowActions/RowActions';
import type { EnvironmentFormMode } from './EnvironmentForm';
import classes from './EnvironmentsScreen.module.css';

type PendingEntry = ComponentProps<typeof PendingBadge>['entry'];

/** One environment: order arrows, name and badges, type, counts, the enabled switch, edit, clone and delete. */
export function EnvironmentRow({
  environment,
  index,
  count,
  busy,
  pendingOrder,
  pendingEnabled,
  onMove,
  onToggle,
  onForm,
  onDelete,
}: {
  environment: Environment;
  index: number;
  count: number;
  /** Another change is on its way: the arrows and switches wait. */
  busy: boolean;
  /** The queued reorder, badged on the first row only. */
  pendingOrder: PendingEntry;
  pendingEnabled: PendingEntry;
  onMove: (offset: -1 | 1) => void;
  onToggle: (enabled: boolean) => void;
  onForm: (form: EnvironmentFormMode) => void;
  onDelete: () => void;
}) {
  return (
    <Table.Tr data-testid={`environment-${environment.name}`}>
      <Table.Td>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${environment.name} up`}
            disabled={index === 0 || busy}
            onClick={() => onMove(-1)}
          >
            ↑
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${environment.name} down`}
            disabled={index === count - 1 || busy}
            onClick={() => onMove(1)}
          >
            ↓
          </ActionIcon>
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Text fw={600}>{environment.name}</Text>
          {environment.protected ? (
            <Tooltip label="Built in: cannot be deleted">
              <Badge size="xs" variant="outline">
                protected
              </Badge>
            </Tooltip>
          ) : null}
          {index === 0 ? <PendingBadge entry={pendingOrder} /> : null}
        </Group>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={environment.type === 'production' ? 'red' : 'blue'}>
          {environment.type}
        </Badge>
      </Table.Td>
      <Table.Td className={classes.number}>{environment.projectCount ?? '–'}</Table.Td>
      <Table.Td className={classes.number}>{environment.enabledToggleCount ?? '–'}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Switch
            checked={environment.enabled}
            disabled={busy}
            aria-label={`${environment.name} enabled`}
            onChange={(event) => onToggle(event.currentTarget.checked)}
          />
          <PendingBadge entry={pendingEnabled} />
        </Group>
      </Table.Td>
      <Table.Td>
        <RowActions>
          <RowEditButton
            label={environment.name}
            disabled={environment.protected}
            onClick={() => onForm({ kind: 'edit', environment })}
          />
          <Button
            size="xs"
            variant="subtle"
            aria-label={`Clone ${environment.name}`}
            onClick={() => onForm({ kind: 'clone', environment })}
          >
            Clone
          </Button>
          <RowDeleteButton
            label={environment.name}
            disabled={environment.protected}
            needsServer="Deleting an environment"
            onClick={onDelete}
          />
        </RowActions>
      </Table.Td>
    </Table.Tr>
  );
}
