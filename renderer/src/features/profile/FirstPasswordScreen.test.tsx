import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, unleashError } from '../../test-utils/fake-server';
import { renderConsole } from '../../test-utils/render';

const GENERATED = 'Generated-pass-123';

/** The first admin, marked until the generated password is replaced. */
function firstStartServer() {
  let marked = true;
  const changes: unknown[] = [];
  const server = createFakeServer()
    .on('GET', '/api/admin/user', () => ({
      body: {
        user: { id: 1, username: 'admin', ...(marked ? { passwordChangeRequired: true } : {}) },
        permissions: [{ permission: 'ADMIN' }],
        feedback: [],
        splash: {},
      },
    }))
    .on('POST', '/api/admin/user/change-password', (request) => {
      const body = request.body as { oldPassword: string; password: string };
      if (body.oldPassword !== GENERATED)
        return unleashError(400, 'PasswordMismatch', 'The current password is wrong');
      changes.push(body);
      marked = false;
      return { status: 200 };
    })
    .on('GET', '/api/admin/search/features', { features: [], total: 0 })
    .on('GET', '/api/admin/projects', { version: 1, projects: [] })
    .on('GET', '/api/admin/feature-types', { version: 1, types: [] })
    .on('GET', '/api/admin/events', { version: 2, events: [], totalEvents: 0 });
  return { server, changes };
}

describe('first sign-in with the generated password', () => {
  it('asks for a new password before any screen, then opens the screen asked for', async () => {
    const { server, changes } = firstStartServer();
    await renderConsole({ server, path: '/projects' });
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeTruthy();
    // No navigation and no screen behind it yet.
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Projects' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Generated password'), { target: { value: 'wrong' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'Chosen-pass-456' } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), {
      target: { value: 'Chosen-pass-456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is wrong')).toBeTruthy();
    expect(changes).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Generated password'), { target: { value: GENERATED } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Choose your password' })).toBeNull());
    expect(changes).toEqual([
      { oldPassword: GENERATED, password: 'Chosen-pass-456', confirmPassword: 'Chosen-pass-456' },
    ]);
    expect(await screen.findByRole('heading', { name: 'Projects' }, { timeout: 5000 })).toBeTruthy();
  });

  it('does not stop a user without the mark', async () => {
    const server = createFakeServer()
      .on('GET', '/api/admin/user', {
        user: { id: 2, username: 'dana' },
        permissions: [],
        feedback: [],
        splash: {},
      })
      .on('GET', '/api/admin/projects', { version: 1, projects: [] });
    await renderConsole({ server, path: '/projects' });
    expect(await screen.findByRole('heading', { name: 'Projects' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Choose your password' })).toBeNull();
  });
});
