import { Checkbox, Table } from '@mantine/core';
import type { FeatureSearchResult } from '../../../../server/contract';
import type { PendingFlagRow } from '../flags/index';
import { PendingProjectFlagRow, ProjectFlagRow } from './ProjectFlagRow';
import { FLAG_COLUMNS, type FlagColumn } from './project-flag-bulk';
import { COLUMN_LABELS } from './project-flag-columns';

/** The project's flags on this page, the offline-created ones first, with a select-all checkbox. */
export function ProjectFlagTable({
  projectId,
  columns,
  rows,
  pendingRows,
  selected,
  allOnPage,
  someOnPage,
  onToggle,
  onToggleAll,
}: {
  projectId: string;
  columns: readonly FlagColumn[];
  rows: readonly FeatureSearchResult[];
  pendingRows: readonly PendingFlagRow[];
  selected: ReadonlySet<string>;
  allOnPage: boolean;
  someOnPage: boolean;
  onToggle: (name: string) => void;
  onToggleAll: () => void;
}) {
  const shown = (column: FlagColumn) => columns.includes(column);
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select all flags on this page"
                checked={allOnPage}
                indeterminate={someOnPage}
                onChange={onToggleAll}
              />
            </Table.Th>
            <Table.Th>Flag</Table.Th>
            {FLAG_COLUMNS.filter(shown).map((column) => (
              <Table.Th key={column}>{COLUMN_LABELS[column]}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pendingRows.map((row) => (
            <PendingProjectFlagRow key={`pending:${row.flag.name}`} row={row} shown={shown} />
          ))}
          {rows.map((feature) => (
            <ProjectFlagRow
              key={feature.name}
              projectId={projectId}
              feature={feature}
              selected={selected.has(feature.name)}
              onToggle={() => onToggle(feature.name)}
              shown={shown}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
