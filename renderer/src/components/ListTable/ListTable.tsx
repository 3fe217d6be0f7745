import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column heading; an empty label leaves the heading blank (the row actions' column). */
export type ListTableColumn = string | { label: string; className?: string };

export interface ListTableProps {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  columns: readonly ListTableColumn[];
  /** The rows: `Table.Tr` elements. */
  children: ReactNode;
  className?: string;
}

/** The console's list of things: a scrollable Mantine table with one heading row. */
export function ListTable({ minWidth, columns, children, className }: ListTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table className={className}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => {
              const { label, className: columnClass } =
                typeof column === 'string' ? { label: column } : column;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: headings are fixed; blank ones share a label
                <Table.Th key={index} className={columnClass}>
                  {label}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
