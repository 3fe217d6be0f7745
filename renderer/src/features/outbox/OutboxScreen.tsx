import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { useConsole, useConsoleState } from '../../stores/console-context';
import { useProfileOutbox } from '../../stores/use-outbox';
import { OutboxEntryCard } from './OutboxEntryCard';
import classes from './OutboxScreen.module.css';

/** Pending edits: what waits to be sent, in order, and the conflicts and refusals to decide on. */
export function OutboxScreen() {
  const consoleApi = useConsole();
  const entries = useProfileOutbox();
  const connectivity = useConsoleState((state) => state.connectivity);
  const replay = useConsoleState((state) => state.replay);
  const blocked = entries.some((entry) => entry.state.status !== 'pending');

  return (
    <>
      <PageHeader
        title="Pending edits"
        description="Edits made while the server was unreachable. They are sent in order when it is back; nothing is dropped without your decision."
        actions={
          entries.length > 0 ? (
            <Button
              onClick={() => void consoleApi.replayOutbox()}
              loading={replay.running}
              disabled={connectivity === 'offline' || blocked}
            >
              Send now
            </Button>
          ) : null
        }
      />
      {replay.running && replay.count > 0 ? (
        <Stack gap={4} mb="md" className={classes.progress}>
          <Text size="sm">
            Sending edit {replay.position} of {replay.count}…
          </Text>
          <Progress value={(replay.position / replay.count) * 100} animated />
        </Stack>
      ) : null}
      {connectivity === 'offline' && entries.length > 0 ? (
        <Alert color="yellow" variant="light" mb="md">
          The server is unreachable. These edits are kept on this device and sent when it answers again.
        </Alert>
      ) : null}
      {entries.length === 0 ? (
        <Text c="dimmed">No pending edits: everything you changed has reached the server.</Text>
      ) : (
        <Stack gap="sm">
          {entries.map((entry, index) => (
            <OutboxEntryCard key={entry.id} entry={entry} position={index + 1} />
          ))}
        </Stack>
      )}
      {blocked ? (
        <Group mt="md">
          <Text size="sm" c="dimmed">
            Edits after a conflict or a refused edit wait until you decide on it, so they reach the server in
            the order you made them.
          </Text>
        </Group>
      ) : null}
    </>
  );
}
