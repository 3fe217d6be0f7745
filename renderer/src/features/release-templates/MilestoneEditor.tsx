import { ActionIcon, Button, Group, Modal, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useState } from 'react';
import type { Segment } from '../../api/types';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { PendingChangeNotice } from '../../components/PendingChangeNotice/PendingChangeNotice';
import type { SubmitResult } from '../../stores/console-store';
import { useEditMutation } from '../../stores/use-mutations';
import type {
  MilestoneStrategyLocation,
  ReleasePlanMilestoneStrategy,
  StrategyDefinition,
} from '../strategies/index';
import { deleteMilestoneStrategyEdit, milestoneStrategyBody, StrategyForm } from '../strategies/index';
import { milestoneStrategySummary } from './milestone-strategy-summary';
import type { ReleasePlanMilestone } from './release-templates-api';

type Editing = { mode: 'new' } | { mode: 'edit'; strategy: ReleasePlanMilestoneStrategy } | null;

export interface MilestoneEditorProps {
  templateId: string;
  templateName: string;
  milestone: ReleasePlanMilestone;
  position: number;
  count: number;
  busy: boolean;
  definitions: readonly StrategyDefinition[];
  segments: readonly Segment[];
  onRename: (name: string) => Promise<void>;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}

type NameRowProps = Pick<
  MilestoneEditorProps,
  'milestone' | 'position' | 'count' | 'busy' | 'onRename' | 'onMove' | 'onRemove'
> & { label: string };

/** The milestone's name with renaming, moving it up or down, and removing it. */
function MilestoneNameRow({
  milestone,
  label,
  position,
  count,
  busy,
  onRename,
  onMove,
  onRemove,
}: NameRowProps) {
  const [name, setName] = useState(milestone.name);
  const [error, setError] = useState<unknown>(null);

  async function rename() {
    setError(null);
    try {
      await onRename(name.trim());
    } catch (refusal) {
      setError(refusal);
    }
  }

  return (
    <>
      {error ? <ErrorNotice error={error} title="The milestone was not renamed" /> : null}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={`Name of ${label}`}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Button
          variant="default"
          onClick={() => void rename()}
          disabled={busy || name.trim() === '' || name.trim() === milestone.name}
        >
          Rename
        </Button>
        <Tooltip label="Move up">
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={`Move ${milestone.name} up`}
            disabled={busy || position === 0}
            onClick={() => onMove(-1)}
          >
            ↑
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Move down">
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={`Move ${milestone.name} down`}
            disabled={busy || position === count - 1}
            onClick={() => onMove(1)}
          >
            ↓
          </ActionIcon>
        </Tooltip>
        <Button variant="subtle" color="red" onClick={onRemove} disabled={busy || count === 1}>
          Remove {label}
        </Button>
      </Group>
    </>
  );
}

interface MilestoneStrategiesProps {
  strategies: readonly ReleasePlanMilestoneStrategy[];
  onEdit: (strategy: ReleasePlanMilestoneStrategy) => void;
  onDelete: (strategy: ReleasePlanMilestoneStrategy) => void;
}

/** The milestone's strategies, each summarised with edit and delete. */
function MilestoneStrategies({ strategies, onEdit, onDelete }: MilestoneStrategiesProps) {
  if (strategies.length === 0) {
    return <Text size="sm">No strategies: this milestone turns the flag on for nobody.</Text>;
  }
  return strategies.map((strategy) => (
    <Group
      key={strategy.id}
      gap="xs"
      justify="space-between"
      data-testid={`milestone-strategy-${strategy.id}`}
    >
      <Text size="sm">{milestoneStrategySummary(strategy)}</Text>
      <Group gap={4}>
        <Button size="compact-sm" variant="light" onClick={() => onEdit(strategy)}>
          Edit
        </Button>
        <Button size="compact-sm" variant="subtle" color="red" onClick={() => onDelete(strategy)}>
          Delete
        </Button>
      </Group>
    </Group>
  ));
}

interface MilestoneStrategyModalProps {
  editing: Editing;
  milestoneName: string;
  location: MilestoneStrategyLocation;
  definitions: readonly StrategyDefinition[];
  segments: readonly Segment[];
  onClose: () => void;
  onDone: (result: SubmitResult) => void;
}

/** The flag's strategy form, adding a strategy to the milestone or editing one of its own. */
function MilestoneStrategyModal({ editing, milestoneName, location, ...props }: MilestoneStrategyModalProps) {
  return (
    <Modal
      opened={editing !== null}
      onClose={props.onClose}
      title={
        editing?.mode === 'edit'
          ? `Edit a strategy of ${milestoneName}`
          : `Add a strategy to ${milestoneName}`
      }
      size="xl"
    >
      {editing ? (
        <StrategyForm
          location={location}
          initial={editing.mode === 'edit' ? editing.strategy : null}
          definitions={props.definitions}
          segments={props.segments}
          onCancel={props.onClose}
          onDone={props.onDone}
        />
      ) : null}
    </Modal>
  );
}

/** One milestone of a template being edited: its name, place, and strategies (the flag's strategy form). */
export function MilestoneEditor(props: MilestoneEditorProps) {
  const { milestone, position, count, busy } = props;
  const { mutateAsync: submitEdit } = useEditMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ReleasePlanMilestoneStrategy | null>(null);
  const [queued, setQueued] = useState(false);
  const label = `milestone ${position + 1}`;
  const location: MilestoneStrategyLocation = {
    templateId: props.templateId,
    milestoneId: milestone.id,
    groupName: props.templateName,
  };
  const strategies = [...(milestone.strategies ?? [])].sort((a, b) => a.sortOrder - b.sortOrder);
  const afterEdit = (result: SubmitResult) => setQueued(result === 'queued');

  return (
    <Paper withBorder p="sm" data-testid={`milestone-editor-${milestone.id}`}>
      <Stack gap="xs">
        {queued ? <PendingChangeNotice onClose={() => setQueued(false)} /> : null}
        <MilestoneNameRow
          milestone={milestone}
          label={label}
          position={position}
          count={count}
          busy={busy}
          onRename={props.onRename}
          onMove={props.onMove}
          onRemove={props.onRemove}
        />
        <MilestoneStrategies
          strategies={strategies}
          onEdit={(strategy) => setEditing({ mode: 'edit', strategy })}
          onDelete={setDeleting}
        />
        <Group>
          <Button
            size="xs"
            variant="light"
            onClick={() => setEditing({ mode: 'new' })}
            disabled={props.definitions.length === 0}
          >
            Add strategy to {milestone.name}
          </Button>
        </Group>
      </Stack>
      <MilestoneStrategyModal
        editing={editing}
        milestoneName={milestone.name}
        location={location}
        definitions={props.definitions}
        segments={props.segments}
        onClose={() => setEditing(null)}
        onDone={(result) => {
          setEditing(null);
          afterEdit(result);
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete a strategy of ${milestone.name}?`}
        confirmLabel="Delete strategy"
        failure="The strategy was not deleted"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          afterEdit(
            await submitEdit(
              deleteMilestoneStrategyEdit(location, deleting.id, milestoneStrategyBody(deleting)),
            ),
          );
        }}
      >
        {deleting ? milestoneStrategySummary(deleting) : ''} leaves the milestone. Plans already made from
        this template keep their copy.
      </ConfirmDialog>
    </Paper>
  );
}
