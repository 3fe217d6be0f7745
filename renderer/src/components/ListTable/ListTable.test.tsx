import { MantineProvider, Table } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { ListTable } from './ListTable';

describe('ListTable', () => {
  it('heads the rows with the columns, the actions one named for screen readers only', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <ListTable
          minWidth={560}
          columns={[
            { label: 'Selection', hidden: true },
            'Name',
            { label: 'Used by flags', className: 'number' },
            '',
          ]}
        >
          <Table.Tr>
            <Table.Td />
            <Table.Td>region</Table.Td>
            <Table.Td>3</Table.Td>
            <Table.Td />
          </Table.Tr>
        </ListTable>
      </MantineProvider>,
    );
    const headings = screen.getAllByRole('columnheader');
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Selection',
      'Name',
      'Used by flags',
      'Actions',
    ]);
    // The selection and actions headings are hidden on screen, kept for screen readers.
    expect(headings[0]?.firstElementChild?.className).toContain('VisuallyHidden');
    expect(headings[1]?.firstElementChild).toBeNull();
    expect(headings[3]?.firstElementChild?.className).toContain('VisuallyHidden');
    expect(headings[2]?.className).toContain('number');
    expect(screen.getByRole('cell', { name: 'region' })).toBeTruthy();
  });
});
