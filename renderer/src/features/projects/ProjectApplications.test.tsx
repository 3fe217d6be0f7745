import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { ProjectApplications } from './ProjectApplications';

describe("a project's applications tab", () => {
  it('lists the applications with environments, instances and SDKs, and warns of outdated SDKs', async () => {
    const server = createFakeServer()
      .on('GET', '/api/admin/projects/web/applications', {
        total: 1,
        applications: [
          {
            name: 'checkout',
            environments: ['development', 'production'],
            instances: ['c-1', 'c-2'],
            sdks: [{ name: 'unleash-client-node', versions: ['5.0.0', '6.1.0'] }],
          },
        ],
      })
      .on('GET', '/api/admin/projects/web/sdks/outdated', {
        sdks: [{ sdkVersion: 'unleash-client-node:5.0.0', applications: ['checkout'] }],
      });
    await renderWithConsole(<ProjectApplications projectId="web" />, {
      server,
      path: '/projects/web/applications',
    });
    const row = await screen.findByTestId('project-application-checkout');
    expect(within(row).getByRole('link', { name: 'checkout' }).getAttribute('href')).toBe(
      '/applications/checkout',
    );
    expect(row.textContent).toContain('production');
    expect(row.textContent).toContain('2');
    expect(row.textContent).toContain('unleash-client-node 5.0.0, 6.1.0');
    expect(screen.getByTestId('outdated-sdks').textContent).toContain('unleash-client-node:5.0.0 (checkout)');
  });

  it('says when no application used the project', async () => {
    const server = createFakeServer()
      .on('GET', '/api/admin/projects/quiet/applications', { total: 0, applications: [] })
      .on('GET', '/api/admin/projects/quiet/sdks/outdated', { sdks: [] });
    await renderWithConsole(<ProjectApplications projectId="quiet" />, {
      server,
      path: '/projects/quiet/applications',
    });
    expect(
      await screen.findByText("No application has used this project's tokens or flags yet."),
    ).toBeTruthy();
    expect(screen.queryByTestId('outdated-sdks')).toBeNull();
  });
});
