import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FeatureTypesScreen } from '../../features/feature-types/FeatureTypesScreen';
import { featureTypeLifetimeEdit } from '../../stores/editable-resources';
import { featureTypeServer } from '../../test-utils/fixtures';
import { renderWithConsole } from '../../test-utils/render';
import { OfflineBanner } from './OfflineBanner';

const release = { id: 'release', name: 'Release', description: '', lifetimeDays: 40 };

function Page() {
  return (
    <>
      <OfflineBanner />
      <FeatureTypesScreen />
    </>
  );
}

describe('offline banner', () => {
  it('shows nothing while the server answers', async () => {
    const { server } = featureTypeServer();
    await renderWithConsole(<Page />, { server });
    await screen.findByText('Release');
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('shows the age of the saved data and the edits waiting while offline', async () => {
    const { server } = featureTypeServer();
    const { console: app, clock } = await renderWithConsole(<Page />, { server });
    await screen.findByText('Release');
    clock.now += 5 * 60_000;
    server.offline = true;
    await act(async () => {
      await app.sendOrQueue(featureTypeLifetimeEdit(release, 30));
      app.refresh();
    });
    const banner = await screen.findByTestId('offline-banner');
    await waitFor(() => expect(banner.textContent).toContain('Showing data saved 5 minutes ago.'));
    expect(banner.textContent).toContain('Cannot reach http://switchyard.test.');
    expect(banner.textContent).toContain('1 edit will be sent when it is back.');
    expect(screen.getByTestId('saved-copy-badge').textContent).toBe('Saved copy · 5 minutes ago');
  });

  it('asks for a decision when a replayed edit conflicts', async () => {
    const { server, types } = featureTypeServer();
    const { console: app } = await renderWithConsole(<Page />, { server });
    await screen.findByText('Release');
    server.offline = true;
    await act(async () => {
      await app.sendOrQueue(featureTypeLifetimeEdit(release, 30));
    });
    types[0]!.lifetimeDays = 9;
    server.offline = false;
    await act(async () => {
      await app.checkConnection();
    });
    const banner = await screen.findByTestId('conflict-banner');
    expect(banner.textContent).toContain('1 pending edit needs your decision');
    expect(screen.getByRole('link', { name: 'Review pending edits' }).getAttribute('href')).toBe(
      '/console/pending-edits',
    );
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });
});
