import { Center, Loader, MantineProvider, Stack, Text } from '@mantine/core';
import { SignInScreen } from '../features/sign-in/SignInScreen';
import { ConsoleProvider, useConsoleState } from '../stores/console-context';
import type { Console } from '../stores/console-store';
import { ConsoleShell } from './ConsoleShell/ConsoleShell';
import { theme } from './theme';

/** Signing in, or the console once signed in. */
export function App() {
  const ready = useConsoleState((state) => state.ready);
  const session = useConsoleState((state) => state.session);
  if (!ready || session.status === 'checking') {
    return (
      <Center mih="100vh">
        <Stack align="center" gap="xs">
          <Loader />
          <Text size="sm" c="dimmed">
            Connecting to the server…
          </Text>
        </Stack>
      </Center>
    );
  }
  return session.status === 'signed-in' ? <ConsoleShell /> : <SignInScreen />;
}

/** The console with its theme and state; tests render it with `env="test"` (no transitions or portals). */
export function ConsoleRoot({ console, env }: { console: Console; env?: 'default' | 'test' }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" {...(env ? { env } : {})}>
      <ConsoleProvider console={console}>
        <App />
      </ConsoleProvider>
    </MantineProvider>
  );
}
