import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, unleashError } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { ProfileScreen } from './ProfileScreen';

function profileServer() {
  return createFakeServer()
    .on('GET', '/api/admin/user', {
      user: { id: 5, name: 'Dana Dev', email: 'dana@example.com', username: 'dana' },
      permissions: [],
      feedback: [],
      splash: {},
    })
    .on('GET', '/api/admin/user/profile', {
      rootRole: { id: 2, type: 'root', name: 'Editor' },
      projects: ['payments', 'web'],
      groups: [{ id: 1, name: 'Platform' }],
      subscriptions: [],
      features: [],
      canChangePassword: true,
    })
    .on('GET', '/api/admin/user/tokens', { pats: [] })
    .on('POST', '/api/admin/user/change-password', (request) => {
      const body = request.body as { oldPassword: string; password: string };
      if (body.oldPassword !== 'Old-pass-123')
        return unleashError(400, 'PasswordMismatch', 'The current password is wrong');
      if (body.password === 'short') {
        return unleashError(400, 'OwaspValidationError', 'The password must be at least 10 characters long.');
      }
      return { status: 200 };
    });
}

describe('profile screen', () => {
  it('shows who I am, my root role, projects, groups and my tokens', async () => {
    await renderWithConsole(<ProfileScreen />, { server: profileServer() });
    const identity = await screen.findByTestId('profile-identity');
    expect(identity.textContent).toContain('Dana Dev');
    expect(identity.textContent).toContain('dana@example.com');
    expect(identity.textContent).toContain('Editor');
    const access = screen.getByTestId('profile-access');
    expect(within(access).getByText('payments')).toBeTruthy();
    expect(within(access).getByText('Platform')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'New token' })).toBeTruthy();
  });

  it('changes my password and puts refusals next to the field they concern', async () => {
    const server = profileServer();
    await renderWithConsole(<ProfileScreen />, { server });
    const current = await screen.findByLabelText('Current password');
    const next = screen.getByLabelText(/^New password/);
    const repeat = screen.getByLabelText('Repeat the new password');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Type your current password')).toBeTruthy();
    fireEvent.change(current, { target: { value: 'wrong' } });
    fireEvent.change(next, { target: { value: 'New-pass-456' } });
    fireEvent.change(repeat, { target: { value: 'New-pass-45' } });
    expect(screen.getByText('The passwords differ')).toBeTruthy();
    fireEvent.change(repeat, { target: { value: 'New-pass-456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const wrong = await screen.findByText('The current password is wrong');
    expect(wrong.closest('.mantine-InputWrapper-root')?.querySelector('input')).toBe(current);

    fireEvent.change(current, { target: { value: 'Old-pass-123' } });
    fireEvent.change(next, { target: { value: 'short' } });
    fireEvent.change(repeat, { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const weak = await screen.findByText('The password must be at least 10 characters long.');
    expect(weak.closest('.mantine-InputWrapper-root')?.querySelector('input')).toBe(next);

    fireEvent.change(next, { target: { value: 'New-pass-456' } });
    fireEvent.change(repeat, { target: { value: 'New-pass-456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/Password changed/)).toBeTruthy();
    expect(server.calls('POST', '/api/admin/user/change-password').at(-1)?.body).toEqual({
      oldPassword: 'Old-pass-123',
      password: 'New-pass-456',
      confirmPassword: 'New-pass-456',
    });
    expect((current as HTMLInputElement).value).toBe('');
  }, 20_000);
});
