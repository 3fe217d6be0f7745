import { Badge, Tooltip } from '@mantine/core';
import type { OutboxEntry } from '../../offline/outbox';
import classes from './PendingBadge.module.css';

/** Marks a value that is an edit still in the outbox: pending, in conflict, or refused. */
export function PendingBadge({ entry }: { entry: OutboxEntry | undefined }) {
  if (!entry) return null;
  const { status } = entry.state;
  const label = status === 'pending' ? 'Pending' : status === 'conflict' ? 'Conflict' : 'Refused';
  const color = status === 'pending' ? 'yellow' : 'red';
  return (
    <Tooltip
      label={`${entry.summary}: ${status === 'pending' ? 'waiting to be sent' : 'needs your decision under Pending edits'}`}
    >
      <Badge size="sm" color={color} variant="light" className={classes.badge} data-testid="pending-badge">
        {label}
      </Badge>
    </Tooltip>
  );
}
