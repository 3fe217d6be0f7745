import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../../test-utils/fake-server';
import { renderWithConsole } from '../../../test-utils/render';
import { InactiveUsersScreen } from './InactiveUsersScreen';

describe('inactive users screen', () => {
  it('lists inactive users and deletes the selected ones', async () => {
    let inactiveUsers = [
      { id: 7, name: 'Old Timer', email: 'old@example.com', createdAt: '2025-01-01T00:00:00Z', seenAt: null },
      { id: 8, username: 'ghost', createdAt: '2025-01-01T00:00:00Z', seenAt: '2025-02-01T00:00:00Z' },
    ];
    const server = createFakeServer()
      .on('GET', '/api/admin/user-admin/inactive', () => ({ body: { version: 1, inactiveUsers } }))
      .on('POST', '/api/admin/user-admin/inactive/delete', (request) => {
        const ids = (request.body as { ids: number[] }).ids;
        inactiveUsers = inactiveUsers.filter((user) => !ids.includes(user.id));
        return { status: 200 };
      });
    await renderWithConsole(<InactiveUsersScreen />, { server });
    const row = await screen.findByTestId('inactive-user-7');
    expect(row.textContent).toContain('old@example.com');
    expect(row.textContent).toContain('never');
    expect(screen.getByRole('button', { name: 'Delete selected (0)' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByLabelText('Select ghost'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected (1)' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete users' }));
    expect(await screen.findByText('1 user deleted.')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/user-admin/inactive/delete')[0]?.body).toEqual({ ids: [8] });
    await waitFor(() => expect(screen.queryByTestId('inactive-user-8')).toBeNull());
  });
});
