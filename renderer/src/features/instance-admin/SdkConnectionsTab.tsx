import { Button, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { EdgeInstances } from '../../../../server/contract';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { QueryState } from '../../components/QueryState/QueryState';
import { useServerWrite } from '../../stores/use-mutations';
import { useServerData } from '../../stores/use-server-data';

type FetchMode = 'polling' | 'streaming' | null;
const MODES = [
  { value: 'sdk', label: 'As each SDK is set up' },
  { value: 'polling', label: 'Polling' },
  { value: 'streaming', label: 'Streaming' },
];

/**
 * How SDKs fetch flags (PUT /api/admin/streaming/fetch-mode), letting every stream go
 * (POST /api/admin/streaming/disconnect-all), and the Unleash Edge instances that report to this
 * server (GET /api/admin/metrics/edges), issue 17.
 */
export function SdkConnectionsTab() {
  const mode = useServerData('sdk-fetch-mode', (api, signal) =>
    api.client.get<{ mode: FetchMode }>('/api/admin/streaming/fetch-mode', undefined, signal),
  );
  const write = useServerWrite({ kind: 'sdk-fetch-mode' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [disconnected, setDisconnected] = useState<number | null>(null);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const setMode = (value: string) =>
    run(() =>
      write((api) =>
        api.client.put<unknown>('/api/admin/streaming/fetch-mode', { mode: value === 'sdk' ? null : value }),
      ),
    );
  const disconnectAll = () =>
    run(async () => {
      const answer = await write((api) =>
        api.client.post<{ disconnected: number }>('/api/admin/streaming/disconnect-all'),
      );
      setDisconnected(answer.disconnected);
    });

  return (
    <Stack gap="md" maw={900}>
      {error ? <ErrorNotice error={error} title="The SDK connection setting was not changed" /> : null}
      <Stack gap="xs">
        <Title order={3}>How SDKs fetch flags</Title>
        <Text size="sm">
          Polling: streaming SDKs are told to poll instead (a fetch-mode event) and their streams close.
          Streaming: polling SDKs that support it switch to streaming at their first poll after the next
          change. SDKs that know neither keep their own setting.
        </Text>
        <QueryState query={mode} noun="the fetch mode">
          {(data) => (
            <SegmentedControl
              aria-label="How SDKs fetch flags"
              data={MODES}
              value={data.mode ?? 'sdk'}
              disabled={busy}
              onChange={(value) => void setMode(value)}
            />
          )}
        </QueryState>
        <Group>
          <Button variant="default" loading={busy} onClick={() => void disconnectAll()}>
            Disconnect all streams on this instance
          </Button>
          {disconnected !== null ? (
            <Text size="sm">{disconnected} streams let go; they reconnect.</Text>
          ) : null}
        </Group>
      </Stack>
      <EdgeInstancesSection />
    </Stack>
  );
}

/** The Unleash Edge instances that reported to this server lately. */
function EdgeInstancesSection() {
  const edges = useServerData('edge-instances', (api, signal) =>
    api.client.get<EdgeInstances>('/api/admin/metrics/edges', undefined, signal),
  );
  return (
    <Stack gap="xs">
      <Title order={3}>Unleash Edge instances</Title>
      <QueryState query={edges} noun="the Edge instances">
        {(data) =>
          data.edges.length === 0 ? (
            <Text size="sm">No Unleash Edge has reported to this server in the last 7 days.</Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Instance</Table.Th>
                  <Table.Th>Version</Table.Th>
                  <Table.Th>Environment</Table.Th>
                  <Table.Th>Streaming clients</Table.Th>
                  <Table.Th>Edges below</Table.Th>
                  <Table.Th>Last report</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.edges.map((edge) => (
                  <Table.Tr key={edge.identifier}>
                    <Table.Td>
                      {edge.appName} ({edge.identifier}){edge.region ? `, ${edge.region}` : ''}
                    </Table.Td>
                    <Table.Td>{edge.edgeVersion}</Table.Td>
                    <Table.Td>{edge.environment}</Table.Td>
                    <Table.Td>{edge.connectedStreamingClients}</Table.Td>
                    <Table.Td>{edge.connectedEdges.length}</Table.Td>
                    <Table.Td>{new Date(edge.reportedAt).toLocaleString()}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryState>
    </Stack>
  );
}
