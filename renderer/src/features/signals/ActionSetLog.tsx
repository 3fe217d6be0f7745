import { Badge, Group, Stack, Text } from '@mantine/core';
import { JsonBlock } from '../../components/JsonBlock/JsonBlock';
import { QueryState } from '../../components/QueryState/QueryState';
import { useServerData } from '../../stores/use-server-data';
import { ACTION_LABELS } from './action-set-labels';
import { signalsApi } from './signals-api';

const STATE_COLORS: Record<string, string> = {
  success: 'teal',
  failed: 'red',
  started: 'blue',
  'not started': 'gray',
};

/** An action set's executions: each with its state, the signal that started it and its actions' states. */
export function ExecutionLog({ projectId, actionSetId }: { projectId: string; actionSetId: number }) {
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
