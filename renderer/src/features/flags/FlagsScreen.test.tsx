import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FeatureSearchItem } from '../../api/types';
import { replaceQuery } from '../../router/navigation';
import { createFakeServer, type FakeServer } from '../../test-utils/fake-server';
import { currentPath, renderWithConsole } from '../../test-utils/render';
import { createFlagEdit, type NewFlag } from '../flag-page/flag-edits';
import { FlagsScreen } from './FlagsScreen';
import { flagListKey, readFlagQuery, writeFlagQuery } from './flag-filters';

function environment(name: string, enabled: boolean, sortOrder: number) {
  return {
    name,
    environment: name,
    type: name,
    enabled,
    sortOrder,
    variantCount: 0,
    lastSeenAt: null,
    hasStrategies: enabled,
    hasEnabledStrategies: enabled,
    yes: enabled ? 1200 : 0,
    no: enabled ? 34 : 0,
    changeRequestIds: [],
  };
}

function flag(index: number): FeatureSearchItem {
  return {
    name: `flag-${String(index).padStart(5, '0')}`,
    type: index % 2 ? 'release' : 'experiment',
    description: index === 1 ? 'The first flag' : null,
    dependencyType: null,
    project: 'default',
    stale: index === 2,
    potentiallyStale: false,
    favorite: false,
    impressionData: false,
    createdAt: '2026-11-20T10:00:00Z',
    archivedAt: null,
    lastSeenAt: null,
    environments: [environment('development', true, 1), environment('production', false, 2)],
    segments: [],
    tags: [{ type: 'simple', value: 'checkout' }],
    createdBy: { id: 1, name: 'Ada Admin', imageUrl: '' },
  };
}

/** The flag list's searches (not the favourites section's). */
const listSearches = (server: FakeServer) =>
  server.calls('GET', '/api/admin/search/features').filter((request) => !request.query.has('favorite'));

/** 10,000 flags, paged by the server as the search endpoint does. */
function searchServer() {
  const all = Array.from({ length: 10_000 }, (_, i) => flag(i + 1));
  return createFakeServer()
    .on('GET', '/api/admin/search/features', (request) => {
      // "My favorites" asks with favorite=IS:true: this user has starred nothing.
      if (request.query.has('favorite')) return { body: { features: [], total: 0 } };
      const query = request.query.get('query') ?? '';
      const matching = all.filter((f) => f.name.includes(query));
      const offset = Number(request.query.get('offset'));
      const limit = Number(request.query.get('limit'));
      return { body: { features: matching.slice(offset, offset + limit), total: matching.length } };
    })
    .on('GET', '/api/admin/projects', {
      version: 1,
      projects: [
        { id: 'default', name: 'Default' },
        { id: 'web', name: 'Web' },
      ],
    })
    .on('GET', '/api/admin/feature-types', {
      version: 1,
      types: [
        { id: 'release', name: 'Release', description: '', lifetimeDays: 40 },
        { id: 'experiment', name: 'Experiment', description: '', lifetimeDays: 40 },
      ],
    });
}

