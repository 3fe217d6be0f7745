import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, unleashError } from '../../../test-utils/fake-server';
import { renderWithConsole } from '../../../test-utils/render';
import { GroupsScreen } from './GroupsScreen';

const ada = { id: 1, name: 'Ada Admin', email: 'ada@example.com' };
const bo = { id: 7, name: 'Bo Builder', email: 'bo@example.com' };

function groupServer() {
  let groups = [
    {
      id: 5,
      name: 'Platform',
      description: 'The platform team',
      rootRole: 2,
      mappingsSSO: ['platform-devs'],
      users: [{ user: ada }],
      userCount: 1,
      projects: ['default'],
      createdAt: '2026-11-01T00:00:00Z',
    },
  ];
  return createFakeServer()
    .on('GET', '/api/admin/groups', () => ({ body: { groups } }))
    .on('GET', '/api/admin/groups/5', () => ({ body: groups[0] }))
    .on('GET', '/api/admin/roles', {
      version: 1,
      roles: [
        { id: 1, name: 'Admin', type: 'root' },
        { id: 2, name: 'Editor', type: 'root' },
        { id: 4, name: 'Owner', type: 'project' },
      ],
    })
    .on('GET', '/api/admin/user-admin/search', (request) => ({
      body: [ada, bo].filter((user) => user.name.toLowerCase().includes(request.query.get('q') ?? '')),
    }))
    .on('POST', '/api/admin/groups', (request) => {
      const body = request.body as { name: string };
      if (body.name === 'Platform') return unleashError(409, 'NameExistsError', 'Group name already exists');
      return { status: 201, body: { id: 6, ...body } };
    })
    .on('PUT', '/api/admin/groups/5', (request) => {
      const body = request.body as {
        name: string;
        mappingsSSO: string[];
        users: Array<{ user: { id: number } }>;
      };
      groups = [
        {
          ...(groups[0] as (typeof groups)[number]),
          name: body.name,
          mappingsSSO: body.mappingsSSO,
          users: body.users.map(({ user }) => ({ user: user.id === 1 ? ada : bo })),
          userCount: body.users.length,
        },
      ];
      return { body: groups[0] };
    })
    .on('DELETE', '/api/admin/groups/5', () => {
      groups = [];
      return { status: 200 };
    });
}

