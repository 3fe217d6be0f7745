import { Anchor, Code, Modal, Stack, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { ListTable } from '../../components/ListTable/ListTable';
import { OnlineOnlyButton } from '../../components/OnlineOnlyButton/OnlineOnlyButton';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { RowActions, RowDeleteButton, RowEditButton } from '../../components/RowActions/RowActions';
import { useServerWrite } from '../../stores/use-mutations';
import { useServerData } from '../../stores/use-server-data';
import { EndpointDetails } from './EndpointDetails';
import { EndpointForm } from './EndpointForm';
import { type SignalEndpoint, signalsApi } from './signals-api';

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
  // The form's dialog: closed, a new endpoint, or the endpoint being edited.
  const [form, setForm] = useState<'new' | SignalEndpoint | null>(null);
  const editing = form !== null && form !== 'new' ? form : undefined;
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<SignalEndpoint | null>(null);
  const urlOf = (name: string) => `${uiConfig.data?.unleashUrl ?? ''}/api/signal-endpoint/${name}`;

  return (
    <>
      <PageHeader
        title="Signals"
        description="Endpoints that outside systems (monitoring, incident tools) post JSON to. Action sets in a project react to the signals."
        actions={
          <OnlineOnlyButton reason="The server creates endpoints" onClick={() => setForm('new')}>
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
                      <RowActions>
                        <RowEditButton label={endpoint.name} onClick={() => setForm(endpoint)} />
                        <RowDeleteButton label={endpoint.name} onClick={() => setDeleting(endpoint)} />
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
              {selected ? <EndpointDetails endpoint={selected} url={urlOf(selected.name)} /> : null}
            </Stack>
          );
        }}
      </QueryState>
      <Modal
        opened={form !== null}
        onClose={() => setForm(null)}
        title={editing ? `Edit ${editing.name}` : 'New signal endpoint'}
      >
        <EndpointForm
          // A fresh form per endpoint, so its pre-filled state never carries over from another one.
          key={editing?.id ?? 'new'}
          initial={editing}
          submitLabel={editing ? 'Save endpoint' : 'Create endpoint'}
          failure={editing ? 'The endpoint was not saved' : 'The endpoint was not created'}
          onCancel={() => setForm(null)}
          onSubmit={async (body) => {
            const saved = await write((api) =>
              editing
                ? signalsApi(api.client).updateEndpoint(editing.id, body)
                : signalsApi(api.client).createEndpoint(body),
            );
            setForm(null);
            setSelectedId(saved.id);
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
