import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { ContextField } from '../../api/types';
import {
  CrudDeleteDialog,
  type CrudDialogs,
  CrudEditDialog,
  editTitle,
  useCrudDialogs,
} from '../../components/CrudDialogs/CrudDialogs';
import { EditNotices } from '../../components/EditNotices/EditNotices';
import { ListTable } from '../../components/ListTable/ListTable';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import { QueryState } from '../../components/QueryState/QueryState';
import { RowActions, RowDeleteButton, RowEditButton } from '../../components/RowActions/RowActions';
import type { OutboxEntry } from '../../offline/outbox';
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
  const dialogs = useCrudDialogs<ContextField>();
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
        actions={<Button onClick={dialogs.openCreate}>New context field</Button>}
      />
      <EditNotices notices={dialogs.notices} />
      <QueryState
        query={{ ...fields, data: rows }}
        noun="context fields"
        isEmpty={(data) => data.length === 0}
      >
        {(data) => (
          <ListTable minWidth={720} columns={COLUMNS}>
            {data.map(({ item, pending }) => (
              <ContextFieldRow key={item.name} field={item} pending={pending} dialogs={dialogs} />
            ))}
          </ListTable>
        )}
      </QueryState>
      <CrudEditDialog
        dialogs={dialogs}
        size="lg"
        title={(target) => editTitle(target, 'New context field', (field) => field.name)}
      >
        {(target) => (
          <ContextFieldForm
            {...(target.mode === 'edit' ? { field: target.item } : {})}
            existingNames={(rows ?? []).map((row) => row.item.name)}
            onCancel={dialogs.closeEdit}
            onDone={(result, name) =>
              dialogs.finishEdit(
                result,
                `Context field ${name} ${target.mode === 'new' ? 'created' : 'saved'}.`,
              )
            }
          />
        )}
      </CrudEditDialog>
      <CrudDeleteDialog
        dialogs={dialogs}
        title={(field) => `Delete the context field ${field.name}?`}
        confirmLabel="Delete context field"
        cancelLabel="Keep it"
        failure="The context field was not deleted"
        deleted={(field) => `Context field ${field.name} deleted.`}
        onConfirm={(field) => submitEdit(deleteContextFieldEdit(field))}
      >
        {(field) => (
          <>
            Constraints that test this field keep working with the values SDKs send, but the console no longer
            offers it.
            {field.usedInFeatures ? ` It is used by ${field.usedInFeatures} flag(s).` : ''}
          </>
        )}
      </CrudDeleteDialog>
    </>
  );
}

const COLUMNS = [
  'Field',
  'Legal values',
  'Stickiness',
  { label: 'Used by flags', className: classes.number },
  '',
];

function LegalValues({ field }: { field: ContextField }) {
  if (!field.legalValues.length) {
    return (
      <Text size="sm" c="dimmed">
        any
      </Text>
    );
  }
  return (
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
  );
}

function ContextFieldRow({
  field,
  pending,
  dialogs,
}: {
  field: ContextField;
  pending: OutboxEntry | undefined;
  dialogs: CrudDialogs<ContextField>;
}) {
  const removed = pending?.mine === null;
  return (
    <Table.Tr data-testid={`context-field-${field.name}`}>
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
        <LegalValues field={field} />
      </Table.Td>
      <Table.Td>{field.stickiness ? <Badge variant="light">yes</Badge> : '–'}</Table.Td>
      <Table.Td className={classes.number}>{field.usedInFeatures ?? '–'}</Table.Td>
      <Table.Td>
        <RowActions>
          <RowEditButton label={field.name} disabled={removed} onClick={() => dialogs.openEdit(field)} />
          <RowDeleteButton label={field.name} disabled={removed} onClick={() => dialogs.openDelete(field)} />
        </RowActions>
      </Table.Td>
    </Table.Tr>
  );
}
