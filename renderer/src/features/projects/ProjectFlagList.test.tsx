import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeServer, unleashError } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { createFlagEdit, type NewFlag } from '../flag-page/flag-edits';
import { ProjectFlagList } from './ProjectFlagList';
import { flagListViewKey } from './project-flag-bulk';

const flag = (name: string, stale = false) => ({
  name,
  project: 'web',
  type: 'release',
  description: null,
  stale,
  createdAt: '2026-01-01T00:00:00.000Z',
  environments: [{ name: 'production', enabled: false }],
});

function createServer(total = 3) {
  return createFakeServer()
    .on('GET', '/api/admin/search/features', (request) => {
      const offset = Number(request.query.get('offset') ?? 0);
      const names = Array.from({ length: total }, (_, i) => `flag-${String(i + 1).padStart(3, '0')}`);
      return {
        status: 200,
        body: { total, features: names.slice(offset, offset + 50).map((name) => flag(name)) },
      };
    })
    .on('POST', '/api/admin/projects/web/archive', { status: 202 })
    .on('POST', '/api/admin/projects/web/stale', { status: 202 })
    .on('POST', '/api/admin/projects/web/bulk_features/environments/production/on', (request) => {
      const { features } = request.body as { features: string[] };
      return features.includes('flag-002')
        ? unleashError(409, 'ConflictError', 'flag-002 has no strategy in production')
        : { status: 200 };
    })
    .on('PUT', '/api/admin/projects/web/tags', { status: 200 });
}

async function renderList(server = createServer()) {
  const view = await renderWithConsole(<ProjectFlagList projectId="web" environments={['production']} />, {
    server,
  });
  await screen.findByTestId('project-flag-flag-001');
  return { ...view, server };
}

