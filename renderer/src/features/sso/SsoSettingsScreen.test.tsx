import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createFakeServer, unleashError } from '../../test-utils/fake-server';
import { currentPath, renderConsole, renderWithConsole } from '../../test-utils/render';
import { SsoSettingsScreen } from './SsoSettingsScreen';

function ssoServer() {
  let oidc: Record<string, unknown> = {
    enabled: false,
    discoverUrl: 'https://idp.example/realms/a/.well-known/openid-configuration',
    clientId: 'switchyard',
    secret: '********',
  };
  let saml: Record<string, unknown> = { enabled: false, spCertificate: 'CERT', spPrivateKey: '********' };
  return createFakeServer()
    .on('GET', '/api/admin/auth/sso/endpoints', {
      oidcRedirectUrl: 'https://flags.example.com/auth/oidc/callback',
      signedOutUrl: 'https://flags.example.com/signed-out',
      samlEntityId: 'https://flags.example.com',
      samlAcsUrl: 'https://flags.example.com/auth/saml/callback',
      samlLogoutUrl: 'https://flags.example.com/auth/saml/logout',
      samlMetadataUrl: 'https://flags.example.com/auth/saml/metadata',
    })
    .on('GET', '/api/admin/auth/saml/settings', () => ({ body: saml }))
    .on('POST', '/api/admin/auth/saml/settings', (request) => {
      saml = { ...(request.body as Record<string, unknown>), spPrivateKey: '********' };
      return { body: saml };
    })
    .on('GET', '/api/admin/auth/oidc/settings', () => ({ body: oidc }))
    .on('POST', '/api/admin/auth/oidc/settings', (request) => {
      const body = request.body as Record<string, unknown>;
      if (body.clientId === '') return unleashError(400, 'BadDataError', 'clientId is required when enabled');
      oidc = { ...body, secret: '********' };
      return { body: oidc };
    });
}

describe('single sign-on settings', () => {
  it("shows the values for the identity provider from the server's routes, each with a copy button", async () => {
    await renderWithConsole(<SsoSettingsScreen />, { server: ssoServer() });
    const oidc = await screen.findByTestId('sso-values-oidc');
    expect(await within(oidc).findByText('https://flags.example.com/auth/oidc/callback')).toBeTruthy();
    expect(within(oidc).getByText('https://flags.example.com/signed-out')).toBeTruthy();
    const copy = within(oidc).getByRole('button', { name: 'Copy Redirect (callback) URI' });
    fireEvent.click(copy);
    await waitFor(() => expect(copy.textContent).toBe('Copied'));
    expect(await navigator.clipboard.readText()).toBe('https://flags.example.com/auth/oidc/callback');

    fireEvent.click(screen.getByRole('tab', { name: 'SAML 2.0' }));
    const saml = await screen.findByTestId('sso-values-saml');
    for (const value of [
      'https://flags.example.com',
      'https://flags.example.com/auth/saml/callback',
      'https://flags.example.com/auth/saml/metadata',
    ])
      expect(await within(saml).findByText(value)).toBeTruthy();
    expect(within(saml).getAllByRole('button', { name: /^Copy / })).toHaveLength(4);
  });

  it('shows the secret masked and saves the OIDC settings with Unleash field names', async () => {
    const server = ssoServer();
    await renderWithConsole(<SsoSettingsScreen />, { server });
    const secret = (await screen.findByLabelText(/Client secret/)) as HTMLInputElement;
    expect(secret.value).toBe('********');
    fireEvent.click(screen.getByRole('switch', { name: 'Enable OpenID Connect' }));
    fireEvent.change(screen.getByLabelText(/E-mail domains/), { target: { value: 'example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('OpenID Connect settings saved.')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/auth/oidc/settings')[0]?.body).toMatchObject({
      enabled: true,
      clientId: 'switchyard',
      secret: '********',
      emailDomains: 'example.com',
    });
  });

  it('says above the forms, before they are filled in, when the server cannot save their secrets', async () => {
    const server = ssoServer().on('GET', '/api/admin/ui-config', { canStoreSecrets: false });
    await renderWithConsole(<SsoSettingsScreen />, { server });
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('This server cannot save secrets');
    expect(notice.textContent).toContain(
      'Saving the OpenID Connect client secret or the SAML service provider private key is refused.',
    );
    expect(notice.textContent).toContain('SECRETS_ENCRYPTION_KEY');
  });

  it("shows the server's refusal", async () => {
    const server = ssoServer();
    await renderWithConsole(<SsoSettingsScreen />, { server });
    fireEvent.change(await screen.findByLabelText(/Client ID/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('clientId is required when enabled')).toBeTruthy();
  });

  it('edits the SAML sign-out URL and SP signing pair, the private key shown only as the mask', async () => {
    const server = ssoServer();
    await renderWithConsole(<SsoSettingsScreen />, { server });
    fireEvent.click(await screen.findByRole('tab', { name: 'SAML 2.0' }));
    const key = (await screen.findByLabelText(/Service provider private key/)) as HTMLTextAreaElement;
    expect(key.value).toBe('********');
    fireEvent.change(screen.getByLabelText(/Sign-out URL/), { target: { value: 'https://idp.example/slo' } });
    fireEvent.change(key, {
      target: { value: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('SAML 2.0 settings saved.')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/auth/saml/settings')[0]?.body).toMatchObject({
      signOutUrl: 'https://idp.example/slo',
      spCertificate: 'CERT',
      spPrivateKey: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----',
    });
  });

  it("opens at Unleash's /admin/auth, and /admin/sso leads there", async () => {
    const server = ssoServer().on('GET', '/api/admin/user', {
      user: { id: 1, username: 'admin' },
      permissions: [{ permission: 'ADMIN' }],
      feedback: [],
      splash: {},
    });
    // The server's page names its base; without one the document's base would be /admin/.
    const base = document.createElement('base');
    base.href = '/';
    document.head.append(base);
    onTestFinished(() => base.remove());
    await renderConsole({ server, path: '/admin/sso' });
    expect(await screen.findByRole('heading', { name: 'Single sign-on' }, { timeout: 5000 })).toBeTruthy();
    expect(currentPath()).toBe('/admin/auth');
    expect(screen.queryByText(/There is no screen/)).toBeNull();
  });
});
