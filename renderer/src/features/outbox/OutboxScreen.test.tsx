import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { featureTypeLifetimeEdit } from '../../stores/editable-resources';
import { featureTypeServer } from '../../test-utils/fixtures';
import { renderWithConsole } from '../../test-utils/render';
import { OutboxScreen } from './OutboxScreen';

const release = { id: 'release', name: 'Release', description: '', lifetimeDays: 40 };

async function conflictSetup() {
  const { server, types } = featureTypeServer();
  const view = await renderWithConsole(<OutboxScreen />, { server });
  server.offline = true;
  await view.console.sendOrQueue(featureTypeLifetimeEdit(release, 30));
  await view.console.sendOrQueue(
    featureTypeLifetimeEdit({ ...release, id: 'kill-switch', name: 'Kill switch', lifetimeDays: null }, 3),
  );
  types[0]!.lifetimeDays = 7; // changed by someone else meanwhile
  server.offline = false;
  await view.console.checkConnection();
  await waitFor(() => expect(view.console.store.getState().outbox[0]?.state.status).toBe('conflict'));
  return { ...view, server, types };
}

describe('pending edits screen', () => {
  it('says when nothing waits', async () => {
    await renderWithConsole(<OutboxScreen />);
    expect(await screen.findByText(/No pending edits/)).toBeTruthy();
  });

  it('shows a conflict with the version edited, mine and the server one', async () => {
    await conflictSetup();
    const card = await screen.findByTestId('outbox-entry-conflict');
    expect(within(card).getByText('1. Set the lifetime of Release to 30 days')).toBeTruthy();
    const blocks = within(card)
      .getAllByText(/lifetimeDays/)
      .map((node) => node.textContent?.replace(/\s+/g, ''));
    expect(blocks).toEqual(['{"lifetimeDays":40}', '{"lifetimeDays":30}', '{"lifetimeDays":7}']);
    expect(screen.getByTestId('outbox-entry-pending').textContent).toContain(
      '2. Set the lifetime of Kill switch to 3 days',
    );
  });

  it('"Keep mine" sends my version and then the edits behind it', async () => {
    const { types } = await conflictSetup();
    fireEvent.click(await screen.findByRole('button', { name: 'Keep mine' }));
    expect(await screen.findByText(/No pending edits/)).toBeTruthy();
    expect(types.map((t) => t.lifetimeDays)).toEqual([30, 3]);
  });

  it('"Keep server\'s" drops my edit and sends the rest', async () => {
    const { types, server } = await conflictSetup();
    fireEvent.click(await screen.findByRole('button', { name: 'Keep server’s' }));
    expect(await screen.findByText(/No pending edits/)).toBeTruthy();
    expect(types.map((t) => t.lifetimeDays)).toEqual([7, 3]);
    expect(server.calls('PUT', '/api/admin/feature-types/release/lifetime')).toEqual([]);
  });

  it('shows a refused edit with its error, and discards only after confirmation', async () => {
    const { server } = featureTypeServer();
    const { console: app } = await renderWithConsole(<OutboxScreen />, { server });
    server.offline = true;
    await app.sendOrQueue(featureTypeLifetimeEdit(release, 5000));
    server.offline = false;
    await app.checkConnection();
    const card = await screen.findByTestId('outbox-entry-failed');
    expect(within(card).getByText('The server refused this edit: BadDataError')).toBeTruthy();
    expect(
      within(card).getByText('/body/lifetimeDays: The /body/lifetimeDays property must be <= 1000'),
    ).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Discard' }));
    expect(app.store.getState().outbox).toHaveLength(1);
    fireEvent.click(within(card).getByRole('button', { name: 'Discard edit' }));
    expect(await screen.findByText(/No pending edits/)).toBeTruthy();
  });
});
