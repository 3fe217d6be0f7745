import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import type { Environment } from '../../api/types';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { PendingChangeNotice } from '../../components/PendingChangeNotice/PendingChangeNotice';
import { QueryState } from '../../components/QueryState/QueryState';
import { useServerWrite } from '../../stores/use-mutations';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';
import type { EnvironmentFormMode } from './EnvironmentForm';
import { EnvironmentFormModal } from './EnvironmentFormModal';
import { EnvironmentTable } from './EnvironmentTable';
import { environmentsApi } from './environments-api';
import { useEnvironmentChanges } from './use-environment-changes';

export { displayedEnvironments } from './EnvironmentTable';

export function EnvironmentsScreen() {
  const now = useNow();
  const environments = useServerData('environments', (api) => api.listEnvironments());
  const changes = useEnvironmentChanges();
  const [form, setForm] = useState<EnvironmentFormMode | null>(null);
  const [deleting, setDeleting] = useState<Environment | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const projects = useServerData('projects', (api) => api.listProjects());
  const existingNames = (environments.data?.environments ?? []).map((environment) => environment.name);

  return (
    <>
      <PageHeader
        title="Environments"
        description="Where flags are evaluated. Disabled environments are hidden from SDKs; the order is the order everywhere in the console."
        savedAt={environments.savedAt}
        fromCache={environments.fromCache}
        now={now}
        actions={<Button onClick={() => setForm({ kind: 'create' })}>New environment</Button>}
      />
      {done ? (
        <Text size="sm" role="status" mb="sm">
          {done}
        </Text>
      ) : null}
      {changes.error ? <ErrorNotice error={changes.error} title="The change was not made" /> : null}
      {changes.queuedNotice ? <PendingChangeNotice onClose={changes.closeQueuedNotice} /> : null}
      <QueryState query={environments} noun="environments" isEmpty={(data) => data.environments.length === 0}>
        {(data) => (
          <EnvironmentTable
            environments={data.environments}
            changes={changes}
            onForm={setForm}
            onDelete={setDeleting}
          />
        )}
      </QueryState>
      <EnvironmentFormModal
        form={form}
        existingNames={existingNames}
        projects={(projects.data?.projects ?? []).map((project) => project.id)}
        onClose={() => setForm(null)}
        onDone={setDone}
      />
      <DeleteEnvironmentDialog environment={deleting} onClose={() => setDeleting(null)} onDeleted={setDone} />
    </>
  );
}

/** Confirms deleting `environment` (none: closed), which needs the server. */
function DeleteEnvironmentDialog({
  environment,
  onClose,
  onDeleted,
}: {
  environment: Environment | null;
  onClose: () => void;
  onDeleted: (notice: string) => void;
}) {
  const write = useServerWrite({ kind: 'environment' });
  return (
    <ConfirmDialog
      opened={environment !== null}
      title={`Delete the environment ${environment?.name ?? ''}?`}
      confirmLabel="Delete environment"
      cancelLabel="Keep it"
      failure="The environment was not deleted"
      onClose={onClose}
      onConfirm={async () => {
        if (!environment) return;
        await write((api) => environmentsApi(api).remove(environment.name));
        onDeleted(`Environment ${environment.name} deleted.`);
      }}
    >
      Every flag's strategies and state in this environment are deleted with it, and SDKs using it get no
      flags.
    </ConfirmDialog>
  );
}
