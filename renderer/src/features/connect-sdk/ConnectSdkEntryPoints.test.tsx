import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test-utils/fake-server';
import { currentPath, renderWithConsole } from '../../test-utils/render';
import { ApplicationsScreen } from '../applications/ApplicationsScreen';
import { ProjectsScreen } from '../projects/ProjectsScreen';

const ENVIRONMENTS = {
  version: 1,
  environments: [{ name: 'development', type: 'development', enabled: true, sortOrder: 1 }],
};

/**
 * A project with `flags` flags, read as the project page reads it (its Flags tab lists them
 * through the server-side search, as the busy-project list does).
 */
function projectServer(flags: Array<{ name: string }>) {
  return createFakeServer()
    .on('GET', '/api/admin/projects/shop/overview', {
      version: 1,
      name: 'Shop',
      description: null,
      mode: 'open',
      defaultStickiness: 'default',
      featureLimit: null,
      featureNaming: { pattern: null },
      linkTemplates: [],
      members: 1,
      health: 100,
      technicalDebt: 0,
      favorite: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: null,
      archivedAt: null,
      environments: [{ environment: 'development' }],
      featureTypeCounts: [],
      stats: {},
      onboardingStatus: { status: 'onboarding-started' },
    })
    .on('GET', '/api/admin/projects', { version: 1, projects: [] })
    .on('GET', '/api/admin/projects/shop/features', {
      version: 1,
      features: flags.map((flag) => ({
        name: flag.name,
        type: 'release',
        description: null,
        stale: false,
        environments: [],
      })),
    })
    .on('GET', '/api/admin/search/features', {
      total: flags.length,
      features: flags.map((flag) => ({
        name: flag.name,
        project: 'shop',
        type: 'release',
        description: null,
        stale: false,
        createdAt: '2026-01-01T00:00:00.000Z',
        environments: [{ name: 'development', enabled: false }],
      })),
    })
    .on('GET', '/api/admin/environments', ENVIRONMENTS)
    .on('GET', '/api/admin/context', []);
}

describe('where the SDK guide shows', () => {
  it('sits on the flag list of a project without flags, scoped to that project', async () => {
    await renderWithConsole(<ProjectsScreen />, { server: projectServer([]), path: '/projects/shop' });
    const guide = await screen.findByTestId('connect-sdk-guide');
    expect(screen.getByText(/This project has no flags yet/)).toBeTruthy();
    expect(within(guide).getByText(/in project shop/)).toBeTruthy();
    // Part of the page: nothing to dismiss.
    expect(within(guide).queryByRole('button', { name: 'Close the SDK guide' })).toBeNull();
    // Beside it, the first flag, made in this project.
    fireEvent.click(screen.getByRole('button', { name: 'Create your first flag' }));
    const dialog = await screen.findByRole('dialog', { name: 'New flag' });
    expect(within(dialog).getByRole('button', { name: 'Create flag' })).toBeTruthy();
  });

  it('is a tab of a project with flags, at /projects/:id/connect-sdk, closed back to the flags', async () => {
    await renderWithConsole(<ProjectsScreen />, {
      server: projectServer([{ name: 'new-cart' }]),
      path: '/projects/shop',
    });
    await screen.findByTestId('project-flag-new-cart');
    expect(screen.queryByTestId('connect-sdk-guide')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Connect an SDK' }));
    const guide = await screen.findByTestId('connect-sdk-guide');
    expect(currentPath()).toBe('/projects/shop/connect-sdk');
    fireEvent.click(within(guide).getByRole('button', { name: 'Close the SDK guide' }));
    expect(currentPath()).toBe('/projects/shop');
    await screen.findByTestId('project-flag-new-cart');
  });

  it('opens on the applications screen while no SDK was ever seen, and can be closed and reopened', async () => {
    const server = createFakeServer()
      .on('GET', '/api/admin/metrics/applications', { total: 0, applications: [] })
      .on('GET', '/api/admin/environments', ENVIRONMENTS);
    await renderWithConsole(<ApplicationsScreen />, { server, path: '/applications' });
    const guide = await screen.findByTestId('connect-sdk-guide');
    expect(within(guide).queryByText(/in project/)).toBeNull();
    fireEvent.click(within(guide).getByRole('button', { name: 'Close the SDK guide' }));
    expect(screen.queryByTestId('connect-sdk-guide')).toBeNull();
    expect(screen.getByText('No SDK has registered yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Connect an SDK' }));
    expect(await screen.findByTestId('connect-sdk-guide')).toBeTruthy();
  });

  it('stays out of the way on the applications screen once SDKs are known', async () => {
    const server = createFakeServer()
      .on('GET', '/api/admin/metrics/applications', {
        total: 1,
        applications: [{ appName: 'billing', sdkVersion: 'unleash-client-java:9.2.0' }],
      })
      .on('GET', '/api/admin/environments', ENVIRONMENTS);
    await renderWithConsole(<ApplicationsScreen />, { server, path: '/applications' });
    await screen.findByTestId('application-billing');
    expect(screen.queryByTestId('connect-sdk-guide')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Connect an SDK' }));
    expect(await screen.findByTestId('connect-sdk-guide')).toBeTruthy();
  });
});
