import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { ContextField } from '../../api/types';
import {
  type CrudDialogs,
  CrudRowActions,
  CrudScreen,
  type PendingRow,
  RowName,
  useNamedOutboxCrud,
} from '../../components/CrudScreen/CrudScreen';
import { ListTable } from '../../components/ListTable/ListTable';
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
  const { dialogs, screen } = useNamedOutboxCrud({
    query: useServerData('context-fields', (api) => api.listContextFields()),
    kind: 'context-field',
    fromSnapshot,
    Noun: 'Context field',
    size: 'lg',
    form: (target, props) => (
      <ContextFieldForm {...(target.mode === 'edit' ? { field: target.item } : {})} {...props} />
    ),
    deleteEdit: deleteContextFieldEdit,
    consequence: (field) => (
      <>
        Constraints that test this field keep working with the values SDKs send, but the console no longer
        offers it.
        {field.usedInFeatures ? ` It is used by ${field.usedInFeatures} flag(s).` : ''}
      </>
    ),
  });
  return (
    <CrudScreen
      {...screen}
      title="Context fields"
      description="The fields of the evaluation context that constraints can test, with their legal values."
      actions={<Button onClick={dialogs.openCreate}>New context field</Button>}
      noun="context fields"
      isEmpty={(data) => data.length === 0}
      list={(data) => (
        <ListTable minWidth={720} columns={COLUMNS}>
          {data.map((row) => (
            <ContextFieldRow key={row.item.name} row={row} dialogs={dialogs} />
          ))}
        </ListTable>
      )}
    />
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
  row,
  dialogs,
}: {
  row: PendingRow<ContextField>;
  dialogs: CrudDialogs<ContextField>;
}) {
  const { item: field, pending } = row;
  const removed = pending?.mine === null;
  return (
    <Table.Tr data-testid={`context-field-${field.name}`}>
      <Table.Td>
        <RowName name={field.name} entry={pending} struck={removed} />
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
        <CrudRowActions
          label={field.name}
          disabled={removed}
          onEdit={() => dialogs.openEdit(field)}
          onDelete={() => dialogs.openDelete(field)}
        />
      </Table.Td>
    </Table.Tr>
  );
}
