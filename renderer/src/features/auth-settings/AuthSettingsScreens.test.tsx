import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, unleashError } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { PasswordLoginScreen } from './PasswordLoginScreen';
import { ScimSettingsScreen } from './ScimSettingsScreen';

function scimServer() {
  let settings = { enabled: false, hasToken: false };
  return createFakeServer()
    .on('GET', '/api/admin/scim-settings', () => ({ body: settings }))
    .on('POST', '/api/admin/scim-settings', (request) => {
      settings = { ...settings, enabled: (request.body as { enabled: boolean }).enabled };
      return { body: settings };
    })
    .on('POST', '/api/admin/scim-settings/generate-new-token', () => {
      settings = { ...settings, hasToken: true };
      return { body: { token: 'scim:0123abcd' } };
    });
}

describe('SCIM settings screen', () => {
  it('enables SCIM, shows the base URL, and shows a generated token once', async () => {
    const server = scimServer();
    await renderWithConsole(<ScimSettingsScreen />, { server });
    const toggle = (await screen.findByRole('switch', {
      name: /Enable SCIM provisioning/,
    })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(screen.getByTestId('scim-base-url').textContent).toBe('http://switchyard.test/scim/v2');
    expect(screen.getByText('No token yet: generate one for your identity provider.')).toBeTruthy();

    fireEvent.click(toggle);
    await waitFor(() =>
      expect(server.calls('POST', '/api/admin/scim-settings')[0]?.body).toEqual({ enabled: true }),
    );
    await waitFor(() =>
      expect(
        (screen.getByRole('switch', { name: /Enable SCIM provisioning/ }) as HTMLInputElement).checked,
      ).toBe(true),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Generate token' }));
    expect((await screen.findByTestId('token-secret')).textContent).toBe('scim:0123abcd');
    expect(screen.getByRole('button', { name: 'Copy secret' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('token-secret')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Generate new token' })).toBeTruthy();
  });
});

describe('password login screen', () => {
  it('disables password login and names the break-glass variable', async () => {
    let disabled = false;
    const server = createFakeServer()
      .on('GET', '/api/admin/auth/simple/settings', () => ({ body: { disabled } }))
      .on('POST', '/api/admin/auth/simple/settings', (request) => {
        disabled = (request.body as { disabled: boolean }).disabled;
        return { body: { disabled } };
      });
    await renderWithConsole(<PasswordLoginScreen />, { server });
    expect(await screen.findByText('SWITCHYARD_ALLOW_PASSWORD_LOGIN=true')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: /Disable password login/ }));
    await waitFor(() =>
      expect(server.calls('POST', '/api/admin/auth/simple/settings')[0]?.body).toEqual({ disabled: true }),
    );
    await waitFor(() =>
      expect(
        (screen.getByRole('switch', { name: /Disable password login/ }) as HTMLInputElement).checked,
      ).toBe(true),
    );
  });

  it("shows the server's refusal", async () => {
    const server = createFakeServer()
      .on('GET', '/api/admin/auth/simple/settings', { disabled: false })
      .on('POST', '/api/admin/auth/simple/settings', unleashError(403, 'PermissionError', 'You need ADMIN'));
    await renderWithConsole(<PasswordLoginScreen />, { server });
    fireEvent.click(await screen.findByRole('switch', { name: /Disable password login/ }));
    expect(await screen.findByText('You need ADMIN')).toBeTruthy();
  });
});
