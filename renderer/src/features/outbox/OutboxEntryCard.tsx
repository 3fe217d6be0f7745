import { Alert, Badge, Button, Group, List, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { JsonBlock } from '../../components/JsonBlock/JsonBlock';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import type { OutboxEntry, RejectedError } from '../../offline/outbox';
import { useConsole } from '../../stores/console-context';
import classes from './OutboxScreen.module.css';

function statusBadge(entry: OutboxEntry) {
  switch (entry.state.status) {
    case 'pending':
      return <Badge color="yellow">pending</Badge>;
    case 'conflict':
      return <Badge color="red">conflict</Badge>;
    case 'failed':
      return <Badge color="red">refused</Badge>;
  }
}

/** Which action of the card is running (its button spins), and a runner that sets it meanwhile. */
function useCardAction() {
  const [busy, setBusy] = useState<string | null>(null);

  async function act(name: string, action: () => Promise<void>) {
    setBusy(name);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  }

  return { busy, act };
}

type Act = ReturnType<typeof useCardAction>['act'];

function EntryHeading({
  entry,
  position,
  showDiscard,
  onDiscard,
}: {
  entry: OutboxEntry;
  position: number;
  showDiscard: boolean;
  onDiscard: () => void;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={2}>
        <Group gap="xs">
          <Text fw={600}>
            {position}. {entry.summary}
          </Text>
          {statusBadge(entry)}
        </Group>
        <Text size="xs" c="dimmed" ff="monospace">
          {entry.request.method} {entry.request.path} · queued <RelativeTime value={entry.createdAt} />
          {entry.attempts > 0 ? ` · ${entry.attempts} attempt${entry.attempts === 1 ? '' : 's'}` : ''}
        </Text>
      </Stack>
      {showDiscard ? (
        <Button size="xs" variant="subtle" color="red" onClick={onDiscard}>
          Discard
        </Button>
      ) : null}
    </Group>
  );
}

function DiscardConfirmation({
  busy,
  onDiscard,
  onKeep,
}: {
  busy: boolean;
  onDiscard: () => void;
  onKeep: () => void;
}) {
  return (
    <Alert color="red" variant="light" title="Discard this edit?">
      <Text size="sm">It will not be sent to the server. This cannot be undone.</Text>
      <Group gap="xs" mt="xs">
        <Button size="xs" color="red" loading={busy} onClick={onDiscard}>
          Discard edit
        </Button>
        <Button size="xs" variant="default" onClick={onKeep}>
          Keep it
        </Button>
      </Group>
    </Alert>
  );
}

/** A conflict: the three versions side by side, and the operator's choice. */
function ConflictChoice({
  entry,
  server,
  busy,
  act,
}: {
  entry: OutboxEntry;
  server: unknown;
  busy: string | null;
  act: Act;
}) {
  const consoleApi = useConsole();
  return (
    <>
      <Text size="sm">
        The server&rsquo;s version changed after you made this edit. Choose which version to keep; edits after
        this one wait until you decide.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
        <JsonBlock label="When you edited" value={entry.base} />
        <JsonBlock label="Yours" value={entry.mine} />
        <JsonBlock label="Server now" value={server} />
      </SimpleGrid>
      <Group gap="xs">
        <Button
          loading={busy === 'mine'}
          disabled={busy !== null}
          onClick={() => act('mine', () => consoleApi.resolveConflict(entry.id, 'mine'))}
        >
          Keep mine
        </Button>
        <Button
          variant="default"
          loading={busy === 'server'}
          disabled={busy !== null}
          onClick={() => act('server', () => consoleApi.resolveConflict(entry.id, 'server'))}
        >
          Keep server&rsquo;s
        </Button>
      </Group>
    </>
  );
}

/** An edit the server refused: its error and details, and a retry. */
function RefusedEdit({ error, busy, onRetry }: { error: RejectedError; busy: boolean; onRetry: () => void }) {
  return (
    <>
      <Alert color="red" variant="light" title={`The server refused this edit: ${error.name}`}>
        <Text size="sm">{error.message}</Text>
        {error.details.length > 0 ? (
          <List size="sm" mt="xs">
            {error.details.map((detail) => (
              <List.Item key={`${detail.path ?? ''}${detail.message}`}>
                {detail.path ? `${detail.path}: ` : ''}
                {detail.message}
              </List.Item>
            ))}
          </List>
        ) : null}
      </Alert>
      <Group gap="xs">
        <Button size="xs" variant="light" loading={busy} onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </>
  );
}

/** One queued edit: its request, and for a conflict both versions with the operator's choice. */
export function OutboxEntryCard({ entry, position }: { entry: OutboxEntry; position: number }) {
  const consoleApi = useConsole();
  const { busy, act } = useCardAction();
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const { state } = entry;

  return (
    <Paper withBorder p="md" className={classes.card} data-testid={`outbox-entry-${state.status}`}>
      <Stack gap="sm">
        <EntryHeading
          entry={entry}
          position={position}
          showDiscard={state.status !== 'conflict' && !confirmDiscard}
          onDiscard={() => setConfirmDiscard(true)}
        />

        {confirmDiscard ? (
          <DiscardConfirmation
            busy={busy === 'discard'}
            onDiscard={() => act('discard', () => consoleApi.discardEntry(entry.id))}
            onKeep={() => setConfirmDiscard(false)}
          />
        ) : null}

        {state.status === 'conflict' ? (
          <ConflictChoice entry={entry} server={state.server} busy={busy} act={act} />
        ) : null}

        {state.status === 'failed' ? (
          <RefusedEdit
            error={state.error}
            busy={busy === 'retry'}
            onRetry={() => act('retry', () => consoleApi.retryEntry(entry.id))}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
