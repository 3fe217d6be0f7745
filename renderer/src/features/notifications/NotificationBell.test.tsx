import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../../server/contract';
import { createFakeServer, unleashError } from '../../test-utils/fake-server';
import { currentPath, renderWithConsole } from '../../test-utils/render';
import { NotificationBell } from './NotificationBell';

function notification(id: number, readAt: string | null, extra: Partial<Notification> = {}): Notification {
  return {
    id,
    message: `Message ${id}`,
    link: `/projects/default/change-requests/${id}`,
    notificationType: 'change-request',
    createdBy: { username: 'alice', imageUrl: null },
    createdAt: '2026-11-22T09:00:00Z',
    readAt,
    ...extra,
  };
}

function inboxServer(initial: Notification[]) {
  let inbox = initial;
  const server = createFakeServer()
    .on('GET', '/api/admin/notifications', () => ({ body: inbox }))
    .on('POST', '/api/admin/notifications/read', (request) => {
      const ids = (request.body as { notifications: number[] }).notifications;
      inbox = inbox.map((n) => (ids.includes(n.id) ? { ...n, readAt: '2026-11-22T10:00:00Z' } : n));
      return { status: 200 };
    });
  return server;
}

describe('notification bell', () => {
  it('names the unread count, lists notifications and marks them all read', async () => {
    const server = inboxServer([
      notification(3, null),
      notification(2, null),
      notification(1, '2026-11-21T00:00:00Z'),
    ]);
    await renderWithConsole(<NotificationBell />, { server });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    fireEvent.click(bell);
    const items = await screen.findAllByTestId('notification');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Message 3'),
      expect.stringContaining('Message 2'),
      expect.stringContaining('Message 1'),
    ]);
    expect(screen.getAllByRole('img', { name: 'Unread' })).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await screen.findByRole('button', { name: 'Notifications, 0 unread' });
    expect(server.calls('POST', '/api/admin/notifications/read').map((call) => call.body)).toEqual([
      { notifications: [3, 2] },
    ]);
    expect(screen.getByRole('button', { name: 'Mark all read' })).toHaveProperty('disabled', true);
  });

  it('opens the subject of a notification and marks that one read', async () => {
    const server = inboxServer([notification(7, null), notification(6, null)]);
    await renderWithConsole(<NotificationBell />, { server, path: '/features' });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const [first] = await screen.findAllByTestId('notification');
    expect(first?.getAttribute('href')).toBe('/projects/default/change-requests/7');
    fireEvent.click(first!);
    await waitFor(() => expect(currentPath()).toBe('/projects/default/change-requests/7'));
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(server.calls('POST', '/api/admin/notifications/read').map((call) => call.body)).toEqual([
      { notifications: [7] },
    ]);
  });

  it('says when there is nothing yet, and shows no bell to a caller without an inbox', async () => {
    const { unmount } = await renderWithConsole(<NotificationBell />, { server: inboxServer([]) });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 0 unread' }));
    expect(await screen.findByText(/Nothing yet/)).toBeTruthy();
    unmount();

    const tokenServer = createFakeServer().on(
      'GET',
      '/api/admin/notifications',
      unleashError(403, 'ForbiddenError', 'This operation needs an identifiable user'),
    );
    await renderWithConsole(<NotificationBell />, { server: tokenServer });
    await waitFor(() => expect(tokenServer.calls('GET', '/api/admin/notifications')).toHaveLength(1));
    expect(screen.queryByTestId('notification-bell')).toBeNull();
  });
});
