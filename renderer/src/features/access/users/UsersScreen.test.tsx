import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, unleashError } from '../../../test-utils/fake-server';
import { renderWithConsole } from '../../../test-utils/render';
import { UsersScreen } from './UsersScreen';

const ROOT_ROLES = [
  { id: 1, name: 'Admin', type: 'root' },
  { id: 2, name: 'Editor', type: 'root' },
  { id: 3, name: 'Viewer', type: 'root' },
];

function userServer() {
  let users = [
    { id: 1, name: 'Ada Admin', email: 'ada@example.com', username: 'admin', rootRole: 1 },
    { id: 7, name: 'Bo Builder', email: 'bo@example.com', rootRole: 2 },
  ];
  return createFakeServer()
    .on('GET', '/api/admin/user-admin', () => ({ body: { users, rootRoles: ROOT_ROLES } }))
    .on('GET', '/api/admin/user-admin/search', (request) => ({
      body: users.filter((user) => user.name.toLowerCase().includes(request.query.get('q') ?? '')),
    }))
    .on('GET', '/api/admin/user-admin/7', () => ({ body: users.find((user) => user.id === 7) }))
    .on('POST', '/api/admin/user-admin', (request) => {
      const body = request.body as { name?: string; email?: string; rootRole: number; password?: string };
      if (body.password === 'short') {
        return unleashError(400, 'OwaspValidationError', 'The password must be at least 10 characters long.');
      }
      if (body.email === 'ada@example.com') return unleashError(400, 'BadDataError', 'User already exists');
      const user = { id: 9, name: body.name ?? '', email: body.email ?? '', rootRole: body.rootRole };
      users.push(user);
      return {
        status: 201,
        body: {
          ...user,
          inviteLink: body.password ? '' : 'http://switchyard.test/new-user?token=abc123',
          // As a server with EMAIL_HOST set: the invite went out by e-mail too.
          emailSent: !body.password,
        },
      };
    })
    .on('PUT', '/api/admin/user-admin/7', (request) => {
      const body = request.body as { name: string; email: string; rootRole: number };
      users = users.map((user) => (user.id === 7 ? { ...user, ...body } : user));
      return { body: users.find((user) => user.id === 7) };
    })
    .on('DELETE', '/api/admin/user-admin/7', () => {
      users = users.filter((user) => user.id !== 7);
      return { status: 200 };
    })
    .on('POST', '/api/admin/user-admin/reset-password', {
      resetPasswordUrl: 'http://switchyard.test/reset-password?token=r3set',
    })
    .on('POST', '/api/admin/user-admin/7/change-password', (request) =>
      (request.body as { password: string }).password.length < 10
        ? unleashError(400, 'OwaspValidationError', 'The password must be at least 10 characters long.')
        : { status: 200 },
    );
}

async function openDialog(button: string) {
  fireEvent.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog');
}

