import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import type { SubmitResult } from '../../stores/console-store';
import { useEditMutation } from '../../stores/use-mutations';
import type { ProjectOverview } from './project-api';
import { type ProjectLifecycleAction, projectLifecycleEdit } from './project-edits';

const WORDING: Record<ProjectLifecycleAction, { title: string; body: string; button: string }> = {
  archive: {
    title: 'Archive the project',
    body: 'An archived project leaves the project list and takes no new flags. The server refuses while it still has flags that are not archived.',
    button: 'Archive project',
  },
  revive: {
    title: 'Revive the project',
    body: 'The project returns to the project list and can take flags again.',
    button: 'Revive project',
  },
  delete: {
    title: 'Delete the project',
    body: 'The project, its settings and its members are removed for good. The server refuses while it still has flags that are not archived.',
    button: 'Delete project',
  },
};

/** Confirms archiving, reviving or deleting a project, and shows the server's reason when it refuses. */
export function ProjectLifecycleDialog({
  projectId,
  overview,
  action,
  onClose,
}: {
  projectId: string;
  overview: ProjectOverview;
  action: ProjectLifecycleAction | null;
  onClose: (result: SubmitResult | null) => void;
}) {
  const { mutateAsync: submitEdit } = useEditMutation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const wording = action ? WORDING[action] : null;

  async function confirm() {
    if (!action) return;
    setBusy(true);
    setError(null);
    try {
      onClose(await submitEdit(projectLifecycleEdit(projectId, overview, action)));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={action !== null}
      onClose={() => {
        setError(null);
        onClose(null);
      }}
      title={wording ? `${wording.title} ${overview.name}?` : ''}
    >
      <Stack gap="sm">
        {error ? <ErrorNotice error={error} title="The server refused" /> : null}
        <Text size="sm">{wording?.body}</Text>
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              setError(null);
              onClose(null);
            }}
          >
            Cancel
          </Button>
          <Button color={action === 'revive' ? undefined : 'red'} loading={busy} onClick={confirm}>
            {wording?.button}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
