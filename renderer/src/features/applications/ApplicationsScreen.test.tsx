import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { ApplicationsScreen } from './ApplicationsScreen';

function applicationServer({ withFeatureRoute = true } = {}) {
  const server = createFakeServer()
    .on('GET', '/api/admin/metrics/applications', {
      total: 2,
      applications: [
        {
          appName: 'checkout-web',
          description: 'The web shop',
          sdkVersion: 'unleash-client-node:6.1.0',
          lastSeen: '2026-11-22T09:59:30.000Z',
          usage: [{ project: 'default', environments: ['production'] }],
        },
        { appName: 'billing', sdkVersion: 'unleash-client-java:9.2.0' },
        { appName: 'legacy' },
      ],
    })
    .on('GET', '/api/admin/metrics/applications/checkout-web', {
      appName: 'checkout-web',
      description: 'The web shop',
      url: 'https://shop.example',
      sdkVersion: 'unleash-client-node:6.1.0',
      lastSeen: '2026-11-22T09:59:30.000Z',
      strategies: ['default', 'flexibleRollout'],
      usage: [{ project: 'default', environments: ['production'] }],
    })
    .on('GET', '/api/admin/metrics/applications/checkout-web/overview', {
      projects: ['default'],
      featureCount: 2,
      environments: [
        {
          name: 'production',
          instanceCount: 2,
          sdks: ['unleash-client-node:6.1.0'],
          frontendSdks: [],
          backendSdks: ['unleash-client-node:6.1.0'],
          lastSeen: '2026-11-22T09:58:00.000Z',
          issues: { missingFeatures: ['typo-flag'] },
        },
      ],
      issues: { missingStrategies: [] },
    })
    .on('GET', '/api/admin/metrics/instances/checkout-web/environment/production', {
      instances: [
        {
          instanceId: 'web-1',
          sdkVersion: 'unleash-client-node:6.1.0',
          clientIp: '10.0.0.7',
          lastSeen: '2026-11-22T09:58:00.000Z',
        },
        { instanceId: 'web-2', sdkVersion: null, clientIp: null, lastSeen: '2026-11-22T09:40:00.000Z' },
      ],
    });
  if (withFeatureRoute) {
    server.on('GET', '/api/admin/metrics/applications/checkout-web/features', {
      features: [
        {
          name: 'new-cart',
          project: 'default',
          environments: ['production'],
          lastSeen: '2026-11-22T09:00:00.000Z',
        },
        {
          name: 'typo-flag',
          project: null,
          environments: ['production'],
          lastSeen: '2026-11-22T09:00:00.000Z',
        },
      ],
    });
  }
  return server;
}

describe('applications', () => {
  it('lists applications with links to their pages, and filters them', async () => {
    await renderWithConsole(<ApplicationsScreen />, { server: applicationServer(), path: '/applications' });
    const row = await screen.findByTestId('application-checkout-web');
    expect(within(row).getByRole('link', { name: 'checkout-web' }).getAttribute('href')).toBe(
      '/applications/checkout-web',
    );
    expect(row.textContent).toContain('default: production');
    // The SDK's name and version, and when it last reported (issue 33).
    const sdk = within(row).getByTestId('sdk-name');
    expect(sdk.textContent).toBe('unleash-client-node 6.1.0');
    expect(sdk.getAttribute('title')).toBe('unleash-client-node:6.1.0');
    expect(within(row).getByTestId('relative-time').getAttribute('datetime')).toBe(
      '2026-11-22T09:59:30.000Z',
    );
    expect(within(screen.getByTestId('application-legacy')).queryByTestId('sdk-name')).toBeNull();
    fireEvent.change(screen.getByLabelText('Filter applications'), { target: { value: 'java' } });
    expect(screen.queryByTestId('application-checkout-web')).toBeNull();
    expect(screen.getByTestId('application-billing')).toBeTruthy();
  });

  it('shows an application with its environments, instances and the flags it uses', async () => {
    const server = applicationServer();
    await renderWithConsole(<ApplicationsScreen />, { server, path: '/applications/checkout-web' });
    expect(await screen.findByTestId('stat-Flags used')).toBeTruthy();
    expect(screen.getByTestId('stat-Instances').textContent).toContain('2');
    expect(screen.getByTestId('application-sdk').textContent).toBe('Latest SDK: unleash-client-node 6.1.0');
    expect(
      within(screen.getByTestId('application-last-report'))
        .getByTestId('relative-time')
        .getAttribute('datetime'),
    ).toBe('2026-11-22T09:59:30.000Z');
    const web1 = screen.getByTestId('instance-web-1');
    expect(web1.textContent).toContain('unleash-client-node 6.1.0');
    expect(web1.textContent).toContain('10.0.0.7');
    expect(screen.getByTestId('instance-web-2').textContent).toContain('–');
    const flag = screen.getByTestId('application-flag-new-cart');
    expect(within(flag).getByRole('link', { name: 'new-cart' }).getAttribute('href')).toBe(
      '/projects/default/features/new-cart',
    );
    expect(screen.getByTestId('application-flag-typo-flag').textContent).toContain('no such flag');
    expect(screen.getByTestId('application-issues').textContent).toContain('typo-flag');
    expect(
      server.calls('GET', '/api/admin/metrics/instances/checkout-web/environment/production'),
    ).toHaveLength(1);
  });

  it('still shows the page when the server cannot list the flags of an application', async () => {
    await renderWithConsole(<ApplicationsScreen />, {
      server: applicationServer({ withFeatureRoute: false }),
      path: '/applications/checkout-web',
    });
    expect(await screen.findByText(/does not list the flags of an application; it reported 2/)).toBeTruthy();
    expect(screen.getByTestId('instance-web-1')).toBeTruthy();
  });
});
