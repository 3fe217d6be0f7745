import { MantineProvider } from '@mantine/core';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { ConsoleProvider } from '../stores/console-context';
import type { Console } from '../stores/console-store';
import { type ConsoleRouter, createConsoleRouter, routerModeFor } from './console-router';
import { theme } from './theme';

/** The console's pages, signed in or not, on Unleash's paths (app/console-router.tsx). */
function App({ console }: { console: Console }) {
  const [router, setRouter] = useState<ConsoleRouter['router'] | null>(null);
  // Made in an effect so StrictMode's second mount gets a live router, not a disposed one.
  useEffect(() => {
    const created = createConsoleRouter(window, routerModeFor(console.services.platform, window));
    setRouter(created.router);
    return () => created.dispose();
  }, [console]);
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
