import { Alert, Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatAge } from '../../offline/age';
import { Link } from '../../router/navigation';
import { useConsole, useConsoleState } from '../../stores/console-context';
import { useNow } from '../../stores/use-now';
import { useProfileOutbox } from '../../stores/use-outbox';
import classes from './OfflineBanner.module.css';

function OutboxLink() {
  return (
    <Anchor component={Link} to="/console/pending-edits" size="sm" fw={600}>
      Review pending edits
    </Anchor>
  );
}

/** Offline: which server, how old the data shown is, what happens to edits; and a retry. */
function OfflineAlert({
  serverUrl,
  oldest,
  now,
  pending,
}: {
  serverUrl: string | null;
  oldest: number | null;
  now: number;
  pending: number;
}) {
  const consoleApi = useConsole();
  const [checking, setChecking] = useState(false);
  return (
    <Alert
      color="yellow"
      variant="filled"
      role="status"
      data-testid="offline-banner"
      className={classes.alert}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">
          <strong>Offline.</strong> Cannot reach {serverUrl ?? 'the server'}.{' '}
          {oldest !== null ? `Showing data saved ${formatAge(oldest, now)}. ` : ''}
          {pending > 0
            ? `${pending} edit${pending === 1 ? '' : 's'} will be sent when it is back.`
            : 'Edits you make are kept and sent when it is back.'}
        </Text>
        <Button
          size="xs"
          variant="white"
          color="dark"
          loading={checking}
          onClick={async () => {
            setChecking(true);
            await consoleApi.checkConnection();
            setChecking(false);
          }}
        >
          Retry now
        </Button>
      </Group>
    </Alert>
  );
}

function ReplayAlert({ position, count }: { position: number; count: number }) {
  return (
    <Alert color="blue" variant="light" role="status" data-testid="replay-banner" className={classes.alert}>
      <Text size="sm">
        Sending queued edits: {position} of {count}
      </Text>
      <Progress value={(position / count) * 100} size="sm" mt={6} animated />
    </Alert>
  );
}

function BlockedAlert({ blocked }: { blocked: number }) {
  return (
    <Alert color="red" variant="light" role="alert" data-testid="conflict-banner" className={classes.alert}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">
          {blocked} pending edit{blocked === 1 ? ' needs' : 's need'} your decision before the rest can be
          sent.
        </Text>
        <OutboxLink />
      </Group>
    </Alert>
  );
}

function WaitingAlert({ pending }: { pending: number }) {
  return (
    <Alert color="yellow" variant="light" role="status" className={classes.alert}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">
          {pending} edit{pending === 1 ? '' : 's'} waiting to be sent.
        </Text>
        <OutboxLink />
      </Group>
    </Alert>
  );
}

/**
 * The console's connection state in one place: offline with the age of the data shown, queued
 * edits being sent, and edits that wait for the operator's decision.
 */
export function OfflineBanner() {
  const connectivity = useConsoleState((state) => state.connectivity);
  const serverUrl = useConsoleState((state) => state.serverUrl);
  const shownFromCache = useConsoleState((state) => state.shownFromCache);
  const replay = useConsoleState((state) => state.replay);
  const entries = useProfileOutbox();
  const now = useNow(15_000);

  const oldest = Object.values(shownFromCache).reduce<number | null>(
    (min, savedAt) => (min === null || savedAt < min ? savedAt : min),
    null,
  );
  const pending = entries.length;
  const blocked = entries.filter((entry) => entry.state.status !== 'pending').length;

  return (
    <Stack gap="xs" className={classes.root}>
      {connectivity === 'offline' ? (
        <OfflineAlert serverUrl={serverUrl} oldest={oldest} now={now} pending={pending} />
      ) : null}
      {replay.running && replay.count > 0 ? (
        <ReplayAlert position={replay.position} count={replay.count} />
      ) : null}
      {blocked > 0 ? (
        <BlockedAlert blocked={blocked} />
      ) : connectivity !== 'offline' && pending > 0 && !replay.running ? (
        <WaitingAlert pending={pending} />
      ) : null}
    </Stack>
  );
}
