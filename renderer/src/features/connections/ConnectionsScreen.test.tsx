import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithConsole } from '../../test-utils/render';
import { ConnectionsScreen } from './ConnectionsScreen';

describe('connections screen', () => {
  it('adds, uses and removes a remote server', async () => {
    const { console: app, server } = await renderWithConsole(<ConnectionsScreen />);
    expect(within(await screen.findByTestId('connection-local')).getByText('in use')).toBeTruthy();
    expect(screen.getByText('http://switchyard.test')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Staging' } });
    fireEvent.change(screen.getByLabelText('Server URL'), {
      target: { value: 'https://staging.example.com/' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add connection' }));
    const row = await screen.findByTestId('connection-remote-id0001');
    expect(within(row).getByText('https://staging.example.com')).toBeTruthy();

    server.offline = true;
    fireEvent.click(within(row).getByRole('button', { name: 'Use' }));
    await waitFor(() => expect(app.store.getState().activeProfileId).toBe('remote-id0001'));
    expect(within(screen.getByTestId('connection-remote-id0001')).getByText('in use')).toBeTruthy();

    fireEvent.click(
      within(screen.getByTestId('connection-remote-id0001')).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() => expect(screen.queryByTestId('connection-remote-id0001')).toBeNull());
    expect(app.store.getState().activeProfileId).toBe('local');
  });

  it('shows why a URL is refused next to the field', async () => {
    await renderWithConsole(<ConnectionsScreen />);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'X' } });
    fireEvent.change(screen.getByLabelText('Server URL'), { target: { value: 'ftp://x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add connection' }));
    expect(await screen.findByText('The URL must start with http:// or https://')).toBeTruthy();
  });
});