describe('project flag list', () => {
  afterEach(() => localStorage.clear());

  it('selects every flag on the page and archives them after a confirmation with the count', async () => {
    const { server } = await renderList(createServer(60));
    expect(screen.getByTestId('project-flag-count').textContent).toBe('60 flags');
    fireEvent.click(screen.getByLabelText('Select all flags on this page'));
    expect(within(screen.getByTestId('bulk-bar')).getByText('50 selected')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('bulk-bar')).getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Archive 50 flags?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive 50 flags' }));
    await waitFor(() => expect(server.calls('POST', '/api/admin/projects/web/archive')).toHaveLength(1));
    const body = server.calls('POST', '/api/admin/projects/web/archive')[0]?.body as { features: string[] };
    expect(body.features).toHaveLength(50);
    expect(body.features[0]).toBe('flag-001');
    expect(await screen.findByText('Archive 50 flags: done.')).toBeTruthy();
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
  }, 60_000);

  it('marks stale, adds a tag, and names the flags a refused action failed for', async () => {
    const { server } = await renderList();
    fireEvent.click(screen.getByLabelText('Select flag-001'));
    fireEvent.click(screen.getByLabelText('Select flag-002'));
    const bar = screen.getByTestId('bulk-bar');
    fireEvent.click(within(bar).getByRole('button', { name: 'Mark stale' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark 2 flags as stale' }),
    );
    await waitFor(() =>
      expect(server.calls('POST', '/api/admin/projects/web/stale')[0]?.body).toEqual({
        features: ['flag-001', 'flag-002'],
        stale: true,
      }),
    );

    fireEvent.click(screen.getByLabelText('Select flag-001'));
    fireEvent.click(screen.getByLabelText('Select flag-002'));
    const again = screen.getByTestId('bulk-bar');
    fireEvent.change(within(again).getByLabelText('Tag (type:value)'), { target: { value: 'simple:beta' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Add tag' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Add the tag simple:beta to 2 flags',
      }),
    );
    await waitFor(() =>
      expect(server.calls('PUT', '/api/admin/projects/web/tags')[0]?.body).toEqual({
        features: ['flag-001', 'flag-002'],
        tags: { addedTags: [{ type: 'simple', value: 'beta' }], removedTags: [] },
      }),
    );

    fireEvent.click(screen.getByLabelText('Select flag-001'));
    fireEvent.click(screen.getByLabelText('Select flag-002'));
    fireEvent.click(within(screen.getByTestId('bulk-bar')).getByRole('button', { name: 'Enable' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Enable 2 flags in production' }),
    );
    const failure = await screen.findByTestId('bulk-failure');
    expect(failure.textContent).toContain('Refused for: flag-002');
    // Nothing was applied: the selection stays for another try.
    expect(within(screen.getByTestId('bulk-bar')).getByText('2 selected')).toBeTruthy();
  });

  it('keeps the filters and columns per project across visits', async () => {
    const first = await renderList();
    fireEvent.click(screen.getByRole('radio', { name: 'Stale' }));
    await waitFor(() =>
      expect(
        first.server
          .calls('GET', '/api/admin/search/features')
          .some((r) => r.query.get('state') === 'IS:stale'),
      ).toBe(true),
    );
    expect(JSON.parse(localStorage.getItem(flagListViewKey('web')) ?? '{}')).toMatchObject({
      state: 'stale',
    });
    first.unmount();
    localStorage.setItem(
      flagListViewKey('web'),
      JSON.stringify({ query: 'pay', state: 'stale', columns: ['type'] }),
    );
    const second = await renderList();
    expect((screen.getByLabelText('Search flags') as HTMLInputElement).value).toBe('pay');
    expect(screen.queryByRole('columnheader', { name: 'Created' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Type' })).toBeTruthy();
    const searched = second.server.calls('GET', '/api/admin/search/features')[0];
    expect(searched?.query.get('query')).toBe('pay');
  });

  it('filters by lifecycle stage and shows each flag its stage badge', async () => {
    const server = createServer().on('GET', '/api/admin/search/features', (request) => ({
      status: 200,
      body: {
        total: 1,
        features: [
          {
            ...flag('flag-001'),
            lifecycle: {
              stage: request.query.get('lifecycle') === 'IS:completed' ? 'completed' : 'live',
              status: request.query.get('lifecycle') === 'IS:completed' ? 'kept' : undefined,
              enteredStageAt: '2026-11-25T07:00:00.000Z',
            },
          },
        ],
      },
    }));
    await renderList(server);
    expect(screen.getByRole('columnheader', { name: 'Lifecycle' })).toBeTruthy();
    expect(
      within(screen.getByTestId('project-flag-flag-001')).getByTestId('lifecycle-badge').textContent,
    ).toBe('Live');
    const stageFilter = screen.getAllByLabelText('Lifecycle').find((element) => element.tagName === 'INPUT');
    fireEvent.click(stageFilter!);
    fireEvent.click(await screen.findByRole('option', { name: 'Completed' }));
    await waitFor(() =>
      expect(
        server
          .calls('GET', '/api/admin/search/features')
          .some((r) => r.query.get('lifecycle') === 'IS:completed'),
      ).toBe(true),
    );
    await waitFor(() => expect(screen.getByTestId('lifecycle-badge').textContent).toBe('Completed (kept)'));
    expect(JSON.parse(localStorage.getItem(flagListViewKey('web')) ?? '{}')).toMatchObject({
      lifecycle: 'completed',
    });
  });

  it('shows a flag created offline in this project as a pending row until the replay sends it', async () => {
    const server = createServer().on('POST', '/api/admin/projects/web/features', {
      status: 201,
      body: flag('made-offline'),
    });
    const { console: app } = await renderList(server);
    server.offline = true;
    await act(async () => {
      await app.checkConnection();
      await app.sendOrQueue(
        createFlagEdit({
          project: 'web',
          name: 'made-offline',
          type: 'release' as NewFlag['type'],
          description: null,
          impressionData: false,
        }),
      );
    });
    const pending = await screen.findByTestId('pending-flag-row');
    expect(pending.textContent).toContain('made-offline');
    expect(pending.textContent).toContain('Pending');
    expect(pending.textContent).toContain('when the server is back');

    server.offline = false;
    await act(async () => {
      await app.checkConnection();
    });
    await waitFor(() => expect(screen.queryByTestId('pending-flag-row')).toBeNull());
    expect(server.calls('POST', '/api/admin/projects/web/features')).toHaveLength(1);
  }, 15_000);
});
