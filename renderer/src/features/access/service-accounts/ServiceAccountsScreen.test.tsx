import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, unleashError } from '../../../test-utils/fake-server';
import { renderWithConsole } from '../../../test-utils/render';
import { ServiceAccountsScreen } from './ServiceAccountsScreen';

const SECRET = `user:${'ef'.repeat(28)}`;
const token = {
  id: 21,
  description: 'deploy bot',
  createdAt: '2026-11-01T00:00:00Z',
  expiresAt: '2027-01-01T00:00:00Z',
};

function accountServer() {
  let accounts = [{ id: 12, name: 'Deployer', username: 'deployer', rootRole: 2, tokens: [token] }];
  let tokens = [token];
  return createFakeServer()
    .on('GET', '/api/admin/service-account', () => ({
      body: {
        serviceAccounts: accounts,
        rootRoles: [
          { id: 2, name: 'Editor', type: 'root' },
          { id: 3, name: 'Viewer', type: 'root' },
        ],
      },
    }))
    .on('POST', '/api/admin/service-account', (request) => {
      const body = request.body as { name: string; username: string; rootRole: number };
      if (body.username === 'deployer') return unleashError(409, 'NameExistsError', 'The username is taken');
      accounts.push({ id: 13, ...body, tokens: [] });
      return { status: 201, body: { id: 13, ...body } };
    })
    .on('PUT', '/api/admin/service-account/12', (request) => {
      accounts = accounts.map((account) => ({ ...account, ...(request.body as object) }));
      return { body: accounts[0] };
    })
    .on('DELETE', '/api/admin/service-account/12', () => {
      accounts = [];
      return { status: 200 };
    })
    .on('GET', '/api/admin/service-account/12/token', () => ({ body: { pats: tokens } }))
    .on('POST', '/api/admin/service-account/12/token', (request) => {
      const created = {
        id: 22,
        createdAt: '2026-11-22T10:00:00Z',
        ...(request.body as { description: string; expiresAt: string }),
      };
      tokens = [...tokens, created];
      return { status: 201, body: { ...created, secret: SECRET } };
    })
    .on('DELETE', '/api/admin/service-account/12/token/21', () => {
      tokens = tokens.filter((t) => t.id !== 21);
      return { status: 200 };
    });
}

describe('service accounts screen', () => {
  it('lists accounts with their root role and token count', async () => {
    await renderWithConsole(<ServiceAccountsScreen />, { server: accountServer() });
    const row = await screen.findByTestId('service-account-12');
    expect(row.textContent).toContain('deployer');
    expect(row.textContent).toContain('Editor');
  });

  it('creates an account, showing a taken username next to its field', async () => {
    const server = accountServer();
    await renderWithConsole(<ServiceAccountsScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'New service account' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create service account' }));
    expect(await within(dialog).findByText('A service account needs a username')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Importer' } });
    fireEvent.change(within(dialog).getByLabelText(/^Username/), { target: { value: 'deployer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create service account' }));
    const message = await within(dialog).findByText('The username is taken');
    expect(
      within(dialog)
        .getByLabelText(/^Username/)
        .getAttribute('aria-describedby'),
    ).toContain(message.id);
    fireEvent.change(within(dialog).getByLabelText(/^Username/), { target: { value: 'importer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create service account' }));
    expect(await screen.findByTestId('service-account-13')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/service-account')[1]?.body).toEqual({
      name: 'Importer',
      username: 'importer',
      rootRole: 3,
    });
  });

  it('edits name and root role through the outbox', async () => {
    const server = accountServer();
    const { console: app } = await renderWithConsole(<ServiceAccountsScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Deployer' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/^Username/) as HTMLInputElement).readOnly).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Deploy robot' } });
    server.offline = true;
    await app.checkConnection();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save service account' }));
    expect(await screen.findByText(/your change is pending/)).toBeTruthy();
    expect(app.store.getState().outbox[0]).toMatchObject({
      kind: 'service-account',
      base: { name: 'Deployer', rootRole: 2 },
      mine: { name: 'Deploy robot', rootRole: 2 },
    });
    server.offline = false;
    await app.checkConnection();
    await waitFor(() => expect(app.store.getState().outbox).toEqual([]));
    expect(server.calls('PUT', '/api/admin/service-account/12')[0]?.body).toEqual({
      name: 'Deploy robot',
      rootRole: 2,
    });
  });

  it('creates a token with its secret shown once and deletes another', async () => {
    const server = accountServer();
    await renderWithConsole(<ServiceAccountsScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Tokens of Deployer' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('token-21')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete deploy bot' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(within(dialog).queryByTestId('token-21')).toBeNull());
    expect(server.calls('DELETE', '/api/admin/service-account/12/token/21')).toHaveLength(1);

    fireEvent.click(within(dialog).getByRole('button', { name: 'New token' }));
    fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: 'nightly import' } });
    fireEvent.change(within(dialog).getByLabelText(/^Expires/), { target: { value: '2026-12-24' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect((await within(dialog).findByTestId('token-secret')).textContent).toBe(SECRET);
    expect(server.calls('POST', '/api/admin/service-account/12/token')[0]?.body).toEqual({
      description: 'nightly import',
      expiresAt: new Date('2026-12-24T23:59:59').toISOString(),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await within(dialog).findByTestId('token-22')).toBeTruthy();
    expect(within(dialog).queryByTestId('token-secret')).toBeNull();
  });

  it('deletes an account after confirmation', async () => {
    const server = accountServer();
    await renderWithConsole(<ServiceAccountsScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Deployer' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete service account' }));
    await waitFor(() => expect(screen.queryByTestId('service-account-12')).toBeNull());
  });
});
