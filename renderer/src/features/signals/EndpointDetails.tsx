import { Badge, Button, Code, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { JsonBlock } from '../../components/JsonBlock/JsonBlock';
import { ListTable } from '../../components/ListTable/ListTable';
import { QueryState } from '../../components/QueryState/QueryState';
import { SecretReveal } from '../../components/SecretReveal/SecretReveal';
import { useServerWrite } from '../../stores/use-mutations';
import { useServerData } from '../../stores/use-server-data';
import { curlExample, type SignalEndpoint, type SignalEndpointToken, signalsApi } from './signals-api';

/** One endpoint: its curl example, its tokens (created, renamed, deleted) and the latest signals. */
export function EndpointDetails({ endpoint, url }: { endpoint: SignalEndpoint; url: string }) {
  const write = useServerWrite({ kind: 'signal-endpoint' });
  const signals = useServerData(`signal-endpoint-signals:${endpoint.id}`, (api) =>
    signalsApi(api.client).listSignals(endpoint.id),
  );
  const [tokenName, setTokenName] = useState('');
  const [created, setCreated] = useState<SignalEndpointToken | null>(null);
  const [error, setError] = useState<unknown>(null);
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
      <ListTable minWidth={400} columns={['Token', 'Created', '']}>
        {endpoint.tokens.map((token) => (
          <Table.Tr key={token.id}>
            <Table.Td>{token.name}</Table.Td>
            <Table.Td>{new Date(token.createdAt).toLocaleString()}</Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="subtle"
                aria-label={`Rename token ${token.name}`}
                onClick={() => setRenaming(token)}
              >
                Rename
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={`Delete token ${token.name}`}
                onClick={() => void write((api) => signalsApi(api.client).deleteToken(endpoint.id, token.id))}
              >
                Delete
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          write((api) => signalsApi(api.client).createToken(endpoint.id, tokenName))
            .then((token) => {
              setCreated(token);
              setTokenName('');
            })
            .catch(setError);
        }}
      >
        <Group align="flex-end">
          <TextInput
            label="New token name"
            value={tokenName}
            onChange={(event) => setTokenName(event.currentTarget.value)}
          />
          <Button type="submit" disabled={!tokenName}>
            Create token
          </Button>
        </Group>
      </form>
      {error ? <ErrorNotice error={error} title="The token was not created" /> : null}
      <Modal opened={created !== null} onClose={() => setCreated(null)} title="Token created" size="lg">
        {created?.token ? <SecretReveal secret={created.token} onDone={() => setCreated(null)} /> : null}
      </Modal>
      <Modal opened={renaming !== null} onClose={() => setRenaming(null)} title="Rename token">
        {renaming ? (
          <RenameTokenForm
            current={renaming.name}
            onCancel={() => setRenaming(null)}
            rename={async (name) => {
              await write((api) => signalsApi(api.client).renameToken(endpoint.id, renaming.id, name));
              setRenaming(null);
            }}
          />
        ) : null}
      </Modal>
      <Title order={3} size="h4">
        Latest signals
      </Title>
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
    </Stack>
  );
}

function RenameTokenForm({
  current,
  rename,
  onCancel,
}: {
  current: string;
  rename: (name: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(current);
  const [error, setError] = useState<unknown>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        rename(name).catch(setError);
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Token name"
          description="The secret stays the same."
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          required
          data-autofocus
        />
        {error ? <ErrorNotice error={error} title="The token was not renamed" /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!name.trim() || name === current}>
            Rename token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
