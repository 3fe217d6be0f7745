import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, createFakeServer, unleashError } from '../../test-utils/fake-server';
import { renderConsole } from '../../test-utils/render';

describe('single sign-on on the sign-in screen', () => {
  it('offers a button for each method the 401 lists, pointing at its login path', async () => {
    const server = createFakeServer()
      .on('GET', '/api/admin/user', () => unleashError(401, 'AuthenticationRequired', 'You must log in'))
      .on('GET', '/api/admin/auth/oidc/settings', () =>
        answer(401, {
          id: 'x',
          name: 'AuthenticationRequired',
          message: 'You must log in',
          details: [],
          path: '/auth/simple/login',
          type: 'password',
          options: [{ type: 'oidc', message: 'Sign in with OpenID Connect', path: '/auth/oidc/login' }],
        }),
      );
    await renderConsole({ server });
    const link = await screen.findByRole('link', { name: 'Sign in with OpenID Connect' });
    expect(link.getAttribute('href')).toBe('http://switchyard.test/auth/oidc/login');
  });
});
