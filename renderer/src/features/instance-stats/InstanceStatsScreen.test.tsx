import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { InstanceStatsScreen } from './InstanceStatsScreen';

const stats = {
  instanceId: '6f1c2a40-0000-4000-8000-000000000001',
  timestamp: '2026-11-25T12:00:00Z',
  versionOSS: '1.2.3',
  users: 12,
  activeUsers: { last7: 3, last30: 5, last60: 8, last90: 9 },
  readOnlyUsers: 4,
  featureToggles: 42,
  projects: 2,
  productionChanges: { last30: 7, last60: 9, last90: 11 },
  clientApps: [
    { range: 'allTime', count: 6 },
    { range: '30d', count: 4 },
    { range: '7d', count: 1 },
  ],
  apiTokens: { admin: 1, client: 3, frontend: 2 },
  SAMLenabled: false,
  OIDCenabled: true,
  sum: 'abc',
};

describe('instance statistics screen', () => {
  it('shows each figure under its section, with the instance it describes', async () => {
    const server = createFakeServer().on('GET', '/api/admin/instance-admin/statistics', stats);
    await renderWithConsole(<InstanceStatsScreen />, { server });
    const people = await screen.findByRole('region', { name: 'People' });
    expect(within(people).getByTestId('stat-Users').textContent).toContain('12');
    expect(within(people).getByTestId('stat-Active in 30 days').textContent).toContain('5');
    const flags = screen.getByRole('region', { name: 'Flags and configuration' });
    expect(within(flags).getByTestId('stat-Feature flags').textContent).toContain('42');
    // A figure the server did not send shows as a dash, not as 0.
    expect(within(flags).getByTestId('stat-Segments').textContent).toContain('–');
    const access = screen.getByRole('region', { name: 'SDKs and access' });
    expect(within(access).getByTestId('stat-Applications seen in 7 days').textContent).toContain('1');
    expect(within(access).getByTestId('stat-OpenID Connect single sign-on').textContent).toContain('Enabled');
    expect(within(access).getByTestId('stat-SAML single sign-on').textContent).toContain('Off');
    expect(screen.getByText(/Instance 6f1c2a40-0000-4000-8000-000000000001 · version 1\.2\.3/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });

  it('shows the error when the statistics cannot be read', async () => {
    const server = createFakeServer();
    await renderWithConsole(<InstanceStatsScreen />, { server });
    expect(await screen.findByText('Could not load instance statistics')).toBeTruthy();
  });
});
