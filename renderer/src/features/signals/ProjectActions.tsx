import { Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { OnlineOnlyButton } from '../../components/OnlineOnlyButton/OnlineOnlyButton';
import { QueryState } from '../../components/QueryState/QueryState';
import { useServerWrite } from '../../stores/use-mutations';
import { useServerData } from '../../stores/use-server-data';
import { ActionSetForm } from './ActionSetForm';
import { ExecutionLog } from './ActionSetLog';
import { ActionSetTable } from './ActionSetTable';
import type { Choices } from './action-set-labels';
import { type ActionSet, signalsApi } from './signals-api';
import { useActionSetChoices } from './use-action-set-choices';

/**
 * A project's action sets (Unleash: project settings → Actions): what signal each listens to,
 * its payload filters, the actions it runs and as which service account, and its execution log.
 */
export function ProjectActions({ projectId }: { projectId: string }) {
  const write = useServerWrite({ kind: 'action-set' });
  const sets = useServerData(`project-actions:${projectId}`, (api) =>
    signalsApi(api.client).listActionSets(projectId),
  );
  const choices = useActionSetChoices(projectId);
  // The form's dialog: closed, a new set, or the set being edited.
  const [form, setForm] = useState<'new' | ActionSet | null>(null);
  const [logOf, setLogOf] = useState<ActionSet | null>(null);

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
          <ActionSetTable
            sets={data.actions}
            projectId={projectId}
            choices={choices.data}
            write={write}
            onEdit={setForm}
            onLog={setLogOf}
          />
        )}
      </QueryState>
      <ActionSetFormModal
        form={form}
        projectId={projectId}
        choices={choices.data}
        write={write}
        onClose={() => setForm(null)}
      />
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

/** The create/edit dialog: `form` is closed (null), a new set, or the set being edited. */
function ActionSetFormModal({
  form,
  projectId,
  choices,
  write,
  onClose,
}: {
  form: 'new' | ActionSet | null;
  projectId: string;
  choices: Choices | undefined;
  write: ReturnType<typeof useServerWrite>;
  onClose: () => void;
}) {
  const editing = form !== null && form !== 'new' ? form : undefined;
  return (
    <Modal
      opened={form !== null}
      onClose={onClose}
      title={editing ? `Edit ${editing.name}` : 'New action set'}
      size="lg"
    >
      {choices ? (
        <ActionSetForm
          // A fresh form per set, so its pre-filled state never carries over from another one.
          key={editing?.id ?? 'new'}
          projectId={projectId}
          choices={choices}
          initial={editing}
          submitLabel={editing ? 'Save action set' : 'Create action set'}
          failure={editing ? 'The action set was not saved' : 'The action set was not created'}
          onCancel={onClose}
          onSubmit={async (body) => {
            await write((api) =>
              editing
                ? signalsApi(api.client).updateActionSet(projectId, editing.id, body)
                : signalsApi(api.client).createActionSet(projectId, body),
            );
            onClose();
          }}
        />
      ) : (
        <Text size="sm">Loading signal endpoints and service accounts…</Text>
      )}
    </Modal>
  );
}
