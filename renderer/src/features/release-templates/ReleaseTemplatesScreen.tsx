import { Badge, Button, Card, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { EditNotices, useEditNotices } from '../../components/EditNotices/EditNotices';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import { QueryState } from '../../components/QueryState/QueryState';
import { useEditMutation } from '../../stores/use-mutations';
import { useNow } from '../../stores/use-now';
import { usePendingEdits } from '../../stores/use-outbox';
import { useServerData } from '../../stores/use-server-data';
import { milestoneStrategySummary } from './milestone-strategy-summary';
import { ReleaseTemplateForm } from './ReleaseTemplateForm';
import { archiveReleaseTemplateEdit, deleteReleaseTemplateEdit } from './release-template-edits';
import {
  createReleaseTemplatesApi,
  type ReleasePlanTemplate,
  sortedMilestones,
} from './release-templates-api';
import { TemplateEditor } from './TemplateEditor';

type Removing = { template: ReleasePlanTemplate; action: 'archive' | 'delete' } | null;

type Milestone = NonNullable<ReleasePlanTemplate['milestones']>[number];

function MilestoneItem({ milestone, position }: { milestone: Milestone; position: number }) {
  const strategies = milestone.strategies ?? [];
  return (
    <List.Item data-testid={`milestone-${milestone.id}`}>
      <Text fw={600} size="sm">
        {position}. {milestone.name}
      </Text>
      {strategies.length === 0 ? (
        <Text size="sm">No strategies</Text>
      ) : (
        <List size="sm" withPadding>
          {strategies.map((strategy) => (
            <List.Item key={strategy.id}>{milestoneStrategySummary(strategy)}</List.Item>
          ))}
        </List>
      )}
    </List.Item>
  );
}

interface TemplateCardProps {
  template: ReleasePlanTemplate;
  pending: ReturnType<ReturnType<typeof usePendingEdits>>;
  editing: boolean;
  onEdit: () => void;
  onCloseEditor: () => void;
  onRemove: (action: 'archive' | 'delete') => void;
}

/** A template: its name and milestone count, edit/archive/delete, and its milestones or their editor. */
function TemplateCard({ template, pending, editing, onEdit, onCloseEditor, onRemove }: TemplateCardProps) {
  return (
    <Card withBorder data-testid={`release-template-${template.id}`}>
      <Stack gap="xs">
        <Group gap="sm">
          <Title order={3} size="h4">
            {template.name}
          </Title>
          <PendingBadge entry={pending} />
          <Badge variant="light">
            {template.milestones?.length ?? 0}{' '}
            {(template.milestones?.length ?? 0) === 1 ? 'milestone' : 'milestones'}
          </Badge>
        </Group>
        {template.description ? <Text size="sm">{template.description}</Text> : null}
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            aria-label={`Edit ${template.name}`}
            aria-expanded={editing}
            disabled={editing}
            onClick={onEdit}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-label={`Archive ${template.name}`}
            disabled={pending !== undefined}
            onClick={() => onRemove('archive')}
          >
            Archive
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red"
            aria-label={`Delete ${template.name}`}
            disabled={pending !== undefined}
            onClick={() => onRemove('delete')}
          >
            Delete
          </Button>
        </Group>
        {editing ? (
          <TemplateEditor template={template} onClose={onCloseEditor} />
        ) : (
          <List type="unordered" listStyleType="none" spacing="xs">
            {sortedMilestones(template).map((milestone, index) => (
              <MilestoneItem key={milestone.id} milestone={milestone} position={index + 1} />
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}

/** The release template library: each template's milestones in order, with their strategies. */
export function ReleaseTemplatesScreen() {
  const { mutateAsync: submitEdit } = useEditMutation();
  const now = useNow();
  const pending = usePendingEdits('release-template');
  const notices = useEditNotices();
  const [removing, setRemoving] = useState<Removing>(null);
  const [creating, setCreating] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const templates = useServerData('release-plan-templates', (api) =>
    createReleaseTemplatesApi(api.client).list(),
  );
  return (
    <>
      <PageHeader
        title="Release templates"
        description="Reusable release plans: ordered milestones, each with the strategies it puts on a flag."
        savedAt={templates.savedAt}
        fromCache={templates.fromCache}
        now={now}
        actions={<Button onClick={() => setCreating(true)}>New template</Button>}
      />
      <EditNotices notices={notices} />
      <QueryState
        query={templates}
        noun="release templates"
        isEmpty={(data) => data.length === 0}
        empty="No release templates yet."
      >
        {(data) => (
          <Stack gap="md">
            {data.map((template) => (
              <TemplateCard
                key={template.id}
                template={template}
                pending={pending(template.id)}
                editing={editingId === template.id}
                onEdit={() => setEditingId(template.id)}
                onCloseEditor={() => setEditingId(null)}
                onRemove={(action) => setRemoving({ template, action })}
              />
            ))}
          </Stack>
        )}
      </QueryState>
      <Modal opened={creating} onClose={() => setCreating(false)} title="New release template">
        {creating ? (
          <ReleaseTemplateForm
            onCancel={() => setCreating(false)}
            onDone={(result, name) => {
              setCreating(false);
              notices.afterEdit(result, `Release template ${name} created.`);
            }}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={removing !== null}
        title={`${removing?.action === 'delete' ? 'Delete' : 'Archive'} the release template ${removing?.template.name ?? ''}?`}
        confirmLabel={removing?.action === 'delete' ? 'Delete template' : 'Archive template'}
        cancelLabel="Keep it"
        failure={`The template was not ${removing?.action === 'delete' ? 'deleted' : 'archived'}`}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          const { template, action } = removing;
          const edit =
            action === 'delete' ? deleteReleaseTemplateEdit(template) : archiveReleaseTemplateEdit(template);
          notices.afterEdit(
            await submitEdit(edit),
            `Release template ${template.name} ${action === 'delete' ? 'deleted' : 'archived'}.`,
          );
        }}
      >
        {removing?.action === 'delete'
          ? 'The template and its milestones are removed. Release plans made from it stay on their flags.'
          : 'An archived template leaves the library; plans made from it stay on their flags and its name can be reused.'}
      </ConfirmDialog>
    </>
  );
}