describe('users screen', () => {
  it('lists users with their root role and searches from 2 characters on', async () => {
    const server = userServer();
    await renderWithConsole(<UsersScreen />, { server });
    const row = await screen.findByTestId('user-7');
    expect(row.textContent).toContain('Editor');
    expect(screen.getByText('Name, username or e-mail: at least 2 characters')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Search users/), { target: { value: 'b' } });
    expect(await screen.findByText('Type at least 2 characters to search')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Search users/), { target: { value: 'bo' } });
    await waitFor(() => expect(screen.queryByTestId('user-1')).toBeNull(), { timeout: 3000 });
    expect(await screen.findByTestId('user-7')).toBeTruthy();
    expect(server.calls('GET', '/api/admin/user-admin/search').map((r) => r.query.get('q'))).toEqual(['bo']);
  });

  it('creates a user without a password and shows the invite link with a copy button', async () => {
    const server = userServer();
    await renderWithConsole(<UsersScreen />, { server });
    const dialog = await openDialog('New user');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Cy Coder' } });
    fireEvent.change(within(dialog).getByLabelText(/^E-mail/), { target: { value: 'cy@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect((await within(dialog).findByTestId('revealed-link')).textContent).toBe(
      'http://switchyard.test/new-user?token=abc123',
    );
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(dialog.textContent).toContain('An invitation with this link is on its way to cy@example.com');
    expect(server.calls('POST', '/api/admin/user-admin')[0]?.body).toEqual({
      name: 'Cy Coder',
      email: 'cy@example.com',
      rootRole: 3,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByTestId('user-9')).toBeTruthy();
  });

  it('asks for an e-mail or username, and shows password rules next to the password', async () => {
    const server = userServer();
    await renderWithConsole(<UsersScreen />, { server });
    const dialog = await openDialog('New user');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(
      await within(dialog).findByText('Give an e-mail or a username: the user signs in with it'),
    ).toBeTruthy();
    expect(server.calls('POST', '/api/admin/user-admin')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/^E-mail/), { target: { value: 'dee@example.com' } });
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    const message = await within(dialog).findByText('The password must be at least 10 characters long.');
    expect(
      within(dialog)
        .getByLabelText(/^Password/)
        .getAttribute('aria-describedby'),
    ).toContain(message.id);

    fireEvent.change(within(dialog).getByLabelText(/^E-mail/), { target: { value: 'ada@example.com' } });
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText('User already exists')).toBeTruthy();
  });

  it('edits name, e-mail and root role through the outbox, queueing while offline', async () => {
    const server = userServer();
    const { console: app } = await renderWithConsole(<UsersScreen />, { server });
    await screen.findByTestId('user-7');
    server.offline = true;
    await app.checkConnection();
    const dialog = await openDialog('Edit Bo Builder');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Bo Boss' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save user' }));
    expect(await screen.findByText(/your change is pending/)).toBeTruthy();
    expect(within(screen.getByTestId('user-7')).getByTestId('pending-badge').textContent).toBe('Pending');
    expect(screen.getByTestId('user-7').textContent).toContain('Bo Boss');
    expect(app.store.getState().outbox[0]).toMatchObject({
      kind: 'user',
      target: '7',
      base: { name: 'Bo Builder', email: 'bo@example.com', rootRole: 2 },
      mine: { name: 'Bo Boss', email: 'bo@example.com', rootRole: 2 },
    });

    server.offline = false;
    await app.checkConnection();
    await waitFor(() => expect(app.store.getState().outbox).toEqual([]));
    expect(server.calls('PUT', '/api/admin/user-admin/7')[0]?.body).toEqual({
      name: 'Bo Boss',
      email: 'bo@example.com',
      rootRole: 2,
    });
  });

  it('holds a queued edit as a conflict when someone changed the user meanwhile', async () => {
    const server = userServer();
    const { console: app } = await renderWithConsole(<UsersScreen />, { server });
    await screen.findByTestId('user-7');
    server.offline = true;
    await app.checkConnection();
    const dialog = await openDialog('Edit Bo Builder');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Bo Boss' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save user' }));
    await screen.findByText(/your change is pending/);

    server.on('GET', '/api/admin/user-admin/7', {
      id: 7,
      name: 'Bo Builder',
      email: 'bo@example.com',
      rootRole: 3,
    });
    server.offline = false;
    await app.checkConnection();
    await waitFor(() => expect(app.store.getState().outbox[0]?.state.status).toBe('conflict'));
    expect(app.store.getState().outbox[0]?.state).toMatchObject({
      server: { name: 'Bo Builder', email: 'bo@example.com', rootRole: 3 },
    });
    expect(server.calls('PUT', '/api/admin/user-admin/7')).toEqual([]);
    expect(within(screen.getByTestId('user-7')).getByTestId('pending-badge').textContent).toBe('Conflict');
  });

  it('deletes a user after confirmation, and not while offline', async () => {
    const server = userServer();
    const { console: app } = await renderWithConsole(<UsersScreen />, { server });
    const dialog = await openDialog('Delete Bo Builder');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    await waitFor(() => expect(screen.queryByTestId('user-7')).toBeNull());
    expect(server.calls('DELETE', '/api/admin/user-admin/7')).toHaveLength(1);

    server.offline = true;
    await app.checkConnection();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'New user' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect((screen.getByRole('button', { name: 'Delete Ada Admin' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('makes a reset link or sets a password', async () => {
    const server = userServer();
    await renderWithConsole(<UsersScreen />, { server });
    let dialog = await openDialog('Password of Bo Builder');
    fireEvent.change(within(dialog).getByLabelText(/^New password/), { target: { value: 'short' } });
    fireEvent.change(within(dialog).getByLabelText(/^Repeat/), { target: { value: 'shorter' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set password' }));
    expect(await within(dialog).findByText('The passwords differ')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Repeat/), { target: { value: 'short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set password' }));
    expect(await within(dialog).findByText('The password must be at least 10 characters long.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^New password/), {
      target: { value: 'long enough 123' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Repeat/), { target: { value: 'long enough 123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set password' }));
    expect(await within(dialog).findByText(/is changed/)).toBeTruthy();
    expect(server.calls('POST', '/api/admin/user-admin/7/change-password')[1]?.body).toEqual({
      password: 'long enough 123',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));

    dialog = await openDialog('Password of Bo Builder');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make reset link' }));
    expect((await within(dialog).findByTestId('revealed-link')).textContent).toBe(
      'http://switchyard.test/reset-password?token=r3set',
    );
    expect(server.calls('POST', '/api/admin/user-admin/reset-password')[0]?.body).toEqual({ id: '7' });
  });

  it('shows SCIM-managed users with a badge and without edit controls', async () => {
    const server = createFakeServer().on('GET', '/api/admin/user-admin', {
      users: [
        { id: 3, name: 'Cy Scim', email: 'cy@example.com', rootRole: 3, scimId: 'a1b2' },
        { id: 4, name: 'Di Local', email: 'di@example.com', rootRole: 3, scimId: null },
      ],
      rootRoles: ROOT_ROLES,
    });
    await renderWithConsole(<UsersScreen />, { server });
    const scimRow = within(await screen.findByTestId('user-3'));
    expect(scimRow.getByText('SCIM')).toBeTruthy();
    expect(scimRow.getByText(/Managed by your identity provider through SCIM/)).toBeTruthy();
    expect((scimRow.getByRole('button', { name: 'Edit Cy Scim' }) as HTMLButtonElement).disabled).toBe(true);
    expect((scimRow.getByRole('button', { name: 'Password of Cy Scim' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((scimRow.getByRole('button', { name: 'Delete Cy Scim' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    const localRow = within(screen.getByTestId('user-4'));
    expect(localRow.queryByText('SCIM')).toBeNull();
    expect((localRow.getByRole('button', { name: 'Edit Di Local' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});
