import { MantineProvider } from '@mantine/core';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { ConsoleProvider } from '../stores/console-context';
import type { Console } from '../stores/console-store';
import { type ConsoleRouter, createConsoleRouter, documentBasename, routerModeFor } from './console-router';
import { theme } from './theme';

/** The console's pages, signed in or not, on Unleash's paths (app/console-router.tsx). */
function App({ console }: { console: Console }) {
  // Read before the first router moves the URL: a page at the base has no <base> element, so the
  // document's base follows the path (issue 24).
  const [mode] = useState(() => routerModeFor(console.services.platform, window));
  const [basename] = useState(() => (mode === 'browser' ? documentBasename(window.document) : '/'));
  const [router, setRouter] = useState<ConsoleRouter['router'] | null>(null);
  // Made in an effect so StrictMode's second mount gets a live router, not a disposed one.
  useEffect(() => {
    const created = createConsoleRouter(window, mode, basename);
    setRouter(created.router);
    return () => created.dispose();
  }, [mode, basename]);
  return router ? <RouterProvider router={router} /> : null;
}

/** The console with its theme and state; tests render it with `env="test"` (no transitions or portals). */
export function ConsoleRoot({ console, env }: { console: Console; env?: 'default' | 'test' }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" {...(env ? { env } : {})}>
      <ConsoleProvider console={console}>
        <App console={console} />
      </ConsoleProvider>
    </MantineProvider>
  );
}
