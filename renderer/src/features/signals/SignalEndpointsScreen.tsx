import {
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { JsonBlock } from '../../components/JsonBlock/JsonBlock';
import { ListTable } from '../../components/ListTable/ListTable';
import { OnlineOnlyButton } from '../../components/OnlineOnlyButton/OnlineOnlyButton';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { SecretReveal } from '../../components/SecretReveal/SecretReveal';
import { useServerWrite } from '../../stores/use-mutations';
import { useServerData } from '../../stores/use-server-data';
import { curlExample, type SignalEndpoint, type SignalEndpointToken, signalsApi } from './signals-api';

const URL_SAFE = /^[A-Za-z0-9_~.-]+$/;

/**
 * Signals (Unleash's Integrations → Signals): endpoints outside systems post to, their tokens
 * (the secret shown once), the endpoint URL with a curl example, and the latest signals received.
 */
export function SignalEndpointsScreen() {
  const write = useServerWrite({ kind: 'signal-endpoint' });
  const endpoints = useServerData('signal-endpoints', (api) => signalsApi(api.client).listEndpoints());
  const uiConfig = useServerData('ui-config', (api) =>
    api.client.get<{ unleashUrl: string }>('/api/admin/ui-config'),
  );
  const [creating, setCreating] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<SignalEndpoint | null>(null);
  const urlOf = (name: string) => `${uiConfig.data?.unleashUrl ?? ''}/api/signal-endpoint/${name}`;

  return (
    <>
      <PageHeader
        title="Signals"
        description="Endpoints that outside systems (monitoring, incident tools) post JSON to. Action sets in a project react to the signals."
        actions={
          <OnlineOnlyButton reason="The server creates endpoints" onClick={() => setCreating(true)}>
            New signal endpoint
          </OnlineOnlyButton>
        }
      />
      <QueryState
        query={endpoints}
        noun="signal endpoints"
        isEmpty={(data) => data.signalEndpoints.length === 0}
        empty="No signal endpoints yet."
      >
        {(data) => {
          const selected = data.signalEndpoints.find((endpoint) => endpoint.id === selectedId);
          return (
            <Stack gap="lg">
              <ListTable minWidth={720} columns={['Name', 'URL', 'Tokens', 'Enabled', '']}>
                {data.signalEndpoints.map((endpoint) => (
                  <Table.Tr key={endpoint.id} data-testid={`signal-endpoint-${endpoint.name}`}>
                    <Table.Td>
                      <Anchor component="button" type="button" onClick={() => setSelectedId(endpoint.id)}>
                        {endpoint.name}
                      </Anchor>
                      {endpoint.description ? (
                        <Text size="xs" c="dimmed">
                          {endpoint.description}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Code>{urlOf(endpoint.name)}</Code>
                    </Table.Td>
                    <Table.Td>{endpoint.tokens.map((token) => token.name).join(', ') || '—'}</Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={`Enable ${endpoint.name}`}
                        checked={endpoint.enabled}
                        onChange={(event) => {
                          const enabled = event.currentTarget.checked;
                          void write((api) =>
                            signalsApi(api.client).setEndpointEnabled(endpoint.id, enabled),
                          );
                        }}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(endpoint)}>
                        Delete
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
              {selected ? <EndpointDetails endpoint={selected} url={urlOf(selected.name)} /> : null}
            </Stack>
          );
        }}
      </QueryState>
      <Modal opened={creating} onClose={() => setCreating(false)} title="New signal endpoint">
        <CreateEndpointForm
          onCancel={() => setCreating(false)}
          create={async (body) => {
            const created = await write((api) => signalsApi(api.client).createEndpoint(body));
            setCreating(false);
            setSelectedId(created.id);
          }}
        />
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete signal endpoint ${deleting?.name ?? ''}?`}
        confirmLabel="Delete endpoint"
        cancelLabel="Keep it"
        failure="The signal endpoint was not deleted"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) await write((api) => signalsApi(api.client).deleteEndpoint(deleting.id));
          setDeleting(null);
        }}
      >
        <Text size="sm">Its tokens and signals go with it; action sets listening to it no longer run.</Text>
      </ConfirmDialog>
    </>
  );
}

function CreateEndpointForm({
  create,
  onCancel,
}: {
  create: (body: { name: string; description: string | null }) => Promise<void>;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<unknown>(null);
  const invalid = name.length > 0 && !URL_SAFE.test(name);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        create({ name, description: description || null }).catch(setError);
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          description="Part of the endpoint URL: letters, digits, - _ . ~"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={invalid ? 'Use only letters, digits, - _ . ~' : undefined}
          required
          data-autofocus
        />
        <TextInput
          label="Description"
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        {error ? <ErrorNotice error={error} title="The endpoint was not created" /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!name || invalid}>
            Create endpoint
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EndpointDetails({ endpoint, url }: { endpoint: SignalEndpoint; url: string }) {
  const write = useServerWrite({ kind: 'signal-endpoint' });
  const signals = useServerData(`signal-endpoint-signals:${endpoint.id}`, (api) =>
    signalsApi(api.client).listSignals(endpoint.id),
  );
  const [tokenName, setTokenName] = useState('');
  const [created, setCreated] = useState<SignalEndpointToken | null>(null);
  const [error, setError] = useState<unknown>(null);

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
