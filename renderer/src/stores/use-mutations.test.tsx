import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../test-utils/fake-server';
import { renderWithConsole } from '../test-utils/render';
import type { EditDraft } from './editable-resources';
import { useEditMutation, useServerMutation } from './use-mutations';
import { useServerData } from './use-server-data';

const START = Date.parse('2026-11-22T10:00:00Z');

const createWeb: EditDraft = {
  kind: 'project',
  target: 'web',
  summary: 'Create project web',
  request: { method: 'POST', path: '/api/admin/projects', body: { id: 'web', name: 'web' } },
  base: null,
  mine: { id: 'web', name: 'web' },
};

/** A project list and a context-field catalogue on screen, with buttons that write. */
function Screen() {
  const projects = useServerData('projects', (api) =>
    api.client.get<{ projects: Array<{ id: string }> }>('/api/admin/projects'),
  );
  const fields = useServerData('context-fields', (api) => api.listContextFields());
  const edit = useEditMutation();
  const deleteToken = useServerMutation((api, prefix: string) => api.deleteApiToken(prefix), {
    kind: 'api-token',
  });
  return (
    <>
      <div data-testid="projects">
        {projects.data?.projects.map((project) => project.id).join(',') ?? '-'}|{projects.savedAt ?? 'none'}
      </div>
      <div data-testid="fields">{fields.data?.length ?? '-'}</div>
      <div data-testid="result">{edit.data ?? 'none'}</div>
      <button type="button" onClick={() => edit.mutate(createWeb)}>
        Create web
      </button>
      <button type="button" onClick={() => deleteToken.mutate('abc')}>
        Delete token
      </button>
    </>
  );
}

function server(ids: string[]) {
  return createFakeServer()
    .on('GET', '/api/admin/projects', () => ({ body: { projects: ids.map((id) => ({ id })) } }))
    .on('GET', '/api/admin/context', [{ name: 'userId' }])
    .on('POST', '/api/admin/projects', () => {
      ids.push('web');
      return { body: {} };
    })
    .on('DELETE', '/api/admin/api-tokens/abc', { status: 200 });
}

describe('the console’s mutations', () => {
  it('sends an edit online, then fetches again the lists it may change but not the catalogues', async () => {
    const fake = server(['default']);
    const { clock } = await renderWithConsole(<Screen />, { server: fake });
    await waitFor(() => expect(screen.getByTestId('projects').textContent).toBe(`default|${START}`));
    await waitFor(() => expect(screen.getByTestId('fields').textContent).toBe('1'));
    clock.now += 60_000;
    fireEvent.click(screen.getByRole('button', { name: 'Create web' }));
    await waitFor(() =>
      expect(screen.getByTestId('projects').textContent).toBe(`default,web|${START + 60_000}`),
    );
    expect(screen.getByTestId('result').textContent).toBe('applied');
    expect(fake.calls('GET', '/api/admin/projects')).toHaveLength(2);
    expect(fake.calls('GET', '/api/admin/context')).toHaveLength(1);
  });

  it('queues an edit while the server is unreachable and sends nothing', async () => {
    const fake = server(['default']);
    const { console: app } = await renderWithConsole(<Screen />, { server: fake });
    await waitFor(() => expect(screen.getByTestId('projects').textContent).toBe(`default|${START}`));
    fake.offline = true;
    await act(() => app.checkConnection());
    fireEvent.click(screen.getByRole('button', { name: 'Create web' }));
    await waitFor(() => expect(screen.getByTestId('result').textContent).toBe('queued'));
    expect(app.store.getState().outbox.map((entry) => entry.summary)).toEqual(['Create project web']);
    expect(fake.calls('POST', '/api/admin/projects')).toHaveLength(0);
  });

  it('refreshes shown lists after an online-only write', async () => {
    const fake = server(['default']);
    await renderWithConsole(<Screen />, { server: fake });
    await waitFor(() => expect(screen.getByTestId('projects').textContent).toBe(`default|${START}`));
    fireEvent.click(screen.getByRole('button', { name: 'Delete token' }));
    await waitFor(() => expect(fake.calls('GET', '/api/admin/projects')).toHaveLength(2));
    expect(fake.calls('DELETE', '/api/admin/api-tokens/abc')).toHaveLength(1);
    expect(fake.calls('GET', '/api/admin/context')).toHaveLength(1);
  });
});
