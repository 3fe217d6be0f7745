import { MantineProvider } from '@mantine/core';
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ConsoleRoot } from '../app/App';
import { theme } from '../app/theme';
import { createMemoryStore, type KeyValueStore } from '../offline/kv-store';
import { createBrowserCredentialStore } from '../platform/credentials';
import type { Platform } from '../platform/platform';
import { ConsoleProvider } from '../stores/console-context';
import { type Console, createConsole } from '../stores/console-store';
import { createFakeServer, type FakeServer } from './fake-server';

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
  });
  return { console: consoleApp, server, kv, clock };
}

/** The whole console (sign-in or shell), started, with transitions and portals off. */
export async function renderConsole(options: TestConsoleOptions & { hash?: string } = {}) {
  const test = createTestConsole(options);
  window.location.hash = options.hash ?? '#/flags';
  const view = render(<ConsoleRoot console={test.console} env="test" />);
  await act(() => test.console.start());
  return { ...view, ...test };
}

/** One screen inside the providers, with a console already started (signed in by default). */
export async function renderWithConsole(
  ui: ReactElement,
  options: TestConsoleOptions & { hash?: string } = {},
) {
  const test = createTestConsole(options);
  if (options.hash) window.location.hash = options.hash;
  await test.console.start();
  const view = render(
    <MantineProvider theme={theme} env="test">
      <ConsoleProvider console={test.console}>{ui}</ConsoleProvider>
    </MantineProvider>,
  );
  return { ...view, ...test };
}
