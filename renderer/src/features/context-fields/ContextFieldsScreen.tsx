import { Alert, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { ContextField } from '../../api/types';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import { PendingChangeNotice } from '../../components/PendingChangeNotice/PendingChangeNotice';
import { QueryState } from '../../components/QueryState/QueryState';
import type { OutboxEntry } from '../../offline/outbox';
import { useConsole } from '../../stores/console-context';
import type { SubmitResult } from '../../stores/console-store';
import { useNow } from '../../stores/use-now';
import { useProfileOutbox } from '../../stores/use-outbox';
import { useServerData } from '../../stores/use-server-data';
import { ContextFieldForm } from './ContextFieldForm';
import classes from './ContextFieldsScreen.module.css';
import { type contextFieldSnapshot, deleteContextFieldEdit } from './context-field-edits';

interface Row {
  field: ContextField;
  pending?: OutboxEntry;
}

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

/** The server's fields with queued edits laid over them, and queued new fields after them. */
export function displayedFields(fields: readonly ContextField[], outbox: readonly OutboxEntry[]): Row[] {
  const latest = new Map<string, OutboxEntry>();
  for (const entry of outbox) if (entry.kind === 'context-field') latest.set(entry.target, entry);
  const rows: Row[] = fields.map((field) => {
    const pending = latest.get(field.name);
    const mine = pending?.mine as FieldSnapshot | null | undefined;
    return { field: mine ? fromSnapshot(mine, field) : field, ...(pending ? { pending } : {}) };
  });
  for (const [name, pending] of latest) {
    if (fields.some((field) => field.name === name) || !pending.mine) continue;
    rows.push({ field: fromSnapshot(pending.mine as FieldSnapshot), pending });
  }
  return rows;
}

function DeleteDialog({
  field,
  onClose,
}: {
  field: ContextField | null;
  onClose: (result: SubmitResult | null) => void;
}) {
  const consoleApi = useConsole();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  async function remove() {
    if (!field) return;
    setBusy(true);
    setError(null);
    try {
      onClose(await consoleApi.submitEdit(deleteContextFieldEdit(field)));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }
  const close = () => {
    setError(null);
    onClose(null);
  };
  return (
    <Modal opened={field !== null} onClose={close} title={`Delete the context field ${field?.name ?? ''}?`}>
      <Stack gap="sm">
        {error ? <ErrorNotice error={error} title="The context field was not deleted" /> : null}
        <Text size="sm">
          Constraints that test this field keep working with the values SDKs send, but the console no longer
          offers it.
          {field?.usedInFeatures ? ` It is used by ${field.usedInFeatures} flag(s).` : ''}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Keep it
          </Button>
          <Button color="red" loading={busy} onClick={remove}>
            Delete context field
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Context fields: the evaluation-context names constraints test, with legal values and stickiness. */
export function ContextFieldsScreen() {
  const now = useNow();
  const fields = useServerData('context-fields', (api) => api.listContextFields());
  const outbox = useProfileOutbox();
  const [editing, setEditing] = useState<ContextField | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ContextField | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [queued, setQueued] = useState(false);

  const rows = fields.data ? displayedFields(fields.data, outbox) : undefined;
  const done = (result: SubmitResult | null, applied: string) => {
    if (result === null) return;
    setQueued(result === 'queued');
    setNotice(result === 'applied' ? applied : null);
  };

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
      {notice ? (
        <Alert color="teal" variant="light" withCloseButton onClose={() => setNotice(null)} mb="md">
          {notice}
        </Alert>
      ) : null}
      {queued ? <PendingChangeNotice onClose={() => setQueued(false)} /> : null}
      <QueryState
        query={{ ...fields, data: rows }}
        noun="context fields"
        isEmpty={(data) => data.length === 0}
      >
        {(data) => (
          <Table.ScrollContainer minWidth={720}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>Legal values</Table.Th>
                  <Table.Th>Stickiness</Table.Th>
                  <Table.Th className={classes.number}>Used by flags</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map(({ field, pending }) => {
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
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <Button
                            variant="subtle"
                            size="xs"
                            disabled={removed}
                            aria-label={`Edit ${field.name}`}
                            onClick={() => setEditing(field)}
                          >
                            Edit
                          </Button>
                          <Button
                            variant="subtle"
                            color="red"
                            size="xs"
                            disabled={removed}
                            aria-label={`Delete ${field.name}`}
                            onClick={() => setDeleting(field)}
                          >
                            Delete
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
            existingNames={(rows ?? []).map((row) => row.field.name)}
            onCancel={() => setEditing(null)}
            onDone={(result, name) => {
              setEditing(null);
              done(result, `Context field ${name} ${editing === 'new' ? 'created' : 'saved'}.`);
            }}
          />
        ) : null}
      </Modal>
      <DeleteDialog
        field={deleting}
        onClose={(result) => {
          const name = deleting?.name;
          setDeleting(null);
          done(result, `Context field ${name} deleted.`);
        }}
      />
    </>
  );
}
