import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { SdkConnectionsTab } from './SdkConnectionsTab';

describe('SDK connections tab', () => {
  it('sets how SDKs fetch, lets streams go, and lists the Edge instances reporting', async () => {
    const server = createFakeServer()
      .on('GET', '/api/admin/streaming/fetch-mode', { mode: null })
      .on('PUT', '/api/admin/streaming/fetch-mode', { mode: 'polling' })
      .on('POST', '/api/admin/streaming/disconnect-all', { disconnected: 12 })
      .on('GET', '/api/admin/metrics/edges', {
        edges: [
          {
            identifier: '01JEDGE',
            appName: 'edge-eu',
            edgeVersion: '19.9.1',
            region: 'eu-north-1',
            environment: 'production',
            started: '2026-11-25T10:00:00.000Z',
            reportedAt: '2026-11-25T23:00:00.000Z',
            connectedStreamingClients: 40,
            connectedEdges: [{ identifier: '01JCHILD', appName: 'edge-child' }],
            data: {},
          },
        ],
      });
    await renderWithConsole(<SdkConnectionsTab />, { server });
    expect(await screen.findByText('edge-eu (01JEDGE), eu-north-1')).toBeTruthy();
    expect(screen.getByText('19.9.1')).toBeTruthy();
    expect(screen.getByText('40')).toBeTruthy();

    fireEvent.click(await screen.findByText('Polling'));
    await waitFor(() => expect(server.calls('PUT', '/api/admin/streaming/fetch-mode')).toHaveLength(1));
    expect(server.calls('PUT', '/api/admin/streaming/fetch-mode')[0]?.body).toEqual({ mode: 'polling' });

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect all streams on this instance' }));
    expect(await screen.findByText('12 streams let go; they reconnect.')).toBeTruthy();
  });
});
