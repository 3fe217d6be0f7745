import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { ApplicationsScreen, ContextFieldsScreen, RolesScreen, SegmentsScreen } from './read-only-screens';
import { UsersScreen } from './UsersScreen';

describe('read-only lists', () => {
  it('lists segments and filters them in place', async () => {
    const server = createFakeServer().on('GET', '/api/admin/segments', {
      segments: [
        {
          id: 1,
          name: 'beta-testers',
          description: 'People in the beta',
          constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'] }],
          usedInFeatures: 4,
          createdAt: '2026-11-01T00:00:00Z',
        },
        { id: 2, name: 'sweden', constraints: [], createdAt: '2026-11-02T00:00:00Z', project: 'web' },
      ],
    });
    await renderWithConsole(<SegmentsScreen />, { server });
    expect(await screen.findByText('beta-testers')).toBeTruthy();
    expect(screen.getByText('2 segments')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Filter segments'), { target: { value: 'swe' } });
    expect(screen.queryByText('beta-testers')).toBeNull();
    expect(screen.getByText('1 of 2 segments')).toBeTruthy();
  });

  it('shows context fields with their legal values', async () => {
    const server = createFakeServer().on('GET', '/api/admin/context', [
      { name: 'userId', description: 'Allows you to constrain on userId', stickiness: true },
      { name: 'country', legalValues: [{ value: 'SE' }, { value: 'NO' }] },
    ]);
    await renderWithConsole(<ContextFieldsScreen />, { server });
    expect(await screen.findByText('SE')).toBeTruthy();
    expect(screen.getByText('any')).toBeTruthy();
  });

  it('says when the server does not offer the list yet', async () => {
    await renderWithConsole(<RolesScreen />);
    expect(await screen.findByText('Could not load roles')).toBeTruthy();
    expect(
      screen.getByText('The path you were looking for (/api/admin/roles) is not available.'),
    ).toBeTruthy();
  });

  it('lists applications and where they are used', async () => {
    const server = createFakeServer().on('GET', '/api/admin/metrics/applications', {
      total: 1,
      applications: [
        {
          appName: 'checkout-service',
          sdkVersion: 'unleash-node-sdk:6.12.0',
          usage: [{ project: 'default', environments: ['development'] }],
        },
      ],
    });
    await renderWithConsole(<ApplicationsScreen />, { server });
    expect(await screen.findByText('checkout-service')).toBeTruthy();
    expect(screen.getByText('default: development')).toBeTruthy();
  });
});

describe('users', () => {
  it('searches from 2 characters on', async () => {
    const server = createFakeServer()
      .on('GET', '/api/admin/user-admin', {
        users: [{ id: 1, name: 'Ada Admin', email: 'ada@example.com', rootRole: 1 }],
        rootRoles: [{ id: 1, name: 'Admin', type: 'root' }],
      })
      .on('GET', '/api/admin/user-admin/search', (request) => ({
        body: request.query.get('q') === 'bo' ? [{ id: 2, name: 'Bo Builder', email: 'bo@example.com' }] : [],
      }));
    await renderWithConsole(<UsersScreen />, { server });
    expect(await screen.findByText('Ada Admin')).toBeTruthy();
    expect(screen.getByText('Admin')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Search users/), { target: { value: 'b' } });
    expect(await screen.findByText('Type at least 2 characters to search')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Search users/), { target: { value: 'bo' } });
    expect(await screen.findByText('Bo Builder', undefined, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Ada Admin')).toBeNull());
    expect(server.calls('GET', '/api/admin/user-admin/search').map((r) => r.query.get('q'))).toEqual(['bo']);
  });
});
