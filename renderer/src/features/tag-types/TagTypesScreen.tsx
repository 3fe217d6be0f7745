import { Alert, Button, ColorSwatch, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { TagType } from '../../api/types';
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
import { TagTypeForm } from './TagTypeForm';
import { deleteTagTypeEdit, type tagTypeSnapshot } from './tag-type-edits';

interface Row {
  type: TagType;
  pending?: OutboxEntry;
}

type TypeSnapshot = ReturnType<typeof tagTypeSnapshot>;

const fromSnapshot = (snapshot: TypeSnapshot, base?: TagType): TagType => ({
  ...base,
  name: snapshot.name,
  ...(snapshot.description ? { description: snapshot.description } : { description: '' }),
  icon: snapshot.icon,
});

/** The server's tag types with queued edits laid over them, and queued new types after them. */
export function displayedTagTypes(types: readonly TagType[], outbox: readonly OutboxEntry[]): Row[] {
  const latest = new Map<string, OutboxEntry>();
  for (const entry of outbox) if (entry.kind === 'tag-type') latest.set(entry.target, entry);
  const rows: Row[] = types.map((type) => {
    const pending = latest.get(type.name);
    const mine = pending?.mine as TypeSnapshot | null | undefined;
    return { type: mine ? fromSnapshot(mine, type) : type, ...(pending ? { pending } : {}) };
  });
  for (const [name, pending] of latest) {
    if (types.some((type) => type.name === name) || !pending.mine) continue;
    rows.push({ type: fromSnapshot(pending.mine as TypeSnapshot), pending });
  }
  return rows;
}

function DeleteDialog({
  type,
  onClose,
}: {
  type: TagType | null;
  onClose: (result: SubmitResult | null) => void;
}) {
  const consoleApi = useConsole();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  async function remove() {
    if (!type) return;
    setBusy(true);
    setError(null);
    try {
      onClose(await consoleApi.submitEdit(deleteTagTypeEdit(type)));
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
    <Modal opened={type !== null} onClose={close} title={`Delete the tag type ${type?.name ?? ''}?`}>
      <Stack gap="sm">
        {error ? <ErrorNotice error={error} title="The tag type was not deleted" /> : null}
        <Text size="sm">Tags of this type are removed from every flag that carries them.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Keep it
          </Button>
          <Button color="red" loading={busy} onClick={remove}>
            Delete tag type
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Tag types: the kinds of tags flags carry (simple, team, …). */
export function TagTypesScreen() {
  const now = useNow();
  const types = useServerData('tag-types', async (api) => (await api.listTagTypes()).tagTypes);
  const outbox = useProfileOutbox();
  const [editing, setEditing] = useState<TagType | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TagType | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [queued, setQueued] = useState(false);
  const rows = types.data ? displayedTagTypes(types.data, outbox) : undefined;
  const done = (result: SubmitResult | null, applied: string) => {
    if (result === null) return;
    setQueued(result === 'queued');
    setNotice(result === 'applied' ? applied : null);
  };

  return (
    <>
      <PageHeader
        title="Tag types"
        description="The kinds of tags flags can carry, e.g. simple or team."
        savedAt={types.savedAt}
        fromCache={types.fromCache}
        now={now}
        actions={<Button onClick={() => setEditing('new')}>New tag type</Button>}
      />
      {notice ? (
        <Alert color="teal" variant="light" withCloseButton onClose={() => setNotice(null)} mb="md">
          {notice}
        </Alert>
      ) : null}
      {queued ? <PendingChangeNotice onClose={() => setQueued(false)} /> : null}
      <QueryState query={{ ...types, data: rows }} noun="tag types" isEmpty={(data) => data.length === 0}>
        {(data) => (
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Tag type</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Icon</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map(({ type, pending }) => {
                  const removed = pending?.mine === null;
                  return (
                    <Table.Tr key={type.name} data-testid={`tag-type-${type.name}`}>
                      <Table.Td>
                        <Group gap="xs">
                          {type.color ? <ColorSwatch color={type.color} size={12} aria-hidden /> : null}
                          <Text fw={600} td={removed ? 'line-through' : undefined}>
                            {type.name}
                          </Text>
                          <PendingBadge entry={pending} />
                        </Group>
                      </Table.Td>
                      <Table.Td>{type.description || '–'}</Table.Td>
                      <Table.Td>{type.icon || '–'}</Table.Td>
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <Button
                            variant="subtle"
                            size="xs"
                            disabled={removed}
                            aria-label={`Edit ${type.name}`}
                            onClick={() => setEditing(type)}
                          >
                            Edit
                          </Button>
                          <Button
                            variant="subtle"
                            color="red"
                            size="xs"
                            disabled={removed}
                            aria-label={`Delete ${type.name}`}
                            onClick={() => setDeleting(type)}
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
        title={editing === 'new' ? 'New tag type' : `Edit ${editing?.name ?? ''}`}
      >
        {editing !== null ? (
          <TagTypeForm
            {...(editing === 'new' ? {} : { tagType: editing })}
            existingNames={(rows ?? []).map((row) => row.type.name)}
            onCancel={() => setEditing(null)}
            onDone={(result, name) => {
              setEditing(null);
              done(result, `Tag type ${name} ${editing === 'new' ? 'created' : 'saved'}.`);
            }}
          />
        ) : null}
      </Modal>
      <DeleteDialog
        type={deleting}
        onClose={(result) => {
          const name = deleting?.name;
          setDeleting(null);
          done(result, `Tag type ${name} deleted.`);
        }}
      />
    </>
  );
}
