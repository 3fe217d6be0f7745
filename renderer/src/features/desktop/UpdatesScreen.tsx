import { Alert, Badge, Button, Group, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { AppInfo, UpdaterPhase, UpdaterState } from '../../../../server/contract/ipc';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import type { DesktopShell } from '../../platform/platform';
import { DesktopOnly } from './DesktopOnly';
import classes from './desktop.module.css';
import { useDesktopQuery, useDesktopShell } from './use-desktop';

const PHASE_LABEL: Record<UpdaterPhase, { label: string; color: string }> = {
  disabled: { label: 'Updates off', color: 'gray' },
  idle: { label: 'Not checked yet', color: 'gray' },
  checking: { label: 'Checking', color: 'blue' },
  'not-available': { label: 'Up to date', color: 'green' },
  downloading: { label: 'Downloading', color: 'blue' },
  downloaded: { label: 'Ready to install', color: 'teal' },
  error: { label: 'Check failed', color: 'red' },
};

function InstalledVersion({ shell }: { shell: DesktopShell }) {
  const info = useDesktopQuery(shell, (s) => s.appInfo());
  return (
    <QueryState query={info} noun="the app version">
      {(app: AppInfo) => (
        <Text size="sm" data-testid="installed-version">
          {app.name} {app.version}
          {app.packaged ? '' : ' (development run)'}
        </Text>
      )}
    </QueryState>
  );
}

/** Checking for and installing updates through the desktop shell, one action at a time. */
function useUpdaterActions(shell: DesktopShell, onState: (state: UpdaterState) => void) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<'check' | 'install' | null>(null);

  async function run(which: 'check' | 'install') {
    setBusy(which);
    setError(null);
    try {
      if (which === 'check') onState(await shell.checkForUpdates());
      else if (!(await shell.installUpdate())) {
        setError(new Error('There is no downloaded update to install any more. Check again.'));
      }
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(null);
    }
  }

  return { error, busy, run };
}

function UpdateFeedTable({ state }: { state: UpdaterState }) {
  return (
    <Table variant="vertical" withTableBorder className={classes.form}>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th w={160}>Update feed</Table.Th>
          <Table.Td>
            <Text size="sm" ff="monospace" className={classes.url} data-testid="feed-url">
              {state.feedUrl ??
                (state.phase === 'disabled' ? 'none (updates are off)' : 'the feed built into this app')}
            </Text>
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Last check</Table.Th>
          <Table.Td>
            <RelativeTime value={state.lastCheckAt} fallback="not yet" />
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

function UpdaterPanel({
  shell,
  state,
  onState,
}: {
  shell: DesktopShell;
  state: UpdaterState;
  onState: (state: UpdaterState) => void;
}) {
  const { error, busy, run } = useUpdaterActions(shell, onState);
  const phase = PHASE_LABEL[state.phase];
  const canCheck =
    state.phase !== 'disabled' &&
    state.phase !== 'checking' &&
    state.phase !== 'downloading' &&
    state.phase !== 'downloaded';

  return (
    <Stack gap="md">
      <Group gap="sm">
        <Badge color={phase.color} size="lg" variant="light" data-testid="updater-phase">
          {phase.label}
        </Badge>
        {state.version ? <Text fw={600}>Version {state.version}</Text> : null}
      </Group>
      {state.phase === 'downloading' && state.percent !== null ? (
        <Progress value={state.percent} aria-label="Download progress" />
      ) : null}
      {state.message ? (
        <Alert color={state.phase === 'error' ? 'red' : 'gray'} variant="light">
          {state.message}
        </Alert>
      ) : null}
      {state.phase === 'downloaded' ? (
        <Alert color="teal" variant="light" title="An update is ready">
          Installing restarts Switchyard: the server stops for a moment, SDKs keep serving their cached flags,
          and the new version may migrate the flag database. Choose a moment that suits you.
        </Alert>
      ) : null}
      {error ? <ErrorNotice error={error} title="The updater did not do that" /> : null}
      <UpdateFeedTable state={state} />
      <Text size="xs" c="dimmed">
        An on-prem mirror is set with the SWITCHYARD_UPDATE_URL environment variable when Switchyard starts.
      </Text>
      <Group>
        {state.phase === 'downloaded' ? (
          <Button color="teal" loading={busy === 'install'} onClick={() => void run('install')}>
            Restart to install
          </Button>
        ) : null}
        <Button
          variant="light"
          disabled={!canCheck}
          loading={busy === 'check'}
          onClick={() => void run('check')}
        >
          Check for updates
        </Button>
      </Group>
    </Stack>
  );
}

function Updates({ shell }: { shell: DesktopShell }) {
  const state = useDesktopQuery(shell, (s) => s.updaterState());
  const { setData } = state;
  useEffect(() => shell.onUpdaterState(setData), [shell, setData]);
  return (
    <>
      <PageHeader
        title="Updates"
        description="Switchyard downloads updates in the background and installs them only when you say so."
        actions={<InstalledVersion shell={shell} />}
      />
      <Paper withBorder p="md">
        <QueryState query={state} noun="the update status">
          {(current) => <UpdaterPanel shell={shell} state={current} onState={setData} />}
        </QueryState>
      </Paper>
    </>
  );
}

export function UpdatesScreen() {
  const shell = useDesktopShell();
  if (!shell) return <DesktopOnly title="Updates" what="App updates" />;
  return <Updates shell={shell} />;
}
