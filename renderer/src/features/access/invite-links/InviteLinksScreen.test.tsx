import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeServer } from '../../../test-utils/fake-server';
import { renderWithConsole } from '../../../test-utils/render';
import { InviteLinksScreen } from './InviteLinksScreen';

const viewer = { id: 3, name: 'Viewer', type: 'root' };

function inviteServer() {
  const links = [
    {
      secret: 'a1b2',
      url: 'http://switchyard.test/new-user?invite=a1b2',
      name: 'Spring interns',
      enabled: true,
      expiresAt: '2026-11-29T23:59:59.000Z',
      createdAt: '2026-11-20T00:00:00.000Z',
      createdBy: 'admin',
      users: [{ id: 40 }],
      role: viewer,
    },
  ];
  return createFakeServer()
    .on('GET', '/api/admin/invite-link/tokens', () => ({ body: { tokens: links } }))
    .on('GET', '/api/admin/invite-link/tokens/a1b2', () => ({ body: links[0] }))
    .on('POST', '/api/admin/invite-link/tokens', (request) => {
      const body = request.body as { name: string; expiresAt: string };
      const link = {
        ...body,
        secret: 'c3d4',
        url: 'http://switchyard.test/new-user?invite=c3d4',
        enabled: true,
        createdAt: '2026-11-22T10:00:00.000Z',
        createdBy: 'admin',
        users: [],
        role: viewer,
      };
      links.push(link);
      return { status: 201, body: link };
    })
    .on('PUT', '/api/admin/invite-link/tokens/a1b2', (request) => {
      Object.assign(links[0] as object, request.body as object);
      return { body: links[0] };
    });
}

describe('invite links screen', () => {
  it('lists links with their role, state and users, and copies a link', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderWithConsole(<InviteLinksScreen />, { server: inviteServer() });
    const row = await screen.findByTestId('invite-link-Spring interns');
    expect(row.textContent).toContain('Viewer');
    expect(
      (within(row).getByRole('switch', { name: 'Enable Spring interns' }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(within(row).getByRole('button', { name: 'Copy link Spring interns' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith('http://switchyard.test/new-user?invite=a1b2'),
    );
  });

  it('creates a link and shows its URL', async () => {
    const server = inviteServer();
    await renderWithConsole(<InviteLinksScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'New invite link' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByText('Name the link after whom it is for')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/invite-link/tokens')).toEqual([]);
    expect(within(dialog).getByText(/becomes a Viewer/)).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Autumn team' } });
    fireEvent.change(within(dialog).getByLabelText(/^Expires/), { target: { value: '2026-12-10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect((await within(dialog).findByTestId('revealed-link')).textContent).toBe(
      'http://switchyard.test/new-user?invite=c3d4',
    );
    expect(server.calls('POST', '/api/admin/invite-link/tokens')[0]?.body).toEqual({
      name: 'Autumn team',
      expiresAt: new Date('2026-12-10T23:59:59').toISOString(),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByTestId('invite-link-Autumn team')).toBeTruthy();
  });

  it('disables a link offline through the outbox and changes its expiry', async () => {
    const server = inviteServer();
    const { console: app } = await renderWithConsole(<InviteLinksScreen />, { server });
    const row = await screen.findByTestId('invite-link-Spring interns');
    server.offline = true;
    await app.checkConnection();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'New invite link' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
    fireEvent.click(within(row).getByRole('switch', { name: 'Enable Spring interns' }));
    expect(await screen.findByText(/your change is pending/)).toBeTruthy();
    expect(app.store.getState().outbox[0]).toMatchObject({
      kind: 'invite-link',
      target: 'a1b2',
      base: { enabled: true },
      mine: { enabled: false },
    });
    expect(
      (within(row).getByRole('switch', { name: 'Enable Spring interns' }) as HTMLInputElement).checked,
    ).toBe(false);
    server.offline = false;
    await app.checkConnection();
    await waitFor(() => expect(app.store.getState().outbox).toEqual([]));
    expect(server.calls('PUT', '/api/admin/invite-link/tokens/a1b2')[0]?.body).toEqual({ enabled: false });

    fireEvent.click(within(row).getByRole('button', { name: 'Change expiry of Spring interns' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Expires/), { target: { value: '2026-11-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save expiry' }));
    expect(await within(dialog).findByText('Choose a day in the future')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Expires/), { target: { value: '2026-12-15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save expiry' }));
    await waitFor(() => expect(server.calls('PUT', '/api/admin/invite-link/tokens/a1b2')).toHaveLength(2));
    expect(server.calls('PUT', '/api/admin/invite-link/tokens/a1b2')[1]?.body).toEqual({
      expiresAt: new Date('2026-12-15T23:59:59').toISOString(),
    });
  });
});
