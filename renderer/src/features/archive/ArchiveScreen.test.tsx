import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, unleashError } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { ArchiveScreen } from './ArchiveScreen';

const flag = (name: string, project: string) => ({
  name,
  project,
  type: 'release',
  description: null,
  dependencyType: null,
  stale: false,
  potentiallyStale: false,
  favorite: false,
  impressionData: false,
  createdAt: '2026-10-01T00:00:00Z',
  archivedAt: '2026-11-01T00:00:00Z',
  lastSeenAt: null,
  environments: [],
  segments: [],
  tags: [],
  createdBy: { id: 1, name: 'admin', imageUrl: '' },
});

function archiveServer() {
  let archived = [flag('old-checkout', 'default'), flag('old-banner', 'web'), flag('old-search', 'default')];
  const server = createFakeServer()
    .on('GET', '/api/admin/projects', { version: 1, projects: [{ id: 'default', name: 'Default' }] })
    .on('GET', '/api/admin/search/features', (request) => {
      const query = request.query.get('query') ?? '';
      const features = archived.filter((entry) => entry.name.includes(query));
      return { body: { features, total: features.length } };
    });
  for (const project of ['default', 'web']) {
    server
      .on('POST', `/api/admin/projects/${project}/revive`, (request) => {
        const names = (request.body as { features: string[] }).features;
        archived = archived.filter((entry) => !names.includes(entry.name));
        return { status: 200 };
      })
      .on('POST', `/api/admin/projects/${project}/delete`, (request) => {
        const names = (request.body as { features: string[] }).features;
        if (names.includes('old-banner'))
          return unleashError(403, 'NoAccessError', 'You need DELETE_FEATURE');
        archived = archived.filter((entry) => !names.includes(entry.name));
        return { status: 200 };
      });
  }
  return server;
}

describe('archive screen', () => {
  it('searches archived flags only', async () => {
    const server = archiveServer();
    await renderWithConsole(<ArchiveScreen />, { server });
    expect(await screen.findByTestId('archived-old-banner')).toBeTruthy();
    expect(server.requests.find((r) => r.path === '/api/admin/search/features')?.query.get('archived')).toBe(
      'IS:true',
    );
    fireEvent.change(screen.getByLabelText('Search archived flags'), { target: { value: 'checkout' } });
    await waitFor(() => expect(screen.queryByTestId('archived-old-banner')).toBeNull());
    expect(screen.getByTestId('archived-old-checkout')).toBeTruthy();
  });

  it('revives several flags at once, one call per project', async () => {
    const server = archiveServer();
    await renderWithConsole(<ArchiveScreen />, { server });
    fireEvent.click(await screen.findByLabelText('Select old-checkout'));
    fireEvent.click(screen.getByLabelText('Select old-banner'));
    fireEvent.click(screen.getByRole('button', { name: 'Revive selected (2)' }));
    expect(await screen.findByText('2 flags revived.')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/projects/default/revive')[0]?.body).toEqual({
      features: ['old-checkout'],
    });
    expect(server.calls('POST', '/api/admin/projects/web/revive')[0]?.body).toEqual({
      features: ['old-banner'],
    });
    await waitFor(() => expect(screen.queryByTestId('archived-old-checkout')).toBeNull());
    expect(screen.getByTestId('archived-old-search')).toBeTruthy();
  });

  it('deletes the selected flags after confirming and shows a refusal in the dialog', async () => {
    const server = archiveServer();
    await renderWithConsole(<ArchiveScreen />, { server });
    fireEvent.click(await screen.findByLabelText('Select all on this page'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected (3)' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(await within(dialog).findByText('You need DELETE_FEATURE')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/projects/default/delete')[0]?.body).toEqual({
      features: ['old-checkout', 'old-search'],
    });
  });

  it("shows one project's archive when given the project", async () => {
    const server = archiveServer();
    await renderWithConsole(<ArchiveScreen project="web" />, { server });
    await screen.findByText('Select all on this page');
    const search = server.requests.filter((r) => r.path === '/api/admin/search/features').at(-1);
    expect(search?.query.get('project')).toBe('IS:web');
    expect(search?.query.get('archived')).toBe('IS:true');
    expect(screen.queryByLabelText('Project')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Archive' })).toBeNull();
  });
});
