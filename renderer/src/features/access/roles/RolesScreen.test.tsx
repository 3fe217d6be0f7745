import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, unleashError } from '../../../test-utils/fake-server';
import { renderWithConsole } from '../../../test-utils/render';
import { RolesScreen } from './RolesScreen';

const permission = (id: number, name: string, displayName: string, type: string, environment?: string) => ({
  id,
  name,
  displayName,
  type,
  ...(environment ? { environment } : {}),
});

function roleServer() {
  const roles = [
    { id: 1, name: 'Admin', type: 'root', description: 'Everything' },
    { id: 4, name: 'Owner', type: 'project' },
    { id: 10, name: 'Releaser', type: 'custom', description: 'Turns flags on' },
  ];
  const releaser = {
    ...roles[2],
    permissions: [
      permission(30, 'UPDATE_FEATURE_ENVIRONMENT', 'Enable/disable flags', 'environment', 'development'),
    ],
  };
  return createFakeServer()
    .on('GET', '/api/admin/roles', () => ({ body: { version: 1, roles } }))
    .on('GET', '/api/admin/roles/10', () => ({ body: releaser }))
    .on('GET', '/api/admin/permissions', {
      version: 1,
      permissions: {
        root: [permission(2, 'CREATE_PROJECT', 'Create projects', 'root')],
        project: [permission(20, 'CREATE_FEATURE', 'Create feature flags', 'project')],
        environments: [
          {
            name: 'development',
            permissions: [
              permission(
                30,
                'UPDATE_FEATURE_ENVIRONMENT',
                'Enable/disable flags',
                'environment',
                'development',
              ),
            ],
          },
          {
            name: 'production',
            permissions: [
              permission(
                30,
                'UPDATE_FEATURE_ENVIRONMENT',
                'Enable/disable flags',
                'environment',
                'production',
              ),
            ],
          },
        ],
      },
    })
    .on('POST', '/api/admin/roles', (request) => {
      const body = request.body as { name: string; type: string };
      if (body.name === 'Admin')
        return unleashError(409, 'NameExistsError', 'There already is a role named Admin');
      roles.push({ id: 11, name: body.name, type: body.type });
      return { body: { version: 1, roles: { id: 11, ...body } } };
    })
    .on('PUT', '/api/admin/roles/10', (request) => {
      Object.assign(roles[2] as object, request.body as object);
      return { body: { version: 1, roles: roles[2] } };
    })
    .on(
      'DELETE',
      '/api/admin/roles/10',
      unleashError(400, 'RoleInUseError', 'Role is in use by users or groups'),
    );
}

describe('roles screen', () => {
  it('lists root and project roles, built-in ones without actions', async () => {
    await renderWithConsole(<RolesScreen />, { server: roleServer() });
    const admin = await screen.findByTestId('role-1');
    expect(admin.textContent).toContain('built-in');
    expect(within(admin).queryByRole('button')).toBeNull();
    expect(within(screen.getByTestId('role-10')).getByRole('button', { name: 'Edit Releaser' })).toBeTruthy();
    expect(screen.getByText('Root roles')).toBeTruthy();
    expect(screen.getByText('Project roles')).toBeTruthy();
  });

  it('creates a project role with permissions chosen per environment', async () => {
    const server = roleServer();
    await renderWithConsole(<RolesScreen />, { server });
    await screen.findByTestId('role-10');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'New role' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'New role' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(await within(dialog).findByText('A role needs a name')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Flag author' } });
    fireEvent.click(within(dialog).getByLabelText('Create feature flags'));
    fireEvent.click(within(dialog).getByLabelText('Enable/disable flags in production'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(await screen.findByText('Role Flag author created.')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/roles')[0]?.body).toEqual({
      name: 'Flag author',
      description: '',
      type: 'custom',
      permissions: [
        { name: 'CREATE_FEATURE' },
        { name: 'UPDATE_FEATURE_ENVIRONMENT', environment: 'production' },
      ],
    });
  });

  it('shows a taken name next to the name field', async () => {
    const server = roleServer();
    await renderWithConsole(<RolesScreen />, { server });
    await screen.findByTestId('role-10');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'New role' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'New role' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Root role' }));
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Admin' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    const message = await within(dialog).findByText('There already is a role named Admin');
    expect(within(dialog).getByLabelText(/^Name/).getAttribute('aria-describedby')).toContain(message.id);
  });

  it('edits a custom role through the outbox with its permissions', async () => {
    const server = roleServer();
    const { console: app } = await renderWithConsole(<RolesScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Releaser' }));
    const dialog = await screen.findByRole('dialog');
    const development = await within(dialog).findByLabelText('Enable/disable flags in development');
    expect((development as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('Create feature flags'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(server.calls('PUT', '/api/admin/roles/10')).toHaveLength(1));
    expect(server.calls('PUT', '/api/admin/roles/10')[0]?.body).toEqual({
      name: 'Releaser',
      description: 'Turns flags on',
      type: 'custom',
      permissions: [
        { name: 'CREATE_FEATURE' },
        { name: 'UPDATE_FEATURE_ENVIRONMENT', environment: 'development' },
      ],
    });
    expect(app.store.getState().outbox).toEqual([]);
  });

  it("shows the server's refusal to delete a role in use", async () => {
    const server = roleServer();
    await renderWithConsole(<RolesScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Releaser' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete role' }));
    expect(await within(dialog).findByText('Role is in use by users or groups')).toBeTruthy();
    expect(within(dialog).getByText('The role was not deleted')).toBeTruthy();
    expect(server.calls('DELETE', '/api/admin/roles/10')).toHaveLength(1);
  });
});
