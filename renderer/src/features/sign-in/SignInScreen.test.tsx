import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, createFakeServer, unleashError } from '../../test-utils/fake-server';
import { renderConsole } from '../../test-utils/render';
import { createFakeBridge, FakeIpcFailure } from '../desktop/fake-bridge';

function authServer() {
  let user: { id: number; name: string } | null = null;
  const server = createFakeServer()
    .on('GET', '/api/admin/user', (request) =>
      user || request.headers.authorization === 'user:pat-of-bo'
        ? { body: { user: user ?? { id: 7, name: 'Bo (PAT)' } } }
        : unleashError(401, 'AuthenticationRequired', 'You must log in to use Unleash.'),
    )
    .on('POST', '/auth/simple/login', (request) => {
      const { username, password } = request.body as { username: string; password: string };
      if (username === 'admin' && password === 'correct horse') {
        user = { id: 1, name: 'Admin' };
        return { body: { id: 1, name: 'Admin' } };
      }
      return unleashError(401, 'PasswordMismatch', 'Wrong password, try again.');
    })
    .on('GET', '/api/admin/search/features', { features: [], total: 0 })
    .on('GET', '/api/admin/projects', { version: 1, projects: [] })
    .on('GET', '/api/admin/feature-types', { version: 1, types: [] });
  return server;
}

describe('sign-in screen', () => {
  it('shows when the server asks for sign-in, and signs in with a password', async () => {
    const server = authServer();
    await renderConsole({ server });
    expect(await screen.findByRole('heading', { name: 'Sign in to Switchyard' })).toBeTruthy();
    expect(screen.getByText('http://switchyard.test')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/Username or e-mail/), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), {
      target: { value: 'wrong' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Wrong password, try again.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), {
      target: { value: 'correct horse' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('navigation', { name: 'Console areas' }, { timeout: 5000 })).toBeTruthy();
    expect(server.calls('POST', '/auth/simple/login').at(-1)?.body).toEqual({
      username: 'admin',
      password: 'correct horse',
    });
  });

  it('signs in with a personal access token kept in memory only', async () => {
    const server = authServer();
    await renderConsole({ server });
    fireEvent.click(await screen.findByRole('tab', { name: 'Token' }));
    const input = await screen.findByLabelText(/Admin token or personal access token/);
    fireEvent.change(input, { target: { value: 'user:pat-of-bo' } });
    expect(screen.getByText('Personal access token: acts as its user')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with token' }));
    expect(await screen.findByRole('navigation', { name: 'Console areas' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('user-menu').textContent).toBe('Bo (PAT)');
    expect(window.sessionStorage.length).toBe(0);
    expect(window.localStorage.length).toBe(0);
  });

  it('shows the server refusal next to the token field', async () => {
    await renderConsole({ server: authServer() });
    fireEvent.click(await screen.findByRole('tab', { name: 'Token' }));
    fireEvent.change(await screen.findByLabelText(/Admin token or personal access token/), {
      target: { value: '*:*.nope' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with token' }));
    expect(await screen.findByText('You must log in to use Unleash.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sign in to Switchyard' })).toBeTruthy();
  });

  it('explains when the page has no server and lets the operator add one', async () => {
    const server = authServer();
    await renderConsole({
      server,
      platform: {
        kind: 'browser',
        embeddedServerUrl: async () => null,
        onEmbeddedServerChange: () => () => {},
        credentials: (await import('../../platform/credentials')).createBrowserCredentialStore(null),
        openExternal: () => {},
      },
    });
    expect((await screen.findByTestId('sign-in-notice')).textContent).toMatch(
      /not served by a Switchyard server/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add a remote server' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Prod' } });
    fireEvent.change(screen.getByLabelText('Server URL'), { target: { value: 'not a url' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add connection' }));
    expect(await screen.findByText('Enter a full URL such as https://flags.example.com')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Server URL'), { target: { value: 'http://switchyard.test/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add connection' }));
    // The new connection is used at once: its server asks for sign-in, with no notice left.
    expect(await screen.findByText('http://switchyard.test')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('sign-in-notice')).toBeNull());
    expect(server.calls('GET', '/api/admin/user')).toHaveLength(1);
  });

  it('shows the methods the server lists and hides the password form when password login is off', async () => {
    const server = createFakeServer().on(
      'GET',
      '/api/admin/user',
      answer(401, {
        name: 'AuthenticationRequired',
        message: 'You must log in to use Switchyard.',
        type: 'password',
        path: '/auth/simple/login',
        defaultHidden: true,
        options: [
          { type: 'oidc', path: '/auth/oidc/login', message: 'Sign in with Okta' },
          { type: 'evil', path: 'https://elsewhere.example/steal', message: 'Elsewhere' },
        ],
      }),
    );
    await renderConsole({ server });
    const methods = await screen.findByRole('group', { name: 'Other ways to sign in' });
    const okta = screen.getByRole('link', { name: 'Sign in with Okta' });
    expect(okta.getAttribute('href')).toBe('http://switchyard.test/auth/oidc/login');
    // Only paths on the server itself become buttons.
    expect(methods.querySelectorAll('a')).toHaveLength(1);
    expect(screen.queryByRole('tab', { name: 'Password' })).toBeNull();
    expect(screen.queryByLabelText(/Username or e-mail/)).toBeNull();

    // The break-glass path: an administrator can still open the password form.
    fireEvent.click(screen.getByRole('button', { name: /Administrator\? Sign in with a password/ }));
    expect(await screen.findByLabelText(/Username or e-mail/)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Password' })).toBeTruthy();
  });

  it('in the desktop app, signs in through the system browser via main and then re-checks the session', async () => {
    let signedIn = false;
    const server = createFakeServer()
      .on('GET', '/api/admin/user', () =>
        signedIn
          ? { body: { user: { id: 3, name: 'Dana' } } }
          : answer(401, {
              name: 'AuthenticationRequired',
              message: 'You must log in to use Switchyard.',
              options: [{ type: 'oidc', path: '/auth/oidc/login', message: 'Sign in with Okta' }],
            }),
      )
      .on('GET', '/api/admin/search/features', { features: [], total: 0 })
      .on('GET', '/api/admin/projects', { version: 1, projects: [] })
      .on('GET', '/api/admin/feature-types', { version: 1, types: [] });
    const fake = createFakeBridge(server);
    let attempts = 0;
    fake.answer('switchyard:auth:sign-in-with-browser', async () => {
      attempts += 1;
      if (attempts === 1) {
        throw new FakeIpcFailure({ name: 'SignInError', message: 'Signing in took too long; try again.' });
      }
      // Main has put the session cookie in place by the time it answers.
      signedIn = true;
      return { signedIn: true, expiresAt: '2099-01-01T00:00:00.000Z' };
    });
    await renderConsole({ server, platform: fake.platform, path: '/' });
    // A button, not a link: the console window never navigates to the identity provider itself.
    const okta = await screen.findByRole('button', { name: 'Sign in with Okta' });
    fireEvent.click(okta);
    expect(await screen.findByText('Signing in took too long; try again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Okta' }));
    expect(await screen.findByRole('navigation', { name: 'Console areas' }, { timeout: 5000 })).toBeTruthy();
    const invoked = fake.calls.filter((call) => call.channel === 'switchyard:auth:sign-in-with-browser');
    expect(invoked.map((call) => call.payload)).toEqual([
      { profile: 'local', method: 'oidc' },
      { profile: 'local', method: 'oidc' },
    ]);
  });
});
