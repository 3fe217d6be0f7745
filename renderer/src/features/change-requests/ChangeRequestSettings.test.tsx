import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { ChangeRequestList } from './ChangeRequestList';
import { ChangeRequestSettings } from './ChangeRequestSettings';
import { BASE, changeRequestServer, newRequest } from './change-request-test-server';

describe('change-request settings of a project', () => {
  it('switches change requests on per environment and sets the approvals it needs', async () => {
    const { server, config } = changeRequestServer();
    const path = `${BASE}/environments/development/change-requests/config`;
    server.on('PUT', path, (request) => {
      const body = request.body as { changeRequestsEnabled: boolean; requiredApprovals: number };
      Object.assign(config[0] ?? {}, {
        changeRequestEnabled: body.changeRequestsEnabled,
        requiredApprovals: body.requiredApprovals,
      });
      return answer(204);
    });
    await renderWithConsole(<ChangeRequestSettings projectId="default" />, { server });
    const production = await screen.findByTestId('change-request-config-production');
    expect(
      (within(production).getByLabelText('Require change requests in production') as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(
      (within(production).getByLabelText('Required approvals in production') as HTMLInputElement).value,
    ).toBe('1');

    fireEvent.click(screen.getByLabelText('Require change requests in development'));
    await waitFor(() => expect(server.calls('PUT', path)).toHaveLength(1));
    expect(server.calls('PUT', path)[0]?.body).toEqual({ changeRequestsEnabled: true, requiredApprovals: 1 });

    const approvals = screen.getByLabelText('Required approvals in development') as HTMLInputElement;
    await waitFor(() => expect(approvals.disabled).toBe(false));
    fireEvent.change(approvals, { target: { value: '3' } });
    fireEvent.blur(approvals);
    await waitFor(() => expect(server.calls('PUT', path)).toHaveLength(2));
    expect(server.calls('PUT', path)[1]?.body).toEqual({
      changeRequestsEnabled: true,
      requiredApprovals: 3,
    });
  });
});

describe('who may approve, on the change-request settings', () => {
  /** Custom role 7 approves in production; a created role is kept and listed afterwards. */
  function rolesServer(grants: Array<{ permission: string }>) {
    const setup = changeRequestServer();
    const roles = [
      { id: 1, type: 'root', name: 'Admin', permissions: [{ name: 'ADMIN' }] },
      { id: 4, type: 'project', name: 'Owner', permissions: [{ name: 'UPDATE_PROJECT' }] },
      {
        id: 7,
        type: 'custom',
        name: 'Production reviewer',
        permissions: [{ name: 'APPROVE_CHANGE_REQUEST', environment: 'production' }],
      },
    ];
    setup.server
      .on('GET', '/api/admin/user', { user: { id: 1, username: 'admin' }, permissions: grants })
      .on('GET', '/api/admin/roles', () => ({ body: { version: 1, roles } }))
      .on('POST', '/api/admin/roles', (request) => {
        const body = request.body as { name: string; type: string; permissions: object[] };
        roles.push({ id: 8, ...body } as (typeof roles)[number]);
        return { body: { version: 1, roles: { id: 8, type: body.type, name: body.name } } };
      });
    for (const id of [1, 4, 7, 8])
      setup.server.on('GET', `/api/admin/roles/${id}`, () => ({
        body: roles.find((role) => role.id === id),
      }));
    return setup;
  }

  it('says when only admins can approve in a governed environment and creates an approver role', async () => {
    const { server, config } = rolesServer([{ permission: 'ADMIN' }]);
    Object.assign(config[0] ?? {}, { changeRequestEnabled: true, requiredApprovals: 1 });
    await renderWithConsole(<ChangeRequestSettings projectId="default" />, { server });
    const notice = await screen.findByTestId('admin-only-approvers-development');
    expect(notice.textContent).toContain('Only admins can approve change requests in development');
    // Production has its custom reviewer role.
    expect(screen.queryByTestId('admin-only-approvers-production')).toBeNull();
    fireEvent.click(within(notice).getByRole('button', { name: 'Create an approver role for development' }));
    await waitFor(() => expect(server.calls('POST', '/api/admin/roles')).toHaveLength(1));
    expect(server.calls('POST', '/api/admin/roles')[0]?.body).toEqual({
      name: 'Change request approver (development)',
      type: 'custom',
      description: 'Approves and applies change requests in development.',
      permissions: [
        { name: 'APPROVE_CHANGE_REQUEST', environment: 'development' },
        { name: 'APPLY_CHANGE_REQUEST', environment: 'development' },
      ],
    });
    expect((await screen.findByTestId('approver-role-created')).textContent).toContain(
      'Change request approver (development)',
    );
    await waitFor(() => expect(screen.queryByTestId('admin-only-approvers-development')).toBeNull());
  });

  it('tells a non-admin why they cannot create the role', async () => {
    const { server, config } = rolesServer([]);
    Object.assign(config[0] ?? {}, { changeRequestEnabled: true, requiredApprovals: 1 });
    await renderWithConsole(<ChangeRequestSettings projectId="default" />, { server });
    const notice = await screen.findByTestId('admin-only-approvers-development');
    const create = within(notice).getByRole('button', { name: 'Create an approver role for development' });
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(true));
    expect(create.getAttribute('data-disabled-reason')).toBe(
      'Only admins create roles: ask one to create it.',
    );
  });
});

describe('project change-request list', () => {
  it('lists open requests first and filters by state', async () => {
    const { server, requests } = changeRequestServer();
    requests.push(
      { ...newRequest(1, 'production', 'Applied'), title: 'Old launch' },
      { ...newRequest(2, 'production', 'In review'), title: 'Nordic launch' },
      { ...newRequest(3, 'production', 'Draft') },
    );
    await renderWithConsole(<ChangeRequestList project="default" />, { server });
    await screen.findByTestId('change-request-row-2');
    const ids = () => screen.getAllByTestId(/^change-request-row-/).map((row) => row.dataset.testid);
    expect(ids()).toEqual(['change-request-row-3', 'change-request-row-2']);
    expect(screen.getByTestId('change-request-row-2').textContent).toContain('In review');
    fireEvent.click(screen.getByLabelText('State', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Applied' }));
    await waitFor(() => expect(ids()).toEqual(['change-request-row-1']));
    expect(screen.getByRole('link', { name: '#1 Old launch' }).getAttribute('href')).toBe(
      '/projects/default/change-requests/1',
    );
  });
});
