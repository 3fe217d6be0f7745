import { Alert, Badge, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { ListTable } from '../../components/ListTable/ListTable';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { useConsole, useConsoleState } from '../../stores/console-context';
import { AddConnectionForm } from './AddConnectionForm';
import classes from './ConnectionsScreen.module.css';

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
