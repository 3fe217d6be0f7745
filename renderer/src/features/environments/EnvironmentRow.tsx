import { ActionIcon, Badge, Button, Group, Switch, Table, Text, Tooltip } from '@mantine/core';
import type { ComponentProps } from 'react';
import type { Environment } from '../../api/types';
import { CrudRowActions } from '../../components/CrudScreen/CrudScreen';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import type { EnvironmentFormMode } from './EnvironmentForm';
import classes from './EnvironmentsScreen.module.css';

type PendingEntry = ComponentProps<typeof PendingBadge>['entry'];

export interface EnvironmentRowProps {
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
}

/** One environment: order arrows, name and badges, type, counts, the enabled switch, edit, clone and delete. */
export function EnvironmentRow(props: EnvironmentRowProps) {
  const { environment, index, busy, onForm } = props;
  return (
    <Table.Tr data-testid={`environment-${environment.name}`}>
      <Table.Td>
        <OrderArrows {...props} />
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
          {index === 0 ? <PendingBadge entry={props.pendingOrder} /> : null}
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
            onChange={(event) => props.onToggle(event.currentTarget.checked)}
          />
          <PendingBadge entry={props.pendingEnabled} />
        </Group>
      </Table.Td>
      <Table.Td>
        <CrudRowActions
          label={environment.name}
          disabled={environment.protected}
          needsServer="Deleting an environment"
          onEdit={() => onForm({ kind: 'edit', environment })}
          onDelete={props.onDelete}
          beforeDelete={
            <Button
              size="xs"
              variant="subtle"
              aria-label={`Clone ${environment.name}`}
              onClick={() => onForm({ kind: 'clone', environment })}
            >
              Clone
            </Button>
          }
        />
      </Table.Td>
    </Table.Tr>
  );
}

/** The up and down arrows that move an environment in the order. */
function OrderArrows({ environment, index, count, busy, onMove }: EnvironmentRowProps) {
  return (
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
  );
}
