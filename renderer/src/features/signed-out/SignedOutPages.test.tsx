import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, createFakeServer, unleashError } from '../../test-utils/fake-server';
import { currentPath, renderConsole } from '../../test-utils/render';

const STRONG = 'Correct-Horse-42';

/** Signed out; the password policy as the server applies it (length and a digit, for the test). */
function signedOutServer() {
  let signedIn = false;
  return createFakeServer()
    .on('GET', '/api/admin/user', () =>
      signedIn
        ? { body: { user: { id: 5, name: 'Ida Invitee', email: 'ida@example.com' } } }
        : unleashError(401, 'AuthenticationRequired', 'You must log in to use Unleash.'),
    )
    .on('POST', '/auth/simple/login', () => {
      signedIn = true;
      return { body: { id: 5 } };
    })
    .on('POST', '/auth/reset/validate-password', (request) => {
      const { password } = request.body as { password: string };
      const problems = [
        ...(password.length < 10 ? ['The password must be at least 10 characters long.'] : []),
        ...(/[0-9]/.test(password) ? [] : ['The password must contain at least one number.']),
      ];
      return problems.length === 0
        ? { body: undefined }
        : answer(400, {
            id: 'x',
            name: 'OwaspValidationError',
            message: problems[0],
            details: [{ message: problems[0], validationErrors: problems }],
          });
    })
    .on('GET', '/api/admin/search/features', { features: [], total: 0 })
    .on('GET', '/api/admin/projects', { version: 1, projects: [] })
    .on('GET', '/api/admin/feature-types', { version: 1, types: [] });
}

function typePassword(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
}

describe('pages for people who are not signed in', () => {
  it('links the sign-in page to the forgotten-password page', async () => {
    await renderConsole({ server: signedOutServer(), path: '/login' });
    fireEvent.click(await screen.findByRole('link', { name: 'Forgotten your password?' }));
    await waitFor(() => expect(currentPath()).toBe('/forgotten-password'));
    expect(await screen.findByRole('heading', { name: 'Forgotten password' })).toBeTruthy();
  });

  it('asks for a reset mail and says to ask an administrator, whatever the address', async () => {
    const server = signedOutServer().on('POST', '/auth/reset/password-email', { body: undefined });
    await renderConsole({ server, path: '/forgotten-password' });
    fireEvent.change(await screen.findByLabelText(/E-mail/), { target: { value: 'nobody@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send a reset link' }));
    const done = await screen.findByTestId('reset-requested');
    expect(done.textContent).toContain('nobody@example.com');
    expect(done.textContent).toContain('ask an administrator for a reset link');
    expect(server.calls('POST', '/auth/reset/password-email')[0]?.body).toEqual({
      email: 'nobody@example.com',
    });
  });

  it('sets a password through a reset link, with the policy checked as it is typed, and signs in', async () => {
    const server = signedOutServer()
      .on('GET', '/auth/reset/validate', (request) =>
        request.query.get('token') === 'good-token'
          ? {
              body: {
                id: 5,
                name: 'Ida',
                email: 'ida@example.com',
                token: 'good-token',
                createdBy: null,
                role: {},
              },
            }
          : unleashError(401, 'InvalidTokenError', 'The reset token is invalid, used or expired'),
      )
      .on('POST', '/auth/reset/password', { body: undefined });
    await renderConsole({ server, path: '/reset-password?token=good-token' });
    expect(await screen.findByText('Ida (ida@example.com)', undefined, { timeout: 5000 })).toBeTruthy();
    typePassword(/^New password/, 'short');
    const policy = screen.getByTestId('password-policy');
    await waitFor(() => expect(policy.textContent).toContain('at least 10 characters long'));
    expect(policy.textContent).toContain('at least one number');
    const save = screen.getByRole('button', { name: 'Save and sign in' });
    expect(save.hasAttribute('disabled')).toBe(true);

    typePassword(/^New password/, STRONG);
    await waitFor(() => expect(policy.textContent).toBe('The password meets the policy.'));
    typePassword(/^Repeat the password/, 'something else');
    expect(await screen.findByText('The passwords differ.')).toBeTruthy();
    typePassword(/^Repeat the password/, STRONG);
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);

    await waitFor(() => expect(currentPath()).toBe('/features'), { timeout: 5000 });
    expect(server.calls('POST', '/auth/reset/password')[0]?.body).toEqual({
      token: 'good-token',
      password: STRONG,
    });
    expect(server.calls('POST', '/auth/simple/login')[0]?.body).toEqual({
      username: 'ida@example.com',
      password: STRONG,
    });
  });

  it('says when a reset or new-user link was used or expired, and offers a new one', async () => {
    const server = signedOutServer().on('GET', '/auth/reset/validate', () =>
      unleashError(401, 'InvalidTokenError', 'The reset token is invalid, used or expired'),
    );
    await renderConsole({ server, path: '/new-user?token=used-token' });
    const notice = await screen.findByTestId('link-unusable', undefined, { timeout: 5000 });
    expect(notice.textContent).toContain('already been used, has expired');
    expect(screen.getByRole('heading', { name: 'Welcome to Switchyard' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    await waitFor(() => expect(currentPath()).toBe('/forgotten-password'));
  });

  it('signs an invitee up through a public invite link and signs them in', async () => {
    const server = signedOutServer()
      .on('GET', '/invite/inv-1/validate', { body: undefined })
      .on('POST', '/invite/inv-1/signup', answer(201, { id: 5 }));
    await renderConsole({ server, path: '/new-user?invite=inv-1' });
    expect(await screen.findByRole('heading', { name: 'Join Switchyard' }, { timeout: 5000 })).toBeTruthy();
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: ' Ida Invitee ' } });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'ida@example.com' } });
    typePassword(/^Password/, STRONG);
    await waitFor(() =>
      expect(screen.getByTestId('password-policy').textContent).toBe('The password meets the policy.'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(currentPath()).toBe('/features'), { timeout: 5000 });
    expect(server.calls('POST', '/invite/inv-1/signup')[0]?.body).toEqual({
      name: 'Ida Invitee',
      email: 'ida@example.com',
      password: STRONG,
    });
    expect(server.calls('POST', '/auth/simple/login')[0]?.body).toEqual({
      username: 'ida@example.com',
      password: STRONG,
    });
  });

  it('says when an invite link is disabled or expired', async () => {
    const server = signedOutServer().on('GET', '/invite/old/validate', () =>
      unleashError(400, 'BadDataError', 'The invite link is invalid, disabled or expired'),
    );
    await renderConsole({ server, path: '/new-user?invite=old' });
    const notice = await screen.findByTestId('link-unusable', undefined, { timeout: 5000 });
    expect(notice.textContent).toContain('disabled or has expired');
    expect(screen.queryByRole('button', { name: 'Sign up' })).toBeNull();
  });
});
