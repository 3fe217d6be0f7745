import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { LOGIN_PAGE_SIZE, LoginHistoryScreen } from './LoginHistoryScreen';

const events = [
  {
    id: 2,
    username: 'carol@example.com',
    auth_type: 'password',
    created_at: '2026-11-25T10:05:00Z',
    successful: true,
    ip: '10.0.0.9',
    failure_reason: null,
  },
  {
    id: 1,
    username: 'carol',
    auth_type: 'open-id-connect',
    created_at: '2026-11-25T10:00:00Z',
    successful: false,
    ip: '10.0.0.7',
    failure_reason: 'Wrong password',
  },
];

describe('login history screen', () => {
  it('lists attempts with method, address, result and reason, and filters on the server', async () => {
    const server = createFakeServer().on('GET', '/api/admin/logins', (request) => {
      const q = request.query.get('q');
      const successful = request.query.get('successful');
      return {
        body: {
          events: events.filter(
            (event) =>
              (!q || event.username.includes(q) || event.ip.includes(q)) &&
              (successful === null || String(event.successful) === successful),
          ),
        },
      };
    });
    await renderWithConsole(<LoginHistoryScreen />, { server });
    const failed = await screen.findByTestId('login-1');
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(failed.textContent).toContain('OpenID Connect');
    expect(failed.textContent).toContain('10.0.0.7');
    expect(failed.textContent).toContain('Wrong password');
    expect(within(screen.getByTestId('login-2')).getByText('Success')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Failed' }));
    await waitFor(() => expect(screen.queryByTestId('login-2')).toBeNull());
    expect(server.calls('GET', '/api/admin/logins').at(-1)?.query.get('successful')).toBe('false');

    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    fireEvent.change(screen.getByLabelText('Filter by username or IP address'), {
      target: { value: '10.0.0.9' },
    });
    await waitFor(() => expect(screen.queryByTestId('login-1')).toBeNull());
    expect(screen.getByTestId('login-2')).toBeTruthy();
    expect(server.calls('GET', '/api/admin/logins').at(-1)?.query.get('q')).toBe('10.0.0.9');
  });

  it('pages through the attempts, asking the server for one page (and one more to know of a next)', async () => {
    const many = Array.from({ length: LOGIN_PAGE_SIZE + 10 }, (_, index) => ({
      ...events[0],
      id: LOGIN_PAGE_SIZE + 10 - index,
      username: `user-${index}`,
    }));
    const server = createFakeServer().on('GET', '/api/admin/logins', (request) => {
      const offset = Number(request.query.get('offset') ?? 0);
      const limit = Number(request.query.get('limit') ?? 1000);
      return { body: { events: many.slice(offset, offset + limit) } };
    });
    await renderWithConsole(<LoginHistoryScreen />, { server });
    await screen.findByTestId(`login-${LOGIN_PAGE_SIZE + 10}`);
    expect(screen.getAllByRole('row')).toHaveLength(LOGIN_PAGE_SIZE + 1);
    expect(screen.getByTestId('login-page').textContent).toBe(`Page 1 · attempts 1–${LOGIN_PAGE_SIZE}`);
    expect(server.calls('GET', '/api/admin/logins')[0]?.query.get('limit')).toBe(String(LOGIN_PAGE_SIZE + 1));

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByTestId('login-10');
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(server.calls('GET', '/api/admin/logins').at(-1)?.query.get('offset')).toBe(
      String(LOGIN_PAGE_SIZE),
    );
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByTestId(`login-${LOGIN_PAGE_SIZE + 10}`);
  });

  it('downloads the CSV the server makes', async () => {
    const csv = '"id","created_at"\r\n"2","2026-11-25T10:05:00Z"\r\n"1","2026-11-25T10:00:00Z"\r\n';
    const server = createFakeServer().on('GET', '/api/admin/logins', (request) =>
      request.query.get('format') === 'csv' ? { body: csv } : { body: { events } },
    );
    // Catches the download link the screen clicks (and keeps the test page where it is).
    const saved: Array<{ name: string; href: string }> = [];
    const catchDownload = (event: MouseEvent) => {
      const link = event.target as HTMLAnchorElement;
      if (link.tagName !== 'A' || !link.download) return;
      event.preventDefault();
      saved.push({ name: link.download, href: link.href });
    };
    document.addEventListener('click', catchDownload, true);
    try {
      await renderWithConsole(<LoginHistoryScreen />, { server });
      await screen.findByTestId('login-1');
      fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
      expect(
        await screen.findByText(/^Saved login-history-\d{4}-\d{2}-\d{2}\.csv \(2 rows\)\.$/),
      ).toBeTruthy();
    } finally {
      document.removeEventListener('click', catchDownload, true);
    }
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toMatch(/^login-history-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(saved[0]?.href).toMatch(/^blob:/);
    const call = server
      .calls('GET', '/api/admin/logins')
      .find((request) => request.query.get('format') === 'csv');
    expect(call?.query.get('limit')).toBe('10000');
  });

  it('says so when there are no attempts', async () => {
    const server = createFakeServer().on('GET', '/api/admin/logins', { events: [] });
    await renderWithConsole(<LoginHistoryScreen />, { server });
    expect(await screen.findByText('No login attempts yet.')).toBeTruthy();
  });
});
