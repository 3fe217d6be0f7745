import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeServer } from '../../test-utils/fake-server';
import { currentPath, renderWithConsole } from '../../test-utils/render';
import { ROUTES } from '../routes';
import { CommandBar } from './CommandBar';
import { matchScreens } from './command-search';

describe('screen matching', () => {
  it('matches labels first, then keywords, every word counting', () => {
    // Labels first; SCIM provisioning only by its keywords (its token).
    expect(matchScreens(ROUTES, 'tok').map((r) => r.label)).toEqual([
      'API tokens',
      'Personal access tokens',
      'SCIM provisioning',
    ]);
    expect(matchScreens(ROUTES, 'audit')[0]?.label).toBe('Event log');
    expect(matchScreens(ROUTES, 'access tok').map((r) => r.label)).toEqual([
      'Personal access tokens',
      'API tokens',
      'SCIM provisioning',
    ]);
    expect(matchScreens(ROUTES, '')).toHaveLength(ROUTES.length);
    expect(matchScreens(ROUTES, 'zzz')).toEqual([]);
  });
});

describe('command bar', () => {
  it('moves with the arrow keys and opens the chosen screen', async () => {
    const onClose = vi.fn();
    await renderWithConsole(<CommandBar opened onClose={onClose} />);
    const input = await screen.findByRole('combobox', { name: 'Command' });
    fireEvent.change(input, { target: { value: 'tok' } });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('Personal access tokens');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(currentPath()).toBe('/profile/personal-api-tokens');
    expect(onClose).toHaveBeenCalled();
  });

  it('explains that flag search needs the server when it is unreachable', async () => {
    const server = createFakeServer();
    const { console: app } = await renderWithConsole(<CommandBar opened onClose={() => {}} />, { server });
    server.offline = true;
    await app.checkConnection();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Command' }), {
      target: { value: 'checkout' },
    });
    expect(
      await screen.findByText('Flag search needs the server, which is unreachable.', undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Nothing matches “checkout”.')).toBeTruthy());
  });
});
