import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { AdminApi } from '../../api/admin-api';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { useServerWrite } from '../../stores/use-mutations';
import { useServerData } from '../../stores/use-server-data';
import { createStrategiesApi } from '../strategies/index';
import { MilestoneEditor } from './MilestoneEditor';
import {
  createReleaseTemplatesApi,
  type ReleasePlanMilestone,
  type ReleasePlanTemplate,
  sortedMilestones,
} from './release-templates-api';

/** Runs one server change at a time: busy while it runs, its refusal kept to show. */
function useOneAtATime() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function run(action: () => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (refusal) {
      setError(refusal);
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, run };
}

/** Naming and adding a milestone at the end; the name clears once the server has it. */
function NewMilestoneForm({ busy, onAdd }: { busy: boolean; onAdd: (name: string) => Promise<boolean> }) {
  const [newName, setNewName] = useState('');

  async function addMilestone(event: FormEvent) {
    event.preventDefault();
    const name = newName.trim();
    if (!name) return;
    if (await onAdd(name)) setNewName('');
  }

  return (
    <form onSubmit={(event) => void addMilestone(event)}>
      <Group gap="xs" align="flex-end">
        <TextInput
          style={{ flex: 1 }}
          label="New milestone"
          placeholder="e.g. 50% of users"
          value={newName}
          onChange={(event) => setNewName(event.currentTarget.value)}
        />
        <Button type="submit" variant="light" disabled={busy || newName.trim() === ''}>
          Add milestone
        </Button>
      </Group>
    </form>
  );
}

/**
 * Editing one template of the library (issue 14): add, rename, reorder and remove milestones, and
 * each milestone's strategies. Milestone changes need the server's answer (ids, order), so they are
 * online-only; strategy edits go through the outbox like a flag's.
 */
export function TemplateEditor({
  template,
  onClose,
}: {
  template: ReleasePlanTemplate;
  onClose: () => void;
}) {
  const write = useServerWrite({ kind: 'release-template' });
  const definitions = useServerData('strategy-definitions', (api) =>
    createStrategiesApi(api.client).listDefinitions(),
  );
  const segments = useServerData('segments', async (api) => (await api.listSegments()).segments ?? []);
  const { busy, error, run } = useOneAtATime();
  const [removing, setRemoving] = useState<ReleasePlanMilestone | null>(null);
  const milestones = sortedMilestones(template);
  const ids = milestones.map((milestone) => milestone.id);
  const templates = (api: AdminApi) => createReleaseTemplatesApi(api.client);

  async function addMilestone(name: string) {
    const sortOrder = milestones.length === 0 ? 0 : Math.max(...milestones.map((m) => m.sortOrder)) + 1;
    return run(() => write((api) => templates(api).addMilestone(template.id, name, sortOrder)));
  }

  function move(position: number, delta: -1 | 1) {
    const next = [...ids];
    const [moved] = next.splice(position, 1);
    if (moved === undefined) return;
    next.splice(position + delta, 0, moved);
    void run(() => write((api) => templates(api).reorderMilestones(template, next)));
  }

  return (
    <Stack gap="sm" data-testid={`template-editor-${template.id}`}>
      <Group justify="space-between">
        <Title order={4} size="h5">
          Milestones of {template.name}
        </Title>
        <Button variant="default" size="xs" onClick={onClose}>
          Done editing
        </Button>
      </Group>
      {error ? <ErrorNotice error={error} title="The template was not changed" /> : null}
      {milestones.map((milestone, position) => (
        <MilestoneEditor
          key={milestone.id}
          templateId={template.id}
          templateName={template.name}
          milestone={milestone}
          position={position}
          count={milestones.length}
          busy={busy}
          definitions={definitions.data?.strategies ?? []}
          segments={segments.data ?? []}
          onRename={async (name) => {
            await write((api) => templates(api).renameMilestone(template.id, milestone.id, name));
          }}
          onMove={(delta) => move(position, delta)}
          onRemove={() => setRemoving(milestone)}
        />
      ))}
      <NewMilestoneForm busy={busy} onAdd={addMilestone} />
      <ConfirmDialog
        opened={removing !== null}
        title={`Remove the milestone ${removing?.name ?? ''}?`}
        confirmLabel="Remove milestone"
        cancelLabel="Keep it"
        failure="The milestone was not removed"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          const id = removing.id;
          await write((api) => templates(api).removeMilestone(template.id, id));
        }}
      >
        The milestone and its strategies leave the template. Plans already made from it keep their copy.
      </ConfirmDialog>
    </Stack>
  );
}