describe('groups screen', () => {
  it('lists groups with members and root role', async () => {
    await renderWithConsole(<GroupsScreen />, { server: groupServer() });
    const row = await screen.findByTestId('group-5');
    expect(row.textContent).toContain('Ada Admin');
    await waitFor(() => expect(row.textContent).toContain('Editor'));
    expect(row.textContent).toContain('default');
  });

  it('creates a group with members found by a search of at least 2 characters', async () => {
    const server = groupServer();
    await renderWithConsole(<GroupsScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Builders' } });
    const search = within(dialog).getByLabelText(/^Members/);
    fireEvent.change(search, { target: { value: 'b' } });
    expect(await within(dialog).findByText('Type at least 2 characters to search')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'bo' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add Bo Builder' }, { timeout: 3000 }));
    expect(within(dialog).getByTestId('picked-users').textContent).toContain('Bo Builder');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('Group Builders created.')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/groups')[0]?.body).toEqual({
      name: 'Builders',
      description: null,
      mappingsSSO: [],
      rootRole: null,
      users: [{ user: { id: 7 } }],
    });
    // Only 2 characters and more are searched (the write refreshes what is still on screen, once more).
    expect(new Set(server.calls('GET', '/api/admin/user-admin/search').map((r) => r.query.get('q')))).toEqual(
      new Set(['bo']),
    );
  });

  it('shows a taken name next to the name field', async () => {
    await renderWithConsole(<GroupsScreen />, { server: groupServer() });
    fireEvent.click(await screen.findByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await within(dialog).findByText('A group needs a name')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Platform' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    const message = await within(dialog).findByText('Group name already exists');
    expect(within(dialog).getByLabelText(/^Name/).getAttribute('aria-describedby')).toContain(message.id);
  });

  it('changes members offline through the outbox and sends them on reconnect', async () => {
    const server = groupServer();
    const { console: app } = await renderWithConsole(<GroupsScreen />, { server });
    await screen.findByTestId('group-5');
    await waitFor(() => expect(screen.getByTestId('group-5').textContent).toContain('Editor'));
    fireEvent.click(screen.getByRole('button', { name: 'Edit Platform' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Members/), { target: { value: 'bo' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add Bo Builder' }, { timeout: 3000 }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Ada Admin' }));
    server.offline = true;
    await app.checkConnection();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save group' }));
    expect(await screen.findByText(/your change is pending/)).toBeTruthy();
    expect(within(screen.getByTestId('group-5')).getByTestId('pending-badge')).toBeTruthy();
    expect(app.store.getState().outbox[0]).toMatchObject({
      kind: 'group',
      target: '5',
      base: {
        name: 'Platform',
        description: 'The platform team',
        rootRole: 2,
        mappingsSSO: ['platform-devs'],
        users: [1],
      },
      mine: {
        name: 'Platform',
        description: 'The platform team',
        rootRole: 2,
        mappingsSSO: ['platform-devs'],
        users: [7],
      },
    });

    server.offline = false;
    await app.checkConnection();
    await waitFor(() => expect(app.store.getState().outbox).toEqual([]));
    expect(server.calls('PUT', '/api/admin/groups/5')[0]?.body).toEqual({
      name: 'Platform',
      description: 'The platform team',
      mappingsSSO: ['platform-devs'],
      rootRole: 2,
      users: [{ user: { id: 7 } }],
    });
    await waitFor(() => expect(screen.getByTestId('group-5').textContent).toContain('Bo Builder'));
  });

  it('deletes a group after confirmation', async () => {
    const server = groupServer();
    await renderWithConsole(<GroupsScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Platform' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete group' }));
    await waitFor(() => expect(screen.queryByTestId('group-5')).toBeNull());
    expect(server.calls('DELETE', '/api/admin/groups/5')).toHaveLength(1);
  });

  it('shows SCIM-managed groups with a badge and without edit controls', async () => {
    const server = createFakeServer()
      .on('GET', '/api/admin/groups', {
        groups: [{ id: 8, name: 'Provisioned', users: [], userCount: 0, projects: [], scimId: 'g-1' }],
      })
      .on('GET', '/api/admin/roles', { version: 1, roles: [] });
    await renderWithConsole(<GroupsScreen />, { server });
    const row = within(await screen.findByTestId('group-8'));
    expect(row.getByText('SCIM')).toBeTruthy();
    expect(row.getByText(/Managed by your identity provider through SCIM/)).toBeTruthy();
    expect((row.getByRole('button', { name: 'Edit Provisioned' }) as HTMLButtonElement).disabled).toBe(true);
    expect((row.getByRole('button', { name: 'Delete Provisioned' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('edits SSO group mappings offline through the outbox, and sends them on create', async () => {
    const server = groupServer();
    const { console: app } = await renderWithConsole(<GroupsScreen />, { server });
    await screen.findByTestId('group-5');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Platform' }));
    const dialog = await screen.findByRole('dialog');
    const mappings = within(dialog).getByRole('combobox', { name: /SSO group mappings/ });
    expect(within(dialog).getByText('platform-devs')).toBeTruthy();
    // Mantine ignores changes to an input without focus, as a person types into a focused one.
    mappings.focus();
    fireEvent.change(mappings, { target: { value: 'okta-platform' } });
    fireEvent.keyDown(mappings, { key: 'Enter' });
    await waitFor(() => expect(within(dialog).getByText('okta-platform')).toBeTruthy());
    server.offline = true;
    await app.checkConnection();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save group' }));
    expect(await screen.findByText(/your change is pending/)).toBeTruthy();
    expect(app.store.getState().outbox[0]).toMatchObject({
      kind: 'group',
      base: { mappingsSSO: ['platform-devs'] },
      mine: { mappingsSSO: ['platform-devs', 'okta-platform'] },
    });
    server.offline = false;
    await app.checkConnection();
    await waitFor(() => expect(app.store.getState().outbox).toEqual([]));
    expect(server.calls('PUT', '/api/admin/groups/5')[0]?.body).toMatchObject({
      mappingsSSO: ['platform-devs', 'okta-platform'],
    });

    fireEvent.click(await screen.findByRole('button', { name: /New group/ }));
    const create = await screen.findByRole('dialog');
    fireEvent.change(within(create).getByLabelText(/^Name/), { target: { value: 'Data' } });
    const createMappings = within(create).getByRole('combobox', { name: /SSO group mappings/ });
    createMappings.focus();
    fireEvent.change(createMappings, { target: { value: 'data-eng' } });
    fireEvent.keyDown(createMappings, { key: 'Enter' });
    fireEvent.click(within(create).getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(server.calls('POST', '/api/admin/groups')).toHaveLength(1));
    expect(server.calls('POST', '/api/admin/groups')[0]?.body).toMatchObject({
      name: 'Data',
      mappingsSSO: ['data-eng'],
    });
  });
});
