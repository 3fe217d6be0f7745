import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { flagPagePath } from '../../api/flag-api';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import type { OutboxEntry } from '../../offline/outbox';
import { Link } from '../../router/navigation';
import { FavoriteStar } from '../favorites/index';
import type { LifecycleStage } from '../lifecycle/index';
import { LifecycleBadge } from '../lifecycle/index';
import classes from './FlagsScreen.module.css';

/** What the server says of a flag that exists; a flag created offline has none of it yet. */
export interface SavedFlag {
  stale: boolean;
  createdAt: string | null;
  environments: ReadonlyArray<{ name: string; enabled: boolean }>;
  lifecycle?: { stage: LifecycleStage; status?: string | null } | null;
  /** The signed-in user's favourite (issue 19). */
  favorite?: boolean;
}

export interface FlagRowProps {
  flag: { name: string; type: string; project: string; description?: string | null };
  /** The newest edit of the flag waiting in the outbox (its creation, for a flag made offline). */
  pending: OutboxEntry | undefined;
  /** Absent for a flag created offline: not openable, its environments and creation still to come. */
  saved?: SavedFlag;
  /** References found by code scans (issue 37); 0 when none were found. */
  codeReferences?: number;
  onSelect?: () => void;
}

/** One row of the flag list, for a flag on the server or one created offline (marked pending). */
export function FlagRow({ flag, pending, saved, codeReferences, onSelect }: FlagRowProps) {
  return (
    <Table.Tr
      className={saved ? classes.row : undefined}
      onClick={onSelect}
      data-testid={saved ? undefined : 'pending-flag-row'}
    >
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {saved ? (
            <FavoriteStar
              target={{ kind: 'flag', project: flag.project, name: flag.name }}
              favorite={saved.favorite ?? false}
            />
          ) : null}
          {saved ? (
            <Anchor
              component={Link}
              to={flagPagePath(flag)}
              className={classes.name}
              onClick={(event) => event.stopPropagation()}
            >
              {flag.name}
            </Anchor>
          ) : (
            <Text size="sm" fw={600} span>
              {flag.name}
            </Text>
          )}
          {saved?.stale ? (
            <Badge size="xs" color="orange">
              stale
            </Badge>
          ) : null}
          <PendingBadge entry={pending} />
        </Group>
        {flag.description ? (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {flag.description}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" size="sm">
          {flag.type}
        </Badge>
      </Table.Td>
      <Table.Td>{flag.project}</Table.Td>
      <Table.Td>
        {saved?.lifecycle ? (
          <LifecycleBadge stage={saved.lifecycle.stage} status={saved.lifecycle.status} />
        ) : null}
      </Table.Td>
      <Table.Td>
        {saved ? (
          <EnvironmentBadges environments={saved.environments} />
        ) : (
          <Text size="sm" c="dimmed">
            when the server is back
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" c={codeReferences ? undefined : 'dimmed'}>
          {saved && codeReferences ? codeReferences : '–'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {saved ? <RelativeTime value={saved.createdAt} /> : 'not yet'}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** Each environment's name, filled when the flag is on there. */
function EnvironmentBadges({ environments }: { environments: SavedFlag['environments'] }) {
  return (
    <Group gap={4}>
      {environments.map((environment) => (
        <Badge
          key={environment.name}
          size="sm"
          variant={environment.enabled ? 'filled' : 'outline'}
          color={environment.enabled ? 'teal' : 'gray'}
          title={`${environment.name}: ${environment.enabled ? 'on' : 'off'}`}
        >
          {environment.name}
        </Badge>
      ))}
    </Group>
  );
}
