import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, unleashError } from '../../../test-utils/fake-server';
import { renderWithConsole } from '../../../test-utils/render';
import { PersonalAccessTokensScreen } from './PersonalAccessTokensScreen';

const SECRET = `user:${'cd'.repeat(28)}`;

function patServer() {
  let pats: Array<{
    id: number;
    description: string;
    createdAt: string;
    expiresAt: string;
    expiryWarning?: string;
  }> = [
    {
      id: 3,
      description: 'laptop scripts',
      createdAt: '2026-11-01T00:00:00Z',
      expiresAt: '2026-11-25T00:00:00Z',
      expiryWarning: 'expires-soon',
    },
  ];
  return createFakeServer()
    .on('GET', '/api/admin/user/tokens', () => ({ body: { pats } }))
    .on('POST', '/api/admin/user/tokens', (request) => {
      const body = request.body as { description: string; expiresAt: string };
      if (body.description === 'too many') {
        return unleashError(
          400,
          'ExceedsLimitError',
          "Failed to create personal access token. You can't create more than the established limit of 10.",
        );
      }
      const pat = { id: 4, createdAt: '2026-11-22T10:00:00Z', ...body };
      pats.push(pat);
      return { status: 201, body: { ...pat, secret: SECRET } };
    })
    .on('DELETE', '/api/admin/user/tokens/3', () => {
      pats = pats.filter((pat) => pat.id !== 3);
      return { status: 200 };
    });
}

async function openCreate() {
  fireEvent.click(await screen.findByRole('button', { name: 'New token' }));
  return screen.findByRole('dialog');
}

describe('personal access tokens screen', () => {
  it('lists tokens with their expiry warning', async () => {
    await renderWithConsole(<PersonalAccessTokensScreen />, { server: patServer() });
    const row = await screen.findByTestId('token-3');
    expect(row.textContent).toContain('laptop scripts');
    expect(row.textContent).toContain('expires-soon');
  });

  it('creates a token and shows its secret once', async () => {
    const server = patServer();
    await renderWithConsole(<PersonalAccessTokensScreen />, { server });
    const dialog = await openCreate();
    fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: 'ci pipeline' } });
    fireEvent.change(within(dialog).getByLabelText(/^Expires/), { target: { value: '2026-12-31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect((await within(dialog).findByTestId('token-secret')).textContent).toBe(SECRET);
    expect(within(dialog).getByRole('button', { name: 'Copy secret' })).toBeTruthy();
    expect(server.calls('POST', '/api/admin/user/tokens')[0]?.body).toEqual({
      description: 'ci pipeline',
      expiresAt: new Date('2026-12-31T23:59:59').toISOString(),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('token-secret')).toBeNull());
    expect(await screen.findByTestId('token-4')).toBeTruthy();
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('checks the description and expiry, and shows what the server refuses', async () => {
    const server = patServer();
    await renderWithConsole(<PersonalAccessTokensScreen />, { server });
    const dialog = await openCreate();
    fireEvent.change(within(dialog).getByLabelText(/^Expires/), { target: { value: '2026-11-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('Say what the token is for')).toBeTruthy();
    expect(within(dialog).getByText('Choose a day in the future')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/user/tokens')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: 'too many' } });
    fireEvent.change(within(dialog).getByLabelText(/^Expires/), { target: { value: '2026-12-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText(/established limit of 10/)).toBeTruthy();
  });

  it('deletes a token after a second click', async () => {
    const server = patServer();
    await renderWithConsole(<PersonalAccessTokensScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete laptop scripts' }));
    expect(server.calls('DELETE', '/api/admin/user/tokens/3')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(screen.queryByTestId('token-3')).toBeNull());
    expect(server.calls('DELETE', '/api/admin/user/tokens/3')).toHaveLength(1);
  });

  it('cannot create a token offline', async () => {
    const server = patServer();
    const { console: app } = await renderWithConsole(<PersonalAccessTokensScreen />, { server });
    await screen.findByTestId('token-3');
    server.offline = true;
    await app.checkConnection();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'New token' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(
      (screen.getByRole('button', { name: 'Delete laptop scripts' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
