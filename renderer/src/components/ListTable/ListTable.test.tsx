import { MantineProvider, Table } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { ListTable } from './ListTable';

describe('ListTable', () => {
  it('heads the rows with the columns, a blank one for the actions', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <ListTable minWidth={560} columns={['Name', { label: 'Used by flags', className: 'number' }, '']}>
          <Table.Tr>
            <Table.Td>region</Table.Td>
            <Table.Td>3</Table.Td>
            <Table.Td />
          </Table.Tr>
        </ListTable>
      </MantineProvider>,
    );
    const headings = screen.getAllByRole('columnheader');
    expect(headings.map((heading) => heading.textContent)).toEqual(['Name', 'Used by flags', '']);
    expect(headings[1]?.className).toContain('number');
    expect(screen.getByRole('cell', { name: 'region' })).toBeTruthy();
  });
});
