import { Badge, Button, Code, Group, Modal, Stack, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { JsonBlock } from '../../components/JsonBlock/JsonBlock';
import { ListTable } from '../../components/ListTable/ListTable';
import { OnlineOnlyButton } from '../../components/OnlineOnlyButton/OnlineOnlyButton';
import { QueryState } from '../../components/QueryState/QueryState';
import { RowEditButton } from '../../components/RowActions/RowActions';
import { useServerWrite } from '../../stores/use-mutations';
import { useServerData } from '../../stores/use-server-data';
import { ActionSetForm } from './ActionSetForm';
import { ACTION_LABELS, type Choices } from './action-set-labels';
import { type ActionSet, signalsApi } from './signals-api';

/**
 * A project's action sets (Unleash: project settings → Actions): what signal each listens to,
 * its payload filters, the actions it runs and as which service account, and its execution log.
 */
export function ProjectActions({ projectId }: { projectId: string }) {
  const write = useServerWrite({ kind: 'action-set' });
  const sets = useServerData(`project-actions:${projectId}`, (api) =>
    signalsApi(api.client).listActionSets(projectId),
  );
  const choices = useServerData(`project-action-choices:${projectId}`, async (api): Promise<Choices> => {
    const [endpoints, accounts, features, environments] = await Promise.all([
      signalsApi(api.client).listEndpoints(),
      api.client.get<{
        serviceAccounts: Array<{ id: number; name?: string | null; username?: string | null }>;
      }>('/api/admin/service-account'),
      api.client.get<{ features: Array<{ name: string }> }>(
        `/api/admin/projects/${encodeURIComponent(projectId)}/features`,
      ),
      api.client.get<{ environments: Array<{ name: string }> }>('/api/admin/environments'),
    ]);
    return {
      endpoints: endpoints.signalEndpoints.map(({ id, name }) => ({ id, name })),
      actors: accounts.serviceAccounts.map((a) => ({ id: a.id, name: a.name ?? a.username ?? `#${a.id}` })),
      flags: features.features.map((f) => f.name),
      environments: environments.environments.map((e) => e.name),
    };
  });
  // The form's dialog: closed, a new set, or the set being edited.
  const [form, setForm] = useState<'new' | ActionSet | null>(null);
  const editing = form !== null && form !== 'new' ? form : undefined;
  const [logOf, setLogOf] = useState<ActionSet | null>(null);
  const nameOf = (list: Array<{ id: number; name: string }> | undefined, id: number) =>
    list?.find((item) => item.id === id)?.name ?? `#${id}`;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Action sets run when a signal arrives at their source and its payload passes their filters. They act
          as a service account, with its permissions.
        </Text>
        <OnlineOnlyButton reason="The server validates action sets" onClick={() => setForm('new')}>
          New action set
        </OnlineOnlyButton>
      </Group>
      <QueryState
        query={sets}
        noun="action sets"
        isEmpty={(data) => data.actions.length === 0}
        empty="No action sets in this project yet."
      >
        {(data) => (
          <ListTable
            minWidth={860}
            columns={['Name', 'Source', 'Filters', 'Actions', 'Actor', 'Enabled', '']}
          >
            {data.actions.map((set) => (
              <Table.Tr key={set.id} data-testid={`action-set-${set.name}`}>
                <Table.Td>{set.name}</Table.Td>
                <Table.Td>{nameOf(choices.data?.endpoints, set.match.sourceId)}</Table.Td>
                <Table.Td>
                  {Object.entries(set.match.payload).map(([path, filter]) => (
                    <Code key={path} display="block">
                      {`${path} ${filter.inverted ? 'not ' : ''}${filter.operator} ${filter.values?.join(', ') ?? filter.value ?? ''}`}
                    </Code>
                  ))}
                </Table.Td>
                <Table.Td>
                  {set.actions.map((action) => (
                    <Text key={action.id} size="sm">
                      {`${ACTION_LABELS[action.action]} ${action.executionParams.featureName} in ${action.executionParams.environment}`}
                    </Text>
                  ))}
                </Table.Td>
                <Table.Td>{nameOf(choices.data?.actors, set.actorId)}</Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`Enable ${set.name}`}
                    checked={set.enabled}
                    onChange={(event) => {
                      const enabled = event.currentTarget.checked;
                      void write((api) =>
                        signalsApi(api.client).setActionSetEnabled(projectId, set.id, enabled),
                      );
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <RowEditButton label={set.name} onClick={() => setForm(set)} />
                    <Button size="xs" variant="subtle" onClick={() => setLogOf(set)}>
                      Log
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${set.name}`}
                      onClick={() =>
                        void write((api) => signalsApi(api.client).deleteActionSet(projectId, set.id))
                      }
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </QueryState>
      <Modal
        opened={form !== null}
        onClose={() => setForm(null)}
        title={editing ? `Edit ${editing.name}` : 'New action set'}
        size="lg"
      >
        {choices.data ? (
          <ActionSetForm
            // A fresh form per set, so its pre-filled state never carries over from another one.
            key={editing?.id ?? 'new'}
            projectId={projectId}
            choices={choices.data}
            initial={editing}
            submitLabel={editing ? 'Save action set' : 'Create action set'}
            failure={editing ? 'The action set was not saved' : 'The action set was not created'}
            onCancel={() => setForm(null)}
            onSubmit={async (body) => {
              await write((api) =>
                editing
                  ? signalsApi(api.client).updateActionSet(projectId, editing.id, body)
                  : signalsApi(api.client).createActionSet(projectId, body),
              );
              setForm(null);
            }}
          />
        ) : (
          <Text size="sm">Loading signal endpoints and service accounts…</Text>
        )}
      </Modal>
      <Modal
        opened={logOf !== null}
        onClose={() => setLogOf(null)}
        title={`Executions of ${logOf?.name ?? ''}`}
        size="xl"
      >
        {logOf ? <ExecutionLog projectId={projectId} actionSetId={logOf.id} /> : null}
      </Modal>
    </Stack>
  );
}

const STATE_COLORS: Record<string, string> = {
  success: 'teal',
  failed: 'red',
  started: 'blue',
  'not started': 'gray',
};

function ExecutionLog({ projectId, actionSetId }: { projectId: string; actionSetId: number }) {
  const events = useServerData(`action-set-events:${projectId}:${actionSetId}`, (api) =>
    signalsApi(api.client).listActionSetEvents(projectId, actionSetId),
  );
  return (
    <QueryState
      query={events}
      noun="executions"
      isEmpty={(data) => data.actionSetEvents.length === 0}
      empty="This action set has not run yet."
    >
      {(data) => (
        <Stack gap="md">
          {data.actionSetEvents.map((event) => (
            <Stack key={event.id} gap={4} data-testid="action-set-event">
              <Group gap="xs">
                <Badge color={STATE_COLORS[event.state]}>{event.state}</Badge>
                <Text size="xs" c="dimmed">
                  {new Date(event.createdAt).toLocaleString()} · signal from{' '}
                  {event.signal.tokenName ?? 'unknown token'}
                </Text>
              </Group>
              {event.actionSet.actions.map((action) => (
                <Group key={action.id} gap="xs">
                  <Badge variant="light" color={STATE_COLORS[action.state]}>
                    {action.state}
                  </Badge>
                  <Text size="sm">
                    {`${ACTION_LABELS[action.action]} ${action.executionParams.featureName} in ${action.executionParams.environment}`}
                  </Text>
                  {action.details ? (
                    <Text size="xs" c="red">
                      {action.details}
                    </Text>
                  ) : null}
                </Group>
              ))}
              <JsonBlock value={event.signal.payload} label="Signal payload" />
            </Stack>
          ))}
        </Stack>
      )}
    </QueryState>
  );
}
