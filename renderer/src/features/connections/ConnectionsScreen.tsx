import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { fieldErrorsOf, needsFormAlert } from '../../components/ErrorNotice/field-errors';
import { ListTable } from '../../components/ListTable/ListTable';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { useConsole, useConsoleState } from '../../stores/console-context';
import type { ConnectionProfile } from '../../stores/console-store';
import classes from './ConnectionsScreen.module.css';

export function AddConnectionForm({ onAdded }: { onAdded?: (profile: ConnectionProfile) => void }) {
  const consoleApi = useConsole();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const errors = fieldErrorsOf(error);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const profile = await consoleApi.addProfile(name, url);
      setName('');
      setUrl('');
      onAdded?.(profile);
    } catch (caught) {
      setError(caught);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {needsFormAlert(error) ? <ErrorNotice error={error} /> : null}
        <Group align="flex-start" grow>
          <TextInput
            label="Name"
            placeholder="Staging"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <TextInput
            label="Server URL"
            placeholder="https://flags.example.com"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={errors.url}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={saving} variant="light">
            Add connection
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Connection profiles: the embedded server, or any remote Switchyard server. */
export function ConnectionsScreen() {
  const consoleApi = useConsole();
  const profiles = useConsoleState((state) => state.profiles);
  const activeProfileId = useConsoleState((state) => state.activeProfileId);
  const serverUrl = useConsoleState((state) => state.serverUrl);
  const persistent = useConsoleState((state) => state.persistent);

  return (
    <>
      <PageHeader
        title="Connections"
        description="The servers this console can manage. Each keeps its own sign-in, saved data and pending edits."
      />
      {!persistent ? (
        <Alert color="yellow" variant="light" mb="md">
          This browser does not let the console store data: saved copies and pending edits last only until the
          page is closed.
        </Alert>
      ) : null}
      <ListTable minWidth={560} columns={['Connection', 'Server', '']}>
        {profiles.map((profile) => {
          const active = profile.id === activeProfileId;
          return (
            <Table.Tr key={profile.id} data-testid={`connection-${profile.id}`}>
              <Table.Td>
                <Group gap="xs">
                  <Text fw={600}>{profile.name}</Text>
                  {active ? <Badge size="sm">in use</Badge> : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace" className={classes.url}>
                  {profile.url ?? (active ? (serverUrl ?? 'not available') : 'embedded server')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  {!active ? (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => void consoleApi.switchProfile(profile.id)}
                    >
                      Use
                    </Button>
                  ) : null}
                  {profile.url !== null ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => void consoleApi.removeProfile(profile.id)}
                    >
                      Remove
                    </Button>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </ListTable>
      <Paper withBorder p="md" mt="lg" className={classes.add}>
        <Title order={2} size="h4" mb="sm">
          Add a remote server
        </Title>
        <AddConnectionForm />
      </Paper>
    </>
  );
}
