import { act, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../offline/kv-store';
import { createFakeServer } from '../test-utils/fake-server';
import { renderWithConsole } from '../test-utils/render';
import { useServerData } from './use-server-data';

interface Projects {
  projects: Array<{ id: string }>;
}

function ProjectNames({ label = 'names', onShown }: { label?: string; onShown?: (names: string) => void }) {
  const projects = useServerData<Projects>('projects', (api, signal) =>
    api.client.request<Projects>('GET', '/api/admin/projects', { signal }),
  );
  const names = projects.data?.projects.map((project) => project.id).join(',');
  // Every list the screen showed (committed), in order.
  useEffect(() => {
    if (names !== undefined) onShown?.(names);
  }, [names, onShown]);
  return (
    <div data-testid={label}>
      {projects.data?.projects.map((project) => project.id).join(',') ?? '-'}|
      {projects.fromCache ? 'cache' : 'server'}|{projects.savedAt ?? 'none'}|{projects.error ? 'error' : 'ok'}
    </div>
  );
}

function projectServer(ids: string[]) {
  const server = createFakeServer();
  server.on('GET', '/api/admin/projects', () => ({ body: { projects: ids.map((id) => ({ id })) } }));
  return server;
}

const START = Date.parse('2026-11-22T10:00:00Z');

describe('useServerData over TanStack Query', () => {
  it('asks the server once for every screen showing the same query', async () => {
    const server = projectServer(['default']);
    await renderWithConsole(
      <>
        <ProjectNames label="a" />
        <ProjectNames label="b" />
      </>,
      { server },
    );
    await waitFor(() => expect(screen.getByTestId('a').textContent).toBe(`default|server|${START}|ok`));
    expect(screen.getByTestId('b').textContent).toBe(`default|server|${START}|ok`);
    expect(server.calls('GET', '/api/admin/projects')).toHaveLength(1);
  });

  it('shows the copy saved by an earlier session at once after a reload, then the server’s answer', async () => {
    const kv = createMemoryStore();
    const first = await renderWithConsole(<ProjectNames />, { server: projectServer(['default']), kv });
    await waitFor(() => expect(screen.getByTestId('names').textContent).toContain('default|server'));
    await waitFor(async () => expect((await kv.entries('cache')).length).toBe(1));
    first.unmount();

    // A new page: same IndexedDB, the server now unreachable.
    const offlineServer = projectServer(['default', 'web']);
    offlineServer.offline = true;
    const second = await renderWithConsole(<ProjectNames />, {
      server: offlineServer,
      kv,
      now: START + 3_600_000,
    });
    await waitFor(() => expect(screen.getByTestId('names').textContent).toBe(`default|cache|${START}|ok`));
    expect(second.console.store.getState().shownFromCache).toEqual({ 'local|projects': START });

    // The server is back: the saved copy gives way to its answer.
    offlineServer.offline = false;
    await act(async () => {
      await second.console.checkConnection();
    });
    await waitFor(() =>
      expect(screen.getByTestId('names').textContent).toBe(`default,web|server|${START + 3_600_000}|ok`),
    );
    expect(second.console.store.getState().shownFromCache).toEqual({});
  });

  it('reports the failure when there is no saved copy to show offline', async () => {
    const server = projectServer(['default']);
    server.offline = true;
    await renderWithConsole(<ProjectNames />, { server });
    await waitFor(() => expect(screen.getByTestId('names').textContent).toBe('-|server|none|error'));
  });

  it('forgets the profile’s saved data on sign-out', async () => {
    const kv = createMemoryStore();
    const { console: app } = await renderWithConsole(<ProjectNames />, {
      server: projectServer(['default']),
      kv,
    });
    await waitFor(async () => expect((await kv.entries('cache')).length).toBe(1));
    await act(async () => {
      await app.signOut();
    });
    expect(await kv.entries('cache')).toEqual([]);
    expect(app.queryClient.getQueryCache().findAll({ queryKey: ['server', 'local'] })).toEqual([]);
  });

  it('asks the server first, after a reload, for data a write outdated since its copy was saved', async () => {
    const kv = createMemoryStore();
    const ids = ['default'];
    let answerDelay = 0;
    // The server takes a while to answer (as a real one does): a copy shown first would be seen.
    const server = createFakeServer().on('GET', '/api/admin/projects', async () => {
      await new Promise((resolve) => setTimeout(resolve, answerDelay));
      return { body: { projects: ids.map((id) => ({ id })) } };
    });
    const first = await renderWithConsole(<ProjectNames />, { server, kv });
    await waitFor(async () => expect((await kv.entries('cache')).length).toBe(1));
    first.unmount();
    // The outbox replays a project edit while another screen is shown (nobody shows the projects).
    ids.push('web');
    await first.console.invalidateAfter([{ kind: 'project', request: { path: '/api/admin/projects/web' } }]);

    const seen: string[] = [];
    answerDelay = 100;
    await renderWithConsole(<ProjectNames onShown={(text) => seen.push(text)} />, {
      server,
      kv,
      now: START + 60_000,
    });
    await waitFor(() =>
      expect(screen.getByTestId('names').textContent).toBe(`default,web|server|${START + 60_000}|ok`),
    );
    // The copy from before the write never showed.
    expect(seen).toEqual(['default,web']);
  });

  it('still shows an outdated copy when the server cannot be asked', async () => {
    const kv = createMemoryStore();
    const server = projectServer(['default']);
    const first = await renderWithConsole(<ProjectNames />, { server, kv });
    await waitFor(async () => expect((await kv.entries('cache')).length).toBe(1));
    first.unmount();
    await first.console.invalidateAfter([{ kind: 'project', request: { path: '/api/admin/projects/web' } }]);

    server.offline = true;
    await renderWithConsole(<ProjectNames />, { server, kv, now: START + 60_000 });
    await waitFor(() => expect(screen.getByTestId('names').textContent).toBe(`default|cache|${START}|ok`));
  });
});
