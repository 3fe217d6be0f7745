import { Alert, Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatAge } from '../../offline/age';
import { Link } from '../../router/navigation';
import { useConsole, useConsoleState } from '../../stores/console-context';
import { useNow } from '../../stores/use-now';
import { useProfileOutbox } from '../../stores/use-outbox';
import classes from './OfflineBanner.module.css';

/**
 * The console's connection state in one place: offline with the age of the data shown, queued
 * edits being sent, and edits that wait for the operator's decision.
 */
export function OfflineBanner() {
  const consoleApi = useConsole();
  const connectivity = useConsoleState((state) => state.connectivity);
  const serverUrl = useConsoleState((state) => state.serverUrl);
  const shownFromCache = useConsoleState((state) => state.shownFromCache);
  const replay = useConsoleState((state) => state.replay);
  const entries = useProfileOutbox();
  const now = useNow(15_000);
  const [checking, setChecking] = useState(false);

  const oldest = Object.values(shownFromCache).reduce<number | null>(
    (min, savedAt) => (min === null || savedAt < min ? savedAt : min),
    null,
  );
  const pending = entries.length;
  const blocked = entries.filter((entry) => entry.state.status !== 'pending').length;
  const outboxLink = (
    <Anchor component={Link} to="/console/pending-edits" size="sm" fw={600}>
      Review pending edits
    </Anchor>
  );

  return (
    <Stack gap="xs" className={classes.root}>
      {connectivity === 'offline' ? (
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
      ) : null}
      {replay.running && replay.count > 0 ? (
        <Alert
          color="blue"
          variant="light"
          role="status"
          data-testid="replay-banner"
          className={classes.alert}
        >
          <Text size="sm">
            Sending queued edits: {replay.position} of {replay.count}
          </Text>
          <Progress value={(replay.position / replay.count) * 100} size="sm" mt={6} animated />
        </Alert>
      ) : null}
      {blocked > 0 ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          data-testid="conflict-banner"
          className={classes.alert}
        >
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">
              {blocked} pending edit{blocked === 1 ? ' needs' : 's need'} your decision before the rest can be
              sent.
            </Text>
            {outboxLink}
          </Group>
        </Alert>
      ) : connectivity !== 'offline' && pending > 0 && !replay.running ? (
        <Alert color="yellow" variant="light" role="status" className={classes.alert}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">
              {pending} edit{pending === 1 ? '' : 's'} waiting to be sent.
            </Text>
            {outboxLink}
          </Group>
        </Alert>
      ) : null}
    </Stack>
  );
}
