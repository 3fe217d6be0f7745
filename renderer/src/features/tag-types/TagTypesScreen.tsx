import { Button, ColorSwatch, Table } from '@mantine/core';
import type { TagType } from '../../api/types';
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
  const { dialogs, screen } = useNamedOutboxCrud({
    query: useServerData('tag-types:list', async (api) => (await api.listTagTypes()).tagTypes),
    kind: 'tag-type',
    fromSnapshot,
    Noun: 'Tag type',
    form: (target, props) => (
      <TagTypeForm {...(target.mode === 'edit' ? { tagType: target.item } : {})} {...props} />
    ),
    deleteEdit: deleteTagTypeEdit,
    consequence: () => 'Tags of this type are removed from every flag that carries them.',
  });
  return (
    <CrudScreen
      {...screen}
      title="Tag types"
      description="The kinds of tags flags can carry, e.g. simple or team."
      actions={<Button onClick={dialogs.openCreate}>New tag type</Button>}
      noun="tag types"
      isEmpty={(data) => data.length === 0}
      list={(data) => (
        <ListTable minWidth={560} columns={['Tag type', 'Description', 'Icon', '']}>
          {data.map((row) => (
            <TagTypeRow key={row.item.name} row={row} dialogs={dialogs} />
          ))}
        </ListTable>
      )}
    />
  );
}

function TagTypeRow({ row, dialogs }: { row: PendingRow<TagType>; dialogs: CrudDialogs<TagType> }) {
  const { item: type, pending } = row;
  const removed = pending?.mine === null;
  return (
    <Table.Tr data-testid={`tag-type-${type.name}`}>
      <Table.Td>
        <RowName
          name={type.name}
          entry={pending}
          struck={removed}
          before={type.color ? <ColorSwatch color={type.color} size={12} aria-hidden /> : null}
        />
      </Table.Td>
      <Table.Td>{type.description || '–'}</Table.Td>
      <Table.Td>{type.icon || '–'}</Table.Td>
      <Table.Td>
        <CrudRowActions
          label={type.name}
          disabled={removed}
          onEdit={() => dialogs.openEdit(type)}
          onDelete={() => dialogs.openDelete(type)}
        />
      </Table.Td>
    </Table.Tr>
  );
}
