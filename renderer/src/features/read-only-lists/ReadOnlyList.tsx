import { Table, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { AdminApi } from '../../api/admin-api';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';
import classes from './ReadOnlyList.module.css';

export interface Column<T> {
  label: string;
  render: (row: T) => ReactNode;
  numeric?: boolean;
}

export interface ReadOnlyListProps<T> {
  title: string;
  description: ReactNode;
  /** Cache key of the query; screens reading the same path share it. */
  queryKey: string;
  load: (api: AdminApi) => Promise<T[]>;
  columns: ReadonlyArray<Column<T>>;
  rowKey: (row: T) => string;
  /** Text the filter box matches against. */
  text: (row: T) => string;
  noun: string;
}

/** A list screen over one admin GET path: saved for offline use, filtered in place. */
export function ReadOnlyList<T>({
  title,
  description,
  queryKey,
  load,
  columns,
  rowKey,
  text,
  noun,
}: ReadOnlyListProps<T>) {
  const now = useNow();
  const rows = useServerData(queryKey, load);
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        savedAt={rows.savedAt}
        fromCache={rows.fromCache}
        now={now}
      />
      <TextInput
        placeholder={`Filter ${noun}`}
        aria-label={`Filter ${noun}`}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
        className={classes.filter}
      />
      <QueryState query={rows} noun={noun} isEmpty={(data) => data.length === 0}>
        {(data) => {
          const shown = needle ? data.filter((row) => text(row).toLowerCase().includes(needle)) : data;
          return (
            <>
              <Table.ScrollContainer minWidth={640}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      {columns.map((column) => (
                        <Table.Th key={column.label} className={column.numeric ? classes.number : undefined}>
                          {column.label}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.map((row) => (
                      <Table.Tr key={rowKey(row)}>
                        {columns.map((column) => (
                          <Table.Td
                            key={column.label}
                            className={column.numeric ? classes.number : undefined}
                          >
                            {column.render(row)}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Text size="sm" c="dimmed" mt="sm">
                {shown.length === data.length
                  ? `${data.length} ${noun}`
                  : `${shown.length} of ${data.length} ${noun}`}
              </Text>
            </>
          );
        }}
      </QueryState>
    </>
  );
}
