import { Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { OnlineOnlyButton } from '../../components/OnlineOnlyButton/OnlineOnlyButton';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { useServerWrite } from '../../stores/use-mutations';
import { useServerData } from '../../stores/use-server-data';
import { EndpointDetails } from './EndpointDetails';
import { EndpointForm } from './EndpointForm';
import { SignalEndpointTable } from './SignalEndpointTable';
import { type SignalEndpoint, signalsApi } from './signals-api';

type Write = ReturnType<typeof useServerWrite>;

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
              <SignalEndpointTable
                endpoints={data.signalEndpoints}
                urlOf={urlOf}
                write={write}
                onSelect={(endpoint) => setSelectedId(endpoint.id)}
                onEdit={setForm}
                onDelete={setDeleting}
              />
              {selected ? <EndpointDetails endpoint={selected} url={urlOf(selected.name)} /> : null}
            </Stack>
          );
        }}
      </QueryState>
      <EndpointFormModal
        form={form}
        write={write}
        onClose={() => setForm(null)}
        onSaved={(saved) => setSelectedId(saved.id)}
      />
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

/** The create/edit dialog: `form` is closed (null), a new endpoint, or the endpoint being edited. */
function EndpointFormModal({
  form,
  write,
  onClose,
  onSaved,
}: {
  form: 'new' | SignalEndpoint | null;
  write: Write;
  onClose: () => void;
  /** The endpoint as the server saved it, to show its details. */
  onSaved: (saved: SignalEndpoint) => void;
}) {
  const editing = form !== null && form !== 'new' ? form : undefined;
  return (
    <Modal
      opened={form !== null}
      onClose={onClose}
      title={editing ? `Edit ${editing.name}` : 'New signal endpoint'}
    >
      <EndpointForm
        // A fresh form per endpoint, so its pre-filled state never carries over from another one.
        key={editing?.id ?? 'new'}
        initial={editing}
        submitLabel={editing ? 'Save endpoint' : 'Create endpoint'}
        failure={editing ? 'The endpoint was not saved' : 'The endpoint was not created'}
        onCancel={onClose}
        onSubmit={async (body) => {
          const saved = await write((api) =>
            editing
              ? signalsApi(api.client).updateEndpoint(editing.id, body)
              : signalsApi(api.client).createEndpoint(body),
          );
          onClose();
          onSaved(saved);
        }}
      />
    </Modal>
  );
}
