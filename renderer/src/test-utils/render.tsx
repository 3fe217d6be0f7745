import { MantineProvider } from '@mantine/core';
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ConsoleRoot } from '../app/App';
import { FEATURE_RESOURCE_READERS } from '../app/resource-readers';
import { ROUTES } from '../app/routes';
import { ON_DEMAND_CHUNKS } from '../app/screens';
import { theme } from '../app/theme';
import { createMemoryStore, type KeyValueStore } from '../offline/kv-store';
import { createBrowserCredentialStore } from '../platform/credentials';
import type { Platform } from '../platform/platform';
import { setActiveRouter } from '../router/navigation';
import { ConsoleProvider } from '../stores/console-context';
import { type Console, createConsole } from '../stores/console-store';
import { createFakeServer, type FakeServer } from './fake-server';

// The console loads its screens lazily (issue 33); tests load them all up front, as they did when
// the route table imported every screen, so a screen renders at once and the time to import it is
// not counted against a test's timeout.
await Promise.all([
  ...ROUTES.map((route) => route.screen.preload()),
  ...ON_DEMAND_CHUNKS.map((load) => load()),
]);

export interface TestConsoleOptions {
  server?: FakeServer;
  kv?: KeyValueStore;
  platform?: Platform;
  /** Milliseconds since the epoch the console's clock starts at. */
  now?: number;
}

export interface TestConsole {
  console: Console;
  server: FakeServer;
  kv: KeyValueStore;
  clock: { now: number };
}

/** A browser platform whose page was served by the fake server. */
export function testPlatform(server: FakeServer): Platform {
  return {
    kind: 'browser',
    embeddedServerUrl: async () => server.origin,
    onEmbeddedServerChange: () => () => {},
    credentials: createBrowserCredentialStore(window.sessionStorage),
    openExternal: () => {},
  };
}

export function createTestConsole(options: TestConsoleOptions = {}): TestConsole {
  const server = options.server ?? createFakeServer();
  const kv = options.kv ?? createMemoryStore();
  const clock = { now: options.now ?? Date.parse('2026-11-22T10:00:00Z') };
  let ids = 0;
  const consoleApp = createConsole({
    platform: options.platform ?? testPlatform(server),
    kv,
    fetch: server.fetch,
    now: () => clock.now,
    newId: () => `id${(++ids).toString().padStart(4, '0')}`,
    resourceReaders: FEATURE_RESOURCE_READERS,
  });
  return { console: consoleApp, server, kv, clock };
}

/** The page's path and query (and hash, if any) as the router sees them, e.g. `/features?page=2`. */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** Puts the test page at `path` (`/features?page=2`, or an old `/#/flags` link) without a reload. */
export function openPath(path: string): void {
  window.history.replaceState(null, '', path);
}

/** The whole console (sign-in or shell) at `path`, started, with transitions and portals off. */
export async function renderConsole(options: TestConsoleOptions & { path?: string } = {}) {
  const test = createTestConsole(options);
  openPath(options.path ?? '/features');
  const view = render(<ConsoleRoot console={test.console} env="test" />);
  await act(() => test.console.start());
  return { ...view, ...test };
}

/**
 * One screen inside the providers and a browser router at `path` (any path renders the screen),
 * with a console already started (signed in by default).
 */
export async function renderWithConsole(
  ui: ReactElement,
  options: TestConsoleOptions & { path?: string } = {},
) {
  const test = createTestConsole(options);
  if (options.path) openPath(options.path);
  await test.console.start();
  const router = createBrowserRouter([{ path: '*', element: ui }]);
  setActiveRouter(router);
  const view = render(
    <MantineProvider theme={theme} env="test">
      <ConsoleProvider console={test.console}>
        <RouterProvider router={router} />
      </ConsoleProvider>
    </MantineProvider>,
  );
  return { ...view, ...test };
}
