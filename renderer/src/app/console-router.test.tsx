import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeServer, unleashError } from '../test-utils/fake-server';
import { createTestConsole, currentPath, openPath, renderConsole } from '../test-utils/render';
import { ConsoleRoot } from './App';
import { documentBasename } from './console-router';

/** A server that asks for sign-in until `admin` signs in with a password. */
function signInServer() {
  let signedIn = false;
  return createFakeServer()
    .on('GET', '/api/admin/user', () =>
      signedIn
        ? { body: { user: { id: 1, name: 'Admin' } } }
        : unleashError(401, 'AuthenticationRequired', 'You must log in to use Unleash.'),
    )
    .on('POST', '/auth/simple/login', () => {
      signedIn = true;
      return { body: { id: 1, name: 'Admin' } };
    })
    .on('GET', '/api/admin/events', { version: 2, events: [], totalEvents: 0 })
    .on('GET', '/api/admin/search/features', { features: [], total: 0 })
    .on('GET', '/api/admin/projects', { version: 1, projects: [] })
    .on('GET', '/api/admin/feature-types', { version: 1, types: [] });
}

async function signIn() {
  fireEvent.change(await screen.findByLabelText(/Username or e-mail/), { target: { value: 'admin' } });
  fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), {
    target: { value: 'correct horse' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('console router', () => {
  afterEach(() => {
    for (const base of document.head.querySelectorAll('base')) base.remove();
  });

  it('redirects an old hash link, query kept, to the new path', async () => {
    await renderConsole({ path: '/#/events?type=feature-created' });
    await waitFor(() => expect(currentPath()).toBe('/history?type=feature-created'));
    expect(await screen.findByRole('heading', { name: 'Event log' }, { timeout: 5000 })).toBeTruthy();
  });

  it('keeps the basename when StrictMode makes the router again after a redirect', async () => {
    const test = createTestConsole();
    openPath('/#/flags/default/checkout');
    render(
      <StrictMode>
        <ConsoleRoot console={test.console} env="test" />
      </StrictMode>,
    );
    await act(() => test.console.start());
    await waitFor(() => expect(currentPath()).toBe('/projects/default/features/checkout'));
    // The flag page asked for the flag: the second router did not take /projects/default/features as its base.
    await waitFor(
      () =>
        expect(
          test.server.calls('GET', '/api/admin/projects/default/features/checkout').length,
        ).toBeGreaterThan(0),
      { timeout: 5000 },
    );
    expect(screen.queryByText(/There is no screen/)).toBeNull();
  });

  it('redirects an old server path to the new one', async () => {
    await renderConsole({ path: '/context-fields' });
    await waitFor(() => expect(currentPath()).toBe('/context'));
  });

  it("opens a flag link in Unleash's form on the flag page, not as a project id", async () => {
    await renderConsole({ path: '/#/flags/default/checkout' });
    await waitFor(() => expect(currentPath()).toBe('/projects/default/features/checkout'));
    expect(screen.queryByText(/Could not find project/)).toBeNull();
  });

  it('sends a signed-out deep link through sign-in and back to the screen asked for', async () => {
    await renderConsole({ server: signInServer(), path: '/history?type=feature-created' });
    await waitFor(() => expect(currentPath()).toBe('/login?redirect=%2Fhistory%3Ftype%3Dfeature-created'));
    await signIn();
    await waitFor(() => expect(currentPath()).toBe('/history?type=feature-created'), { timeout: 5000 });
    expect(await screen.findByRole('heading', { name: 'Event log' }, { timeout: 5000 })).toBeTruthy();
  });

  it('ignores a redirect to another origin after sign-in', async () => {
    await renderConsole({ server: signInServer(), path: '/login?redirect=https%3A%2F%2Fevil.example%2F' });
    await signIn();
    await waitFor(() => expect(currentPath()).toBe('/features'), { timeout: 5000 });
  });

  it('opens the screens of issue 24 part 3 at their Unleash paths', async () => {
    await renderConsole({ path: '/archive' });
    expect(await screen.findByRole('heading', { name: 'Archive' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText(/not in this version of the console/)).toBeNull();
  });

  it("routes under the server's BASE_URI_PATH, read from the document's base", async () => {
    const base = document.createElement('base');
    base.href = '/unleash/';
    document.head.append(base);
    expect(documentBasename(document)).toBe('/unleash');
    await renderConsole({ path: '/unleash/#/feature-types' });
    await waitFor(() => expect(currentPath()).toBe('/unleash/feature-toggle-type'));
  });
});
