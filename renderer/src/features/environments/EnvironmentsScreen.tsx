import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import type { Environment } from '../../api/types';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { ListTable } from '../../components/ListTable/ListTable';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { PendingChangeNotice } from '../../components/PendingChangeNotice/PendingChangeNotice';
import { QueryState } from '../../components/QueryState/QueryState';
import {
  environmentEnabledEdit,
  environmentOrder,
  environmentOrderEdit,
} from '../../stores/editable-resources';
import { useEditMutation, useServerWrite } from '../../stores/use-mutations';
import { useNow } from '../../stores/use-now';
import { usePendingEdits } from '../../stores/use-outbox';
import { useServerData } from '../../stores/use-server-data';
import type { EnvironmentFormMode } from './EnvironmentForm';
import { EnvironmentFormModal } from './EnvironmentFormModal';
import { EnvironmentRow } from './EnvironmentRow';
import classes from './EnvironmentsScreen.module.css';
import { environmentsApi } from './environments-api';

/** The server's environments with the queued edits applied on top, as the operator expects to see them. */
export function displayedEnvironments(
  environments: readonly Environment[],
  pendingEnabled: (name: string) => { mine: unknown } | undefined,
  pendingOrder: { mine: unknown } | undefined,
): Environment[] {
  const order = Array.isArray(pendingOrder?.mine)
    ? (pendingOrder.mine as string[])
    : environmentOrder(environments);
  const position = (name: string) => {
    const index = order.indexOf(name);
    return index === -1 ? order.length : index;
  };
  return [...environments]
    .map((environment) => {
      const mine = pendingEnabled(environment.name)?.mine as { enabled?: boolean } | undefined;
      return typeof mine?.enabled === 'boolean' ? { ...environment, enabled: mine.enabled } : environment;
    })
    .sort((a, b) => position(a.name) - position(b.name) || a.name.localeCompare(b.name));
}

export function EnvironmentsScreen() {
  const write = useServerWrite({ kind: 'environment' });
  const { mutateAsync: submitEdit } = useEditMutation();
  const now = useNow();
  const environments = useServerData('environments', (api) => api.listEnvironments());
  const pendingEnabled = usePendingEdits('environment');
  const pendingOrder = usePendingEdits('environment-order')('*');
  const [error, setError] = useState<unknown>(null);
  const [queuedNotice, setQueuedNotice] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [form, setForm] = useState<EnvironmentFormMode | null>(null);
  const [deleting, setDeleting] = useState<Environment | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const projects = useServerData('projects', (api) => api.listProjects());
  const existingNames = (environments.data?.environments ?? []).map((environment) => environment.name);

  async function run(key: string, action: () => Promise<'applied' | 'queued'>) {
    setBusy(key);
    setError(null);
    try {
      if ((await action()) === 'queued') setQueuedNotice(true);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(null);
    }
  }

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
      {error ? <ErrorNotice error={error} title="The change was not made" /> : null}
      {queuedNotice ? <PendingChangeNotice onClose={() => setQueuedNotice(false)} /> : null}
      <QueryState query={environments} noun="environments" isEmpty={(data) => data.environments.length === 0}>
        {(data) => {
          const rows = displayedEnvironments(data.environments, pendingEnabled, pendingOrder);
          const names = rows.map((environment) => environment.name);
          const move = (index: number, offset: -1 | 1) => {
            const next = [...names];
            const [moved] = next.splice(index, 1);
            next.splice(index + offset, 0, moved!);
            void run(`move-${moved}`, () => submitEdit(environmentOrderEdit(names, next)));
          };
          return (
            <ListTable
              minWidth={640}
              columns={[
                { label: 'Order', className: classes.order },
                'Environment',
                'Type',
                { label: 'Projects', className: classes.number },
                { label: 'Enabled flags', className: classes.number },
                'Enabled',
                '',
              ]}
            >
              {rows.map((environment, index) => (
                <EnvironmentRow
                  key={environment.name}
                  environment={environment}
                  index={index}
                  count={rows.length}
                  busy={busy !== null}
                  pendingOrder={index === 0 ? pendingOrder : undefined}
                  pendingEnabled={pendingEnabled(environment.name)}
                  onMove={(offset) => move(index, offset)}
                  onToggle={(enabled) =>
                    void run(`toggle-${environment.name}`, () =>
                      submitEdit(environmentEnabledEdit(environment, enabled)),
                    )
                  }
                  onForm={setForm}
                  onDelete={() => setDeleting(environment)}
                />
              ))}
            </ListTable>
          );
        }}
      </QueryState>
      <EnvironmentFormModal
        form={form}
        existingNames={existingNames}
        projects={(projects.data?.projects ?? []).map((project) => project.id)}
        onClose={() => setForm(null)}
        onDone={setDone}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete the environment ${deleting?.name ?? ''}?`}
        confirmLabel="Delete environment"
        cancelLabel="Keep it"
        failure="The environment was not deleted"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await write((api) => environmentsApi(api).remove(deleting.name));
          setDone(`Environment ${deleting.name} deleted.`);
        }}
      >
        Every flag's strategies and state in this environment are deleted with it, and SDKs using it get no
        flags.
      </ConfirmDialog>
    </>
  );
}
