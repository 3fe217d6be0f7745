import { Badge, Code, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { JsonBlock } from '../../components/JsonBlock/JsonBlock';
import { QueryState } from '../../components/QueryState/QueryState';
import { SecretReveal } from '../../components/SecretReveal/SecretReveal';
import { useServerWrite } from '../../stores/use-mutations';
import { useServerData } from '../../stores/use-server-data';
import { CreateTokenForm, EndpointTokenTable, RenameTokenModal } from './EndpointTokens';
import { curlExample, type SignalEndpoint, type SignalEndpointToken, signalsApi } from './signals-api';

/** One endpoint: its curl example, its tokens (created, renamed, deleted) and the latest signals. */
export function EndpointDetails({ endpoint, url }: { endpoint: SignalEndpoint; url: string }) {
  const write = useServerWrite({ kind: 'signal-endpoint' });
  const [created, setCreated] = useState<SignalEndpointToken | null>(null);
  const [renaming, setRenaming] = useState<SignalEndpointToken | null>(null);

  return (
    <Stack gap="md" data-testid="signal-endpoint-details">
      <Title order={2} size="h3">
        {endpoint.name}
      </Title>
      <Text size="sm">Outside systems post JSON to this URL with one of the endpoint's tokens:</Text>
      <Code block>{curlExample(url, created?.token)}</Code>
      <Title order={3} size="h4">
        Tokens
      </Title>
      <EndpointTokenTable endpoint={endpoint} write={write} onRename={setRenaming} />
      <CreateTokenForm endpointId={endpoint.id} write={write} onCreated={setCreated} />
      <Modal opened={created !== null} onClose={() => setCreated(null)} title="Token created" size="lg">
        {created?.token ? <SecretReveal secret={created.token} onDone={() => setCreated(null)} /> : null}
      </Modal>
      <RenameTokenModal
        endpointId={endpoint.id}
        token={renaming}
        write={write}
        onClose={() => setRenaming(null)}
      />
      <Title order={3} size="h4">
        Latest signals
      </Title>
      <LatestSignals endpointId={endpoint.id} />
    </Stack>
  );
}

/** The signals the endpoint received lately, each with its token and payload. */
function LatestSignals({ endpointId }: { endpointId: number }) {
  const signals = useServerData(`signal-endpoint-signals:${endpointId}`, (api) =>
    signalsApi(api.client).listSignals(endpointId),
  );
  return (
    <QueryState
      query={signals}
      noun="signals"
      isEmpty={(data) => data.signalEndpointSignals.length === 0}
      empty="No signals received yet."
    >
      {(data) => (
        <Stack gap="xs">
          {data.signalEndpointSignals.map((signal) => (
            <Stack key={signal.id} gap={2} data-testid="signal">
              <Group gap="xs">
                <Badge variant="light">{signal.tokenName ?? 'unknown token'}</Badge>
                <Text size="xs" c="dimmed">
                  {new Date(signal.createdAt).toLocaleString()}
                </Text>
              </Group>
              <JsonBlock value={signal.payload} />
            </Stack>
          ))}
        </Stack>
      )}
    </QueryState>
  );
}
