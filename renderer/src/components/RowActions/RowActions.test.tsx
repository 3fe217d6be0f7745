import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithConsole } from '../../test-utils/render';
import { RowActions, RowDeleteButton, RowEditButton } from './RowActions';

const isDisabled = (name: string) => (screen.getByRole('button', { name }) as HTMLButtonElement).disabled;

describe('RowActions', () => {
  it('names the buttons after the row and calls back', async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    await renderWithConsole(
      <RowActions>
        <RowEditButton label="region" onClick={onEdit} />
        <RowDeleteButton label="region" onClick={onDelete} />
      </RowActions>,
    );
    screen.getByRole('button', { name: 'Edit region' }).click();
    screen.getByRole('button', { name: 'Delete region' }).click();
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('disables a deletion that needs the server while offline, and only that one', async () => {
    const { console: app, server } = await renderWithConsole(
      <RowActions>
        <RowEditButton label="Auditor" onClick={() => {}} />
        <RowDeleteButton label="Auditor" needsServer="Deleting a role" onClick={() => {}} />
        <RowDeleteButton label="region" onClick={() => {}} />
      </RowActions>,
    );
    expect(isDisabled('Delete Auditor')).toBe(false);
    server.offline = true;
    await app.checkConnection();
    await waitFor(() => expect(isDisabled('Delete Auditor')).toBe(true));
    expect(isDisabled('Edit Auditor')).toBe(false);
    expect(isDisabled('Delete region')).toBe(false);
  });
});
