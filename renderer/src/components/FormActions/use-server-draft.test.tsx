import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CorsScreen } from '../../features/cors/CorsScreen';
import { createMemoryStore } from '../../offline/kv-store';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { useServerDraft } from './use-server-draft';

function NameField({ server }: { server: { name: string } }) {
  const { draft, change, edited, reset } = useServerDraft(server);
  return (
    <>
      <input
        aria-label="Name"
        value={draft.name}
        onChange={(event) => change({ name: event.target.value })}
      />
      <span data-testid="edited">{String(edited)}</span>
      <button type="button" onClick={reset}>
        Cancel
      </button>
    </>
  );
}

const field = () => screen.getByLabelText('Name') as HTMLInputElement;

describe('a form draft taken from server data', () => {
  it('follows a newer answer while the user has not changed it', () => {
    const view = render(<NameField server={{ name: 'saved copy' }} />);
    view.rerender(<NameField server={{ name: 'refetched' }} />);
    expect(field().value).toBe('refetched');
    expect(screen.getByTestId('edited').textContent).toBe('false');
  });

  it('keeps what the user typed over a refetch, and follows again once it is undone', () => {
    const view = render(<NameField server={{ name: 'one' }} />);
    fireEvent.change(field(), { target: { value: 'mine' } });
    view.rerender(<NameField server={{ name: 'two' }} />);
    expect(field().value).toBe('mine');
    expect(screen.getByTestId('edited').textContent).toBe('true');
    // Typed back to where it started: not an edit any more, so the server's value shows.
    fireEvent.change(field(), { target: { value: 'one' } });
    view.rerender(<NameField server={{ name: 'three' }} />);
    expect(field().value).toBe('three');
  });

  it('takes the server value as the new start once it holds what the user saved', () => {
    const view = render(<NameField server={{ name: 'one' }} />);
    fireEvent.change(field(), { target: { value: 'saved' } });
    view.rerender(<NameField server={{ name: 'saved' }} />);
    expect(screen.getByTestId('edited').textContent).toBe('false');
    // Another operator's change after the save shows.
    view.rerender(<NameField server={{ name: 'theirs' }} />);
    expect(field().value).toBe('theirs');
  });

  it('goes back to the server value on cancel', () => {
    render(<NameField server={{ name: 'one' }} />);
    fireEvent.change(field(), { target: { value: 'mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(field().value).toBe('one');
  });

  it('lets a screen shown from its saved copy after a reload follow the server’s answer', async () => {
    let origins = ['https://before.example.com'];
    const server = createFakeServer().on('GET', '/api/admin/ui-config', () => ({
      body: { frontendApiOrigins: origins, unleashUrl: 'http://switchyard.test' },
    }));
    const kv = createMemoryStore();
    const first = await renderWithConsole(<CorsScreen />, { server, kv });
    await waitFor(() =>
      expect((screen.getByLabelText('Allowed origins') as HTMLTextAreaElement).value).toBe(
        'https://before.example.com',
      ),
    );
    await waitFor(async () => expect((await kv.entries('cache')).length).toBeGreaterThan(0));
    first.unmount();

    // A reload while the server is away shows the saved copy; the server meanwhile changed (a replay).
    origins = ['https://after.example.com'];
    server.offline = true;
    const second = await renderWithConsole(<CorsScreen />, { server, kv });
    const textarea = (await screen.findByLabelText('Allowed origins')) as HTMLTextAreaElement;
    expect(textarea.value).toBe('https://before.example.com');

    server.offline = false;
    await act(async () => {
      await second.console.checkConnection();
    });
    // The same field (not a remounted form) now shows the server's answer.
    await waitFor(() => expect(textarea.value).toBe('https://after.example.com'));
    expect(screen.getByLabelText('Allowed origins')).toBe(textarea);
  });
});
