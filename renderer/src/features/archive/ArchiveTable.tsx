import { Checkbox, Table } from '@mantine/core';
import type { FeatureSearchResult } from '../../../../server/contract';
import { ListTable } from '../../components/ListTable/ListTable';
import { ArchivedFlagRow } from './ArchivedFlagRow';
import { ArchivePager } from './ArchivePager';
import type { useArchiveSelection } from './use-archive-selection';

/** One page of archived flags with "Select all on this page" and the pager under it. */
export function ArchiveTable({
  flags,
  total,
  selection,
  offset,
  pageSize,
  onOffset,
}: {
  flags: readonly FeatureSearchResult[];
  total: number;
  selection: ReturnType<typeof useArchiveSelection>;
  offset: number;
  pageSize: number;
  onOffset: (offset: number) => void;
}) {
  const { chosen, allChosen, reviving, revive } = selection;
  return (
    <>
      <ListTable minWidth={640} columns={['', 'Flag', 'Project', 'Type', 'Archived', '']}>
        <Table.Tr>
          <Table.Td colSpan={6}>
            <Checkbox
              label="Select all on this page"
              checked={allChosen}
              indeterminate={chosen.length > 0 && !allChosen}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                selection.setSelected(new Set(on ? flags.map((flag) => flag.name) : []));
              }}
            />
          </Table.Td>
        </Table.Tr>
        {flags.map((flag) => (
          <ArchivedFlagRow
            key={flag.name}
            flag={flag}
            checked={selection.selected.has(flag.name)}
            onCheck={(on) => selection.toggle(flag.name, on)}
            reviving={reviving}
            onRevive={() => void revive([flag])}
          />
        ))}
      </ListTable>
      <ArchivePager
        offset={offset}
        shown={flags.length}
        total={total}
        pageSize={pageSize}
        onOffset={onOffset}
      />
    </>
  );
}
