import { Button, ColorSwatch, Group, Table, Text } from '@mantine/core';
import type { TagType } from '../../api/types';
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
  const dialogs = useCrudDialogs<TagType>();
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
        actions={<Button onClick={dialogs.openCreate}>New tag type</Button>}
      />
      <EditNotices notices={dialogs.notices} />
      <QueryState query={{ ...types, data: rows }} noun="tag types" isEmpty={(data) => data.length === 0}>
        {(data) => (
          <ListTable minWidth={560} columns={['Tag type', 'Description', 'Icon', '']}>
            {data.map(({ item, pending }) => (
              <TagTypeRow key={item.name} type={item} pending={pending} dialogs={dialogs} />
            ))}
          </ListTable>
        )}
      </QueryState>
      <CrudEditDialog
        dialogs={dialogs}
        title={(target) => editTitle(target, 'New tag type', (type) => type.name)}
      >
        {(target) => (
          <TagTypeForm
            {...(target.mode === 'edit' ? { tagType: target.item } : {})}
            existingNames={(rows ?? []).map((row) => row.item.name)}
            onCancel={dialogs.closeEdit}
            onDone={(result, name) =>
              dialogs.finishEdit(result, `Tag type ${name} ${target.mode === 'new' ? 'created' : 'saved'}.`)
            }
          />
        )}
      </CrudEditDialog>
      <CrudDeleteDialog
        dialogs={dialogs}
        title={(type) => `Delete the tag type ${type.name}?`}
        confirmLabel="Delete tag type"
        cancelLabel="Keep it"
        failure="The tag type was not deleted"
        deleted={(type) => `Tag type ${type.name} deleted.`}
        onConfirm={(type) => submitEdit(deleteTagTypeEdit(type))}
      >
        {() => 'Tags of this type are removed from every flag that carries them.'}
      </CrudDeleteDialog>
    </>
  );
}

function TagTypeRow({
  type,
  pending,
  dialogs,
}: {
  type: TagType;
  pending: OutboxEntry | undefined;
  dialogs: CrudDialogs<TagType>;
}) {
  const removed = pending?.mine === null;
  return (
    <Table.Tr data-testid={`tag-type-${type.name}`}>
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
          <RowEditButton label={type.name} disabled={removed} onClick={() => dialogs.openEdit(type)} />
          <RowDeleteButton label={type.name} disabled={removed} onClick={() => dialogs.openDelete(type)} />
        </RowActions>
      </Table.Td>
    </Table.Tr>
  );
}
