import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, unleashError } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { ApiTokensScreen } from './ApiTokensScreen';

function tokenServer() {
  let tokens = [
    {
      tokenName: 'checkout',
      type: 'client',
      projects: ['default'],
      environment: 'development',
      createdAt: '2026-11-01T00:00:00Z',
      prefix: 'default:development.3f2a',
    },
  ];
  return createFakeServer()
    .on('GET', '/api/admin/api-tokens', () => ({ body: { tokens } }))
    .on('GET', '/api/admin/environments', {
      version: 1,
      environments: [
        { name: 'development', type: 'development', enabled: true, protected: false, sortOrder: 1 },
        { name: 'retired', type: 'test', enabled: false, protected: false, sortOrder: 2 },
      ],
    })
    .on('GET', '/api/admin/projects', { version: 1, projects: [{ id: 'default', name: 'Default' }] })
    .on('POST', '/api/admin/api-tokens', (request) => {
      const body = request.body as {
        tokenName: string;
        type: string;
        environment: string;
        projects: string[];
      };
      if (body.environment !== 'development') {
        return unleashError(400, 'BadDataError', `Environment=${body.environment} does not exist`);
      }
      const secret = `*:development.${'ab'.repeat(28)}`;
      tokens.push({ ...body, createdAt: '2026-11-22T10:00:00Z', prefix: '*:development.abab' });
      return {
        status: 201,
        body: { ...body, createdAt: '2026-11-22T10:00:00Z', prefix: '*:development.abab', secret },
      };
    })
    .on('DELETE', '/api/admin/api-tokens/default%3Adevelopment.3f2a', () => {
      tokens = tokens.filter((token) => token.prefix !== 'default:development.3f2a');
      return { status: 200 };
    });
}

describe('API tokens screen', () => {
  it('lists tokens with their scope', async () => {
    await renderWithConsole(<ApiTokensScreen />, { server: tokenServer() });
    expect(await screen.findByText('checkout')).toBeTruthy();
    expect(screen.getByText('default:development.3f2a…')).toBeTruthy();
  });

  it('deletes a token by its prefix after confirmation', async () => {
    const server = tokenServer();
    await renderWithConsole(<ApiTokensScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete checkout' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('default:development.3f2a')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete token' }));
    await waitFor(() => expect(screen.queryByText('checkout')).toBeNull());
    expect(server.calls('DELETE', '/api/admin/api-tokens/default%3Adevelopment.3f2a')).toHaveLength(1);
  });

  it('creates a token and shows its secret once, with a copy button', async () => {
    const server = tokenServer();
    await renderWithConsole(<ApiTokensScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'New API token' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'mobile-app' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    const secret = await within(dialog).findByTestId('token-secret');
    expect(secret.textContent).toBe(`*:development.${'ab'.repeat(28)}`);
    expect(within(dialog).getByRole('button', { name: 'Copy secret' })).toBeTruthy();
    expect(within(dialog).getByText(/only time the secret is shown/)).toBeTruthy();
    expect(server.calls('POST', '/api/admin/api-tokens')[0]?.body).toEqual({
      tokenName: 'mobile-app',
      type: 'client',
      environment: 'development',
      projects: ['*'],
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('token-secret')).toBeNull());
    expect(await screen.findByText('mobile-app')).toBeTruthy();
  });

  it('asks for a name before sending', async () => {
    const server = tokenServer();
    await renderWithConsole(<ApiTokensScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'New API token' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('Name the token after what uses it')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/api-tokens')).toEqual([]);
  });

  it('cannot create a token offline, since the server makes the secret', async () => {
    const server = tokenServer();
    const { console: app } = await renderWithConsole(<ApiTokensScreen />, { server });
    await screen.findByText('checkout');
    server.offline = true;
    await app.checkConnection();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'New API token' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
  });
});
