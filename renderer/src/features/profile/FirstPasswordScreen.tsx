import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useConsole, useConsoleState } from '../../stores/console-context';
import { ChangePasswordForm } from './ChangePasswordForm';
import classes from './FirstPasswordScreen.module.css';

/**
 * Issue 33 §1: the admin created on first start signed in with the generated password, which was
 * written to the server's log. Before anything else they choose their own; the generated one then
 * stops working, and the session reloaded from the server no longer carries the mark.
 */
export function FirstPasswordScreen() {
  const consoleApi = useConsole();
  const who = useConsoleState((state) =>
    state.session.status === 'signed-in' ? (state.session.user?.username ?? state.session.user?.email) : null,
  );
  return (
    <Center component="main" className={classes.page}>
      <Paper withBorder shadow="sm" p="xl" className={classes.panel}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h2">
              Choose your password
            </Title>
            <Text size="sm" c="dimmed">
              {who ? `You signed in as ${who} with` : 'You signed in with'} the password generated on the
              first start and written to the server&apos;s log. Choose your own before you go on: the
              generated one stops working.
            </Text>
          </Stack>
          <ChangePasswordForm currentLabel="Generated password" onChanged={() => consoleApi.checkSession()} />
          <Anchor component="button" type="button" size="sm" onClick={() => void consoleApi.signOut()}>
            Sign out
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
