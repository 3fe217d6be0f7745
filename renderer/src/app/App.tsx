import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { ConsoleProvider } from '../stores/console-context';
import type { Console } from '../stores/console-store';
import { type ConsoleRouter, createConsoleRouter, documentBasename, routerModeFor } from './console-router';
import { cssVariablesResolver, theme } from './theme';

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

/** Light, dark or the operating system's choice ("auto"), kept across reloads. */
export const COLOR_SCHEME_KEY = 'switchyard-color-scheme';
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

/** The theme in the scheme the person chose, or the operating system's until they choose. */
export function ConsoleThemeProvider({ env, children }: { env?: 'default' | 'test'; children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      {...(env ? { env } : {})}
    >
      {children}
    </MantineProvider>
  );
}

/** The console with its theme and state; tests render it with `env="test"` (no transitions or portals). */
export function ConsoleRoot({ console, env }: { console: Console; env?: 'default' | 'test' }) {
  return (
    <ConsoleThemeProvider {...(env ? { env } : {})}>
      <ConsoleProvider console={console}>
        <App console={console} />
      </ConsoleProvider>
    </ConsoleThemeProvider>
  );
}
