import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { CdnTokensSection } from './CdnTokensSection';
import { createCdnTokenBody } from './cdn-token-form';

const SECRET = `*:production.${'cd'.repeat(28)}`;

function cdnServer(permissions: Array<{ permission: string; project?: string }>) {
  const tokens: Array<Record<string, unknown>> = [
    { tokenName: 'storefront', project: 'default', environment: 'production', expiresAt: null },
  ];
  return createFakeServer()
    .on('GET', '/api/admin/user', {
      user: { id: 2, username: 'frontend-admin', email: null, isAPI: false },
      permissions,
      feedback: [],
      splash: {},
    })
    .on('GET', '/api/admin/cdn/tokens', () => ({ body: { tokens } }))
    .on('GET', '/api/admin/environments', {
      version: 1,
      environments: [
        { name: 'production', type: 'production', enabled: true, protected: false, sortOrder: 1 },
      ],
    })
    .on('GET', '/api/admin/projects', { version: 1, projects: [{ id: 'default', name: 'Default' }] })
    .on('POST', '/api/admin/cdn/tokens', (request) => {
      const body = request.body as Record<string, unknown>;
      tokens.push({ ...body, expiresAt: body.expiresAt ?? null });
      return { status: 202, body: { ...body, secret: SECRET } };
    });
}

const FRONTEND_TOKENS = [
  { permission: 'READ_FRONTEND_API_TOKEN' },
  { permission: 'CREATE_FRONTEND_API_TOKEN' },
];

describe('CDN tokens', () => {
  it('lists the CDN tokens with their project', async () => {
    await renderWithConsole(<CdnTokensSection />, { server: cdnServer(FRONTEND_TOKENS) });
    const row = await screen.findByTestId('cdn-token-storefront');
    expect(within(row).getByText('default')).toBeTruthy();
    expect(within(row).getByText('production')).toBeTruthy();
  });

  it('creates a token for all projects without naming one, and shows its secret once', async () => {
    const server = cdnServer(FRONTEND_TOKENS);
    await renderWithConsole(<CdnTokensSection />, { server });
    const button = await screen.findByRole('button', { name: 'New CDN token' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'edge-cache' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create CDN token' }));
    expect((await within(dialog).findByTestId('token-secret')).textContent).toBe(SECRET);
    expect(within(dialog).getByRole('button', { name: 'Copy secret' })).toBeTruthy();
    expect(server.calls('POST', '/api/admin/cdn/tokens')[0]?.body).toEqual({
      tokenName: 'edge-cache',
      environment: 'production',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('token-secret')).toBeNull());
    expect(await screen.findByTestId('cdn-token-edge-cache')).toBeTruthy();
  });

  it('disables creating without CREATE_FRONTEND_API_TOKEN', async () => {
    await renderWithConsole(<CdnTokensSection />, {
      server: cdnServer([{ permission: 'READ_FRONTEND_API_TOKEN' }]),
    });
    await screen.findByTestId('cdn-token-storefront');
    const button = screen.getByRole('button', { name: 'New CDN token' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
  });

  it('is hidden, and never asks the server, without READ_FRONTEND_API_TOKEN', async () => {
    // A project-level grant of the same name does not count: the route checks the root permission.
    const server = cdnServer([{ permission: 'READ_FRONTEND_API_TOKEN', project: 'default' }]);
    await renderWithConsole(<CdnTokensSection />, { server });
    await waitFor(() => expect(server.calls('GET', '/api/admin/user').length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'CDN tokens' })).toBeNull());
    expect(server.calls('GET', '/api/admin/cdn/tokens')).toEqual([]);
  });

  it('names one project, and the end of the expiry day', () => {
    const body = createCdnTokenBody({
      tokenName: ' shop ',
      environment: 'production',
      project: 'default',
      expiresAt: '2027-01-31',
    });
    expect(body).toEqual({
      tokenName: 'shop',
      environment: 'production',
      project: 'default',
      expiresAt: new Date('2027-01-31T23:59:59').toISOString(),
    });
  });
});
