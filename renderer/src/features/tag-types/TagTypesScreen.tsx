import { Button, ColorSwatch, Group, Modal, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { TagType } from '../../api/types';
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
import { TagTypeForm } from './TagTypeForm';
import { deleteTagTypeEdit, type tagTypeSnapshot } from './tag-type-edits';

type TypeSnapshot = ReturnType<typeof tagTypeSnapshot>;

const fromSnapshot = (snapshot: TypeSnapshot, base?: TagType): TagType => ({
  ...base,
  name: snapshot.name,
  ...(snapshot.description ? { description: snapshot.description } : { description: '' }),
  icon: snapshot.icon,
});

/** Tag types: the kinds of tags flags carry (simple, team, …). */
export function TagTypesScreen() {
  const { mutateAsync: submitEdit } = useEditMutation();
  const now = useNow();
  const types = useServerData('tag-types:list', async (api) => (await api.listTagTypes()).tagTypes);
  const outbox = useProfileOutbox();
  const [editing, setEditing] = useState<TagType | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TagType | null>(null);
  const notices = useEditNotices();
  const rows = types.data
    ? overlayPending(types.data, outbox, 'tag-type', (type) => type.name, fromSnapshot)
    : undefined;

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
      <EditNotices notices={notices} />
      <QueryState query={{ ...types, data: rows }} noun="tag types" isEmpty={(data) => data.length === 0}>
        {(data) => (
          <ListTable minWidth={560} columns={['Tag type', 'Description', 'Icon', '']}>
            {data.map(({ item: type, pending }) => {
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
                    <RowActions>
                      <RowEditButton label={type.name} disabled={removed} onClick={() => setEditing(type)} />
                      <RowDeleteButton
                        label={type.name}
                        disabled={removed}
                        onClick={() => setDeleting(type)}
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
        title={editing === 'new' ? 'New tag type' : `Edit ${editing?.name ?? ''}`}
      >
        {editing !== null ? (
          <TagTypeForm
            {...(editing === 'new' ? {} : { tagType: editing })}
            existingNames={(rows ?? []).map((row) => row.item.name)}
            onCancel={() => setEditing(null)}
            onDone={(result, name) => {
              setEditing(null);
              notices.afterEdit(result, `Tag type ${name} ${editing === 'new' ? 'created' : 'saved'}.`);
            }}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete the tag type ${deleting?.name ?? ''}?`}
        confirmLabel="Delete tag type"
        cancelLabel="Keep it"
        failure="The tag type was not deleted"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          notices.afterEdit(
            await submitEdit(deleteTagTypeEdit(deleting)),
            `Tag type ${deleting.name} deleted.`,
          );
        }}
      >
        Tags of this type are removed from every flag that carries them.
      </ConfirmDialog>
    </>
  );
}
