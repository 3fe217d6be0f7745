import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A column heading. An empty label is the row actions' column: blank on screen, named "Actions"
 * for screen readers (axe: empty-table-header); `hidden` names a column for them only.
 */
export type ListTableColumn = string | { label: string; className?: string; hidden?: boolean };

export interface ListTableProps {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  columns: readonly ListTableColumn[];
  /** The rows: `Table.Tr` elements. */
  children: ReactNode;
  className?: string;
  /**
   * Names the scrolling area and makes it a tab stop, so the keyboard can scroll a narrow window's
   * table sideways; for tables whose rows hold nothing focusable (axe: scrollable-region-focusable).
   */
  regionLabel?: string;
}

/** The console's list of things: a scrollable Mantine table with one heading row. */
export function ListTable({ minWidth, columns, children, className, regionLabel }: ListTableProps) {
  const viewportProps = regionLabel ? { tabIndex: 0, role: 'region', 'aria-label': regionLabel } : undefined;
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      {...(viewportProps ? { scrollAreaProps: { viewportProps } } : {})}
    >
      <Table className={className}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => {
              const {
                label,
                className: columnClass,
                hidden = false,
              } = typeof column === 'string' ? { label: column } : column;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: headings are fixed; blank ones share a label
                <Table.Th key={index} className={columnClass}>
                  {label && !hidden ? label : <VisuallyHidden>{label || 'Actions'}</VisuallyHidden>}
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
