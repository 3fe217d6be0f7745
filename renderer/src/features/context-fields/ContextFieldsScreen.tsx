import { Badge, Button, Group, Modal, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { ContextField } from '../../api/types';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { EditNotices, useEditNotices } from '../../components/EditNotices/EditNotices';
import { ListTable } from '../../components/ListTable/ListTable';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import { QueryState } from '../../components/QueryState/QueryState';
import { RowActions, RowDeleteButton, RowEditButton } from '../../components/RowActions/RowActions';
import { overlayPending } from '../../offline/pending-overlay';
import { useEditMutation } from '../../stores/use-mutations';
import { useNow } from '../../stores/use-now';
import { useProfileOutbox } from '../../stores/use-outbox';
import { useServerData } from '../../stores/use-server-data';
import { ContextFieldForm } from './ContextFieldForm';
import classes from './ContextFieldsScreen.module.css';
import { type contextFieldSnapshot, deleteContextFieldEdit } from './context-field-edits';

type FieldSnapshot = ReturnType<typeof contextFieldSnapshot>;

const fromSnapshot = (snapshot: FieldSnapshot, base?: ContextField): ContextField => ({
  sortOrder: 0,
  createdAt: null,
  ...base,
  name: snapshot.name,
  description: snapshot.description,
  stickiness: snapshot.stickiness,
  legalValues: snapshot.legalValues.map((legal) =>
    legal.description ? { value: legal.value, description: legal.description } : { value: legal.value },
  ),
});

/** Context fields: the evaluation-context names constraints test, with legal values and stickiness. */
export function ContextFieldsScreen() {
  const { mutateAsync: submitEdit } = useEditMutation();
  const now = useNow();
  const fields = useServerData('context-fields', (api) => api.listContextFields());
  const outbox = useProfileOutbox();
  const [editing, setEditing] = useState<ContextField | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ContextField | null>(null);
  const notices = useEditNotices();

  const rows = fields.data
    ? overlayPending(fields.data, outbox, 'context-field', (field) => field.name, fromSnapshot)
    : undefined;

  return (
    <>
      <PageHeader
        title="Context fields"
        description="The fields of the evaluation context that constraints can test, with their legal values."
        savedAt={fields.savedAt}
        fromCache={fields.fromCache}
        now={now}
        actions={<Button onClick={() => setEditing('new')}>New context field</Button>}
      />
      <EditNotices notices={notices} />
      <QueryState
        query={{ ...fields, data: rows }}
        noun="context fields"
        isEmpty={(data) => data.length === 0}
      >
        {(data) => (
          <ListTable
            minWidth={720}
            columns={[
              'Field',
              'Legal values',
              'Stickiness',
              { label: 'Used by flags', className: classes.number },
              '',
            ]}
          >
            {data.map(({ item: field, pending }) => {
              const removed = pending?.mine === null;
              return (
                <Table.Tr key={field.name} data-testid={`context-field-${field.name}`}>
                  <Table.Td>
                    <Group gap="xs">
                      <Text fw={600} td={removed ? 'line-through' : undefined}>
                        {field.name}
                      </Text>
                      <PendingBadge entry={pending} />
                    </Group>
                    {field.description ? (
                      <Text size="sm" c="dimmed">
                        {field.description}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {field.legalValues.length ? (
                      <Group gap={4}>
                        {field.legalValues.slice(0, 8).map((legal) => (
                          <Badge key={legal.value} variant="outline" size="sm" title={legal.description}>
                            {legal.value}
                          </Badge>
                        ))}
                        {field.legalValues.length > 8 ? (
                          <Text size="xs" c="dimmed">
                            +{field.legalValues.length - 8}
                          </Text>
                        ) : null}
                      </Group>
                    ) : (
                      <Text size="sm" c="dimmed">
                        any
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{field.stickiness ? <Badge variant="light">yes</Badge> : '–'}</Table.Td>
                  <Table.Td className={classes.number}>{field.usedInFeatures ?? '–'}</Table.Td>
                  <Table.Td>
                    <RowActions>
                      <RowEditButton
                        label={field.name}
                        disabled={removed}
                        onClick={() => setEditing(field)}
                      />
                      <RowDeleteButton
                        label={field.name}
                        disabled={removed}
                        onClick={() => setDeleting(field)}
                      />
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ListTable>
        )}
      </QueryState>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New context field' : `Edit ${editing?.name ?? ''}`}
        size="lg"
      >
        {editing !== null ? (
          <ContextFieldForm
            {...(editing === 'new' ? {} : { field: editing })}
            existingNames={(rows ?? []).map((row) => row.item.name)}
            onCancel={() => setEditing(null)}
            onDone={(result, name) => {
              setEditing(null);
              notices.afterEdit(result, `Context field ${name} ${editing === 'new' ? 'created' : 'saved'}.`);
            }}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete the context field ${deleting?.name ?? ''}?`}
        confirmLabel="Delete context field"
        cancelLabel="Keep it"
        failure="The context field was not deleted"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          notices.afterEdit(
            await submitEdit(deleteContextFieldEdit(deleting)),
            `Context field ${deleting.name} deleted.`,
          );
        }}
      >
        Constraints that test this field keep working with the values SDKs send, but the console no longer
        offers it.
        {deleting?.usedInFeatures ? ` It is used by ${deleting.usedInFeatures} flag(s).` : ''}
      </ConfirmDialog>
    </>
  );
}
