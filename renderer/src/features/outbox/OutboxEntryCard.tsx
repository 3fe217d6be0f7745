import { Alert, Badge, Button, Group, List, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { JsonBlock } from '../../components/JsonBlock/JsonBlock';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import type { OutboxEntry } from '../../offline/outbox';
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

/** One queued edit: its request, and for a conflict both versions with the operator's choice. */
export function OutboxEntryCard({ entry, position }: { entry: OutboxEntry; position: number }) {
  const consoleApi = useConsole();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);

  async function act(name: string, action: () => Promise<void>) {
    setBusy(name);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  }

  return (
    <Paper withBorder p="md" className={classes.card} data-testid={`outbox-entry-${entry.state.status}`}>
      <Stack gap="sm">
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
          {entry.state.status !== 'conflict' && !confirmDiscard ? (
            <Button size="xs" variant="subtle" color="red" onClick={() => setConfirmDiscard(true)}>
              Discard
            </Button>
          ) : null}
        </Group>

        {confirmDiscard ? (
          <Alert color="red" variant="light" title="Discard this edit?">
            <Text size="sm">It will not be sent to the server. This cannot be undone.</Text>
            <Group gap="xs" mt="xs">
              <Button
                size="xs"
                color="red"
                loading={busy === 'discard'}
                onClick={() => act('discard', () => consoleApi.discardEntry(entry.id))}
              >
                Discard edit
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirmDiscard(false)}>
                Keep it
              </Button>
            </Group>
          </Alert>
        ) : null}

        {entry.state.status === 'conflict' ? (
          <>
            <Text size="sm">
              The server&rsquo;s version changed after you made this edit. Choose which version to keep; edits
              after this one wait until you decide.
            </Text>
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
              <JsonBlock label="When you edited" value={entry.base} />
              <JsonBlock label="Yours" value={entry.mine} />
              <JsonBlock label="Server now" value={entry.state.server} />
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
        ) : null}

        {entry.state.status === 'failed' ? (
          <>
            <Alert
              color="red"
              variant="light"
              title={`The server refused this edit: ${entry.state.error.name}`}
            >
              <Text size="sm">{entry.state.error.message}</Text>
              {entry.state.error.details.length > 0 ? (
                <List size="sm" mt="xs">
                  {entry.state.error.details.map((detail) => (
                    <List.Item key={`${detail.path ?? ''}${detail.message}`}>
                      {detail.path ? `${detail.path}: ` : ''}
                      {detail.message}
                    </List.Item>
                  ))}
                </List>
              ) : null}
            </Alert>
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                loading={busy === 'retry'}
                onClick={() => act('retry', () => consoleApi.retryEntry(entry.id))}
              >
                Try again
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
