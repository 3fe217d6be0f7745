import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test-utils/fake-server';
import { currentPath, renderWithConsole } from '../../test-utils/render';
import { describeEvent } from './describe-event';
import { EventLogScreen } from './EventLogScreen';
import { readEventQuery, writeEventQuery } from './event-filters';

function eventServer() {
  return createFakeServer()
    .on('GET', '/api/admin/projects', { version: 1, projects: [{ id: 'default', name: 'Default' }] })
    .on('GET', '/api/admin/environments', {
      version: 1,
      environments: [
        { name: 'development', type: 'development', enabled: true, sortOrder: 1, protected: false },
      ],
    })
    .on('GET', '/api/admin/event-creators', [
      { id: 1, name: 'admin' },
      { id: 2, name: 'ops' },
    ])
    .on('GET', '/api/admin/search/events', (request) => ({
      body: {
        total: 120,
        events: [
          {
            id: 16,
            type: 'feature-environment-enabled',
            createdBy: 'admin',
            createdAt: '2026-11-22T09:00:00Z',
            data: { enabled: true },
            preData: { enabled: false },
            featureName: 'checkout',
            project: 'default',
            environment: 'development',
            label: 'Flag enabled',
            summary: '**admin** enabled **checkout**',
          },
          {
            id: 15,
            type: 'feature-created',
            createdBy: request.query.get('createdBy') ?? 'admin',
            createdAt: '2026-11-22T08:00:00Z',
            data: { name: 'checkout' },
            preData: null,
            featureName: 'checkout',
            project: 'default',
            summary: '**admin** created **checkout**',
          },
        ],
      },
    }));
}

const selectInput = (label: string) =>
  screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT') as HTMLElement;

describe('event log', () => {
  it('lists events and shows before and after on selection', async () => {
    await renderWithConsole(<EventLogScreen />, { server: eventServer(), path: '/history' });
    expect(await screen.findByText('Feature environment enabled: checkout')).toBeTruthy();
    expect(screen.getByText('Feature created: checkout')).toBeTruthy();
    expect(screen.getByText('default / checkout / development')).toBeTruthy();
    expect(screen.getByText('120 events')).toBeTruthy();
    fireEvent.click(screen.getByText('Feature environment enabled: checkout'));
    expect(await screen.findByText('Before')).toBeTruthy();
    expect(screen.getByText('After')).toBeTruthy();
    expect(screen.getByText(/"enabled": false/)).toBeTruthy();
    expect(screen.getByText(/"enabled": true/)).toBeTruthy();
  });

  it('filters on the server with IS: operators and pages', async () => {
    const server = eventServer();
    await renderWithConsole(<EventLogScreen />, { server, path: '/history?type=feature-created&page=2' });
    await screen.findByText('Feature environment enabled: checkout');
    const first = server.calls('GET', '/api/admin/search/events')[0]!;
    expect(first.query.get('type')).toBe('IS:feature-created');
    expect(first.query.get('offset')).toBe('50');
    // The author is picked from the server's list of event creators, not typed.
    fireEvent.click(selectInput('Changed by'));
    fireEvent.click(await screen.findByRole('option', { name: 'ops' }));
    await waitFor(
      () =>
        expect(server.calls('GET', '/api/admin/search/events').at(-1)?.query.get('createdBy')).toBe('IS:ops'),
      { timeout: 5000 },
    );
    expect(currentPath()).toBe('/history?type=feature-created&createdBy=ops');
  });

  it('offers the projects and environments the server holds, and suggests event types', async () => {
    await renderWithConsole(<EventLogScreen />, { server: eventServer(), path: '/history' });
    fireEvent.click(selectInput('Project'));
    expect(await screen.findByRole('option', { name: 'Default' })).toBeTruthy();
    fireEvent.click(selectInput('Environment'));
    expect(await screen.findByRole('option', { name: 'development' })).toBeTruthy();
    fireEvent.change(selectInput('Type'), { target: { value: 'segment-cr' } });
    expect(await screen.findByRole('option', { name: 'segment-created' })).toBeTruthy();
  });

  it('round-trips its filters through the URL', () => {
    const log = readEventQuery({ feature: 'checkout', page: '3' });
    expect(log.feature).toBe('checkout');
    expect(writeEventQuery(log)).toMatchObject({ feature: 'checkout', page: 3, type: null });
  });

  it('describes events from their type and subject', () => {
    const base = {
      id: 1,
      createdBy: 'admin',
      createdByUserId: null,
      createdAt: '',
      tags: [],
      project: null,
      environment: null,
      featureName: null,
      preData: null,
    };
    expect(describeEvent({ ...base, type: 'api-token-created', data: { tokenName: 'checkout' } })).toBe(
      'API token created: checkout',
    );
    expect(describeEvent({ ...base, type: 'user-deleted', data: null, preData: { id: 7 } })).toBe(
      'User deleted: 7',
    );
    expect(describeEvent({ ...base, type: 'drop-features', data: null })).toBe('Drop features');
  });
});
