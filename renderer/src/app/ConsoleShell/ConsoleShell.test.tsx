import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeBridge } from '../../features/desktop/fake-bridge';
import { navigate } from '../../router/navigation';
import { createFakeServer } from '../../test-utils/fake-server';
import { currentPath, renderConsole } from '../../test-utils/render';
import { ROUTES } from '../routes';

const AREAS = [
  'Projects',
  'Flags',
  'Segments',
  'Context fields',
  'Environments',
  'Tag types',
  'Feature types',
  'API tokens',
  'Personal access tokens',
  'Users',
  'Roles',
  'Groups',
  'Service accounts',
  'Invite links',
  'Login history',
  'Event log',
  'Instance statistics',
  'Applications',
];

function flagServer() {
  return createFakeServer()
    .on('GET', '/api/admin/search/features', (request) => ({
      body: {
        total: 1,
        features: [
          {
            name: `checkout-${request.query.get('query') ?? 'all'}`,
            type: 'release',
            description: null,
            dependencyType: null,
            project: 'default',
            stale: false,
            favorite: false,
            impressionData: false,
            createdAt: '2026-11-20T10:00:00Z',
            archivedAt: null,
            environments: [],
            segments: [],
          },
        ],
      },
    }))
    .on('GET', '/api/admin/projects', { version: 1, projects: [] })
    .on('GET', '/api/admin/feature-types', { version: 1, types: [] });
}

describe('console shell', () => {
  it('has navigation for every area of the console', async () => {
    await renderConsole({ server: flagServer() });
    const nav = await screen.findByRole('navigation', { name: 'Console areas' });
    for (const area of AREAS) expect(within(nav).getByRole('link', { name: area }), area).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Flags' }).getAttribute('href')).toBe('/features');
    expect(ROUTES.map((route) => route.label)).toEqual(expect.arrayContaining(AREAS));
    expect(screen.getByTestId('user-menu').textContent).toBe('Ada Admin');
  });

  it('opens the command bar with Ctrl+K and jumps to a screen with the keyboard', async () => {
    await renderConsole({ server: flagServer(), path: '/features' });
    await screen.findByRole('heading', { name: 'Flags' });
    act(() => {
      fireEvent.keyDown(document.documentElement, { key: 'k', code: 'KeyK', ctrlKey: true });
    });
    const input = await screen.findByRole('combobox', { name: 'Command' });
    fireEvent.change(input, { target: { value: 'envir' } });
    expect(screen.getAllByRole('option')[0]?.textContent).toContain('Environments');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(currentPath()).toBe('/environments'));
  });

  it('finds flags on the server from the command bar', async () => {
    const server = flagServer();
    await renderConsole({ server, path: '/projects' });
    fireEvent.click(await screen.findByTestId('command-button'));
    fireEvent.change(await screen.findByRole('combobox', { name: 'Command' }), { target: { value: 'chk' } });
    const flag = await screen.findByRole('option', { name: /checkout-chk/ }, { timeout: 5000 });
    const search = server.calls('GET', '/api/admin/search/features').at(-1)!;
    expect(search.query.get('query')).toBe('chk');
    expect(search.query.get('limit')).toBe('8');
    fireEvent.click(flag);
    await waitFor(() => expect(currentPath()).toBe('/projects/default/features/checkout-chk'));
  });

  it('sends the root path to the flag list and says when a screen does not exist', async () => {
    await renderConsole({ server: flagServer(), path: '/' });
    await waitFor(() => expect(currentPath()).toBe('/features'));
    act(() => navigate('/nowhere'));
    expect(await screen.findByText('There is no screen at /nowhere.')).toBeTruthy();
  });

  it('opens the screen the desktop menu asks for', async () => {
    const server = flagServer();
    const fake = createFakeBridge(server);
    // The desktop window routes on the hash (app/console-router.tsx).
    await renderConsole({ server, platform: fake.platform, path: '/' });
    await waitFor(() => expect(currentPath()).toBe('/#/features'));
    act(() => fake.emit('switchyard:app:show-view', { view: 'server-logs' }));
    await waitFor(() => expect(currentPath()).toBe('/#/console/server-logs'));
    act(() => fake.emit('switchyard:app:show-view', { view: 'settings' }));
    await waitFor(() => expect(currentPath()).toBe('/#/console/server'));
  });
});