describe('flags screen', () => {
  it('shows one page of the server search with the total', async () => {
    const server = searchServer();
    await renderWithConsole(<FlagsScreen />, { server, path: '/features' });
    expect(await screen.findByText('flag-00001')).toBeTruthy();
    expect(screen.getByTestId('flag-count').textContent).toBe('1–50 of 10,000');
    expect(screen.getAllByRole('row')).toHaveLength(51);
    const request = listSearches(server)[0]!;
    expect(Object.fromEntries(request.query)).toEqual({
      sortBy: 'createdAt',
      sortOrder: 'desc',
      offset: '0',
      limit: '50',
    });
    // 50 rows with a star each, and the favourites section: over 5 s on a loaded 2-core machine.
  }, 15_000);

  it('pages, filters and sorts on the server, keeping the state in the URL', async () => {
    const server = searchServer();
    await renderWithConsole(<FlagsScreen />, {
      server,
      path: '/features?project=default&type=release&state=stale&page=3&sortBy=name&sortOrder=asc',
    });
    await screen.findByText('flag-00101');
    const request = listSearches(server).at(-1)!;
    expect(Object.fromEntries(request.query)).toEqual({
      project: 'IS:default',
      type: 'IS:release',
      state: 'IS:stale',
      sortBy: 'name',
      sortOrder: 'asc',
      offset: '100',
      limit: '50',
    });

    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(currentPath()).toContain('sortOrder=desc'));
    expect(currentPath()).not.toContain('page=');
    // Two renders of 50 rows: over vitest's 5 s default on a loaded 2-core machine, before this change too.
  }, 15_000);

  it('searches after the operator pauses typing', async () => {
    const server = searchServer();
    await renderWithConsole(<FlagsScreen />, { server, path: '/features' });
    await screen.findByText('flag-00001');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '0999' } });
    await waitFor(() => expect(currentPath()).toBe('/features?query=0999&sortOrder=desc'), {
      timeout: 5000,
    });
    expect(await screen.findByText('flag-09999', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByTestId('flag-count').textContent).toBe('1–11 of 11');
    const queries = listSearches(server).map((r) => r.query.get('query'));
    expect(queries).toEqual([null, '0999']);
  }, 30_000);

  it('opens a flag with its environments and tags', async () => {
    await renderWithConsole(<FlagsScreen />, { server: searchServer(), path: '/features' });
    const name = await screen.findByRole('link', { name: 'flag-00001' });
    expect(name.getAttribute('href')).toBe('/projects/default/features/flag-00001');
    fireEvent.click(name.closest('tr')!);
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('link', { name: 'Open the flag page' }).getAttribute('href')).toBe(
      '/projects/default/features/flag-00001',
    );
    expect(within(drawer).getByText('The first flag')).toBeTruthy();
    expect(within(drawer).getByText('simple: checkout')).toBeTruthy();
    const rows = within(drawer).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('development');
    expect(rows[1]?.textContent).toContain('on');
    expect(rows[1]?.textContent).toContain('1,200 / 34');
    expect(rows[2]?.textContent).toContain('off');
    expect(within(drawer).getByText(/by Ada Admin/)).toBeTruthy();
  }, 15_000);

  it('shows the saved page when the server is unreachable', async () => {
    const server = searchServer();
    const { console: app } = await renderWithConsole(<FlagsScreen />, { server, path: '/features' });
    await screen.findByText('flag-00001');
    server.offline = true;
    await act(async () => app.refresh());
    expect(await screen.findByTestId('saved-copy-badge')).toBeTruthy();
    expect(screen.getByText('flag-00001')).toBeTruthy();
    expect(app.store.getState().connectivity).toBe('offline');
  }, 15_000);
});

describe('flags created offline', () => {
  it('shows a flag created offline as a pending row until the server has it', async () => {
    const flags = [flag(1)];
    const server = createFakeServer()
      .on('GET', '/api/admin/search/features', (request) => ({
        body: request.query.has('favorite')
          ? { features: [], total: 0 }
          : { features: flags, total: flags.length },
      }))
      .on('POST', '/api/admin/projects/default/features', (request) => {
        const body = request.body as { name: string };
        flags.unshift({ ...flag(2), name: body.name, stale: false, description: 'Made offline' });
        return { status: 201, body: {} };
      })
      .on('GET', '/api/admin/projects', { version: 1, projects: [{ id: 'default', name: 'Default' }] })
      .on('GET', '/api/admin/feature-types', { version: 1, types: [] });
    const { console: app } = await renderWithConsole(<FlagsScreen />, { server, path: '/features' });
    await screen.findByText('flag-00001');

    server.offline = true;
    await act(async () => {
      await app.checkConnection();
      await app.sendOrQueue(
        createFlagEdit({
          project: 'default',
          name: 'checkout-v2',
          type: 'release' as NewFlag['type'],
          description: 'Made offline',
          impressionData: false,
        }),
      );
    });
    const pending = await screen.findByTestId('pending-flag-row');
    expect(pending.textContent).toContain('checkout-v2');
    expect(pending.textContent).toContain('Pending');
    expect(pending.textContent).toContain('Made offline');
    expect(screen.getAllByRole('row')).toHaveLength(3);

    // A search it does not match leaves it out.
    act(() => {
      replaceQuery('/features', { query: 'zzz' });
    });
    await waitFor(() => expect(screen.queryByTestId('pending-flag-row')).toBeNull());
    act(() => {
      replaceQuery('/features', {});
    });
    await screen.findByTestId('pending-flag-row');

    server.offline = false;
    await act(async () => {
      await app.checkConnection();
    });
    await waitFor(() => expect(screen.queryByTestId('pending-flag-row')).toBeNull());
    expect(await screen.findByRole('link', { name: 'checkout-v2' })).toBeTruthy();
    expect(server.calls('POST', '/api/admin/projects/default/features')).toHaveLength(1);
  }, 15_000);
});

describe('flag list URL state', () => {
  it('reads defaults and writes only what differs', () => {
    const list = readFlagQuery({});
    expect(list).toEqual({
      query: '',
      project: null,
      types: [],
      state: null,
      page: 1,
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
    expect(writeFlagQuery(list)).toEqual({
      query: null,
      project: null,
      type: null,
      state: null,
      page: null,
      sortBy: null,
      sortOrder: 'desc',
    });
    expect(readFlagQuery({ page: '-2', sortBy: 'evil', state: 'x' })).toMatchObject({
      page: 1,
      sortBy: 'createdAt',
      state: null,
    });
    expect(flagListKey(readFlagQuery({ type: 'b,a' }))).toBe(flagListKey(readFlagQuery({ type: 'a,b' })));
  });
});
