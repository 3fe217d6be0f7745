import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { PASSWORD_ONLY } from '../../api/sign-in-options';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { fieldErrorsOf, needsFormAlert } from '../../components/ErrorNotice/field-errors';
import { useFormSubmit } from '../../components/FormActions/use-form-submit';
import { tokenKindOf } from '../../platform/credentials';
import { Link } from '../../router/navigation';
import { useConsole, useConsoleState } from '../../stores/console-context';
import { AddConnectionForm } from '../connections/index';
import { PasswordField } from '../signed-out/index';
import { SignInMethods } from './SignInMethods';
import { SignInRefusal } from './SignInRefusal';
import classes from './SignInScreen.module.css';

function PasswordForm() {
  const consoleApi = useConsole();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const { submitting, error, submit } = useFormSubmit();
  const errors = fieldErrorsOf(error);

  return (
    <form
      onSubmit={(event) =>
        submit(event, false, () => consoleApi.signInWithPassword(username.trim(), password))
      }
      noValidate
    >
      <Stack gap="sm">
        {needsFormAlert(error) ? <ErrorNotice error={error} title="Not signed in" /> : null}
        <TextInput
          label="Username or e-mail"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          error={errors.username}
          required
        />
        <PasswordField label="Password" value={password} onChange={setPassword} error={errors.password} />
        <Button type="submit" loading={submitting} disabled={!username.trim() || !password}>
          Sign in
        </Button>
        <Anchor component={Link} to="/forgotten-password" size="sm">
          Forgotten your password?
        </Anchor>
      </Stack>
    </form>
  );
}

function TokenForm() {
  const consoleApi = useConsole();
  const desktop = consoleApi.services.platform.kind === 'desktop';
  const [token, setToken] = useState('');
  const [keepForTab, setKeepForTab] = useState(false);
  const { submitting, error, submit } = useFormSubmit();
  const errors = fieldErrorsOf(error);
  const kind = token.trim() ? tokenKindOf(token) : null;

  return (
    <form
      onSubmit={(event) => submit(event, false, () => consoleApi.signInWithToken(token, { keepForTab }))}
      noValidate
    >
      <Stack gap="sm">
        {needsFormAlert(error) ? <ErrorNotice error={error} title="Not signed in" /> : null}
        <PasswordInput
          label="Admin token or personal access token"
          description={
            kind === 'personal-access-token'
              ? 'Personal access token: acts as its user'
              : kind === 'admin-token'
                ? 'Admin API token'
                : undefined
          }
          autoComplete="off"
          value={token}
          onChange={(e) => setToken(e.currentTarget.value)}
          error={errors.token}
          required
        />
        {desktop ? (
          <Text size="xs" c="dimmed">
            The app keeps the token in your system keychain and adds it to the console&rsquo;s requests; this
            window never reads it back.
          </Text>
        ) : (
          <Checkbox
            label="Stay signed in in this tab (until it is closed)"
            description="Otherwise the token is kept in memory only and a reload asks for it again"
            checked={keepForTab}
            onChange={(e) => setKeepForTab(e.currentTarget.checked)}
          />
        )}
        <Button type="submit" loading={submitting} disabled={!token.trim()}>
          Sign in with token
        </Button>
      </Stack>
    </form>
  );
}

function ServerHeading({ serverUrl }: { serverUrl: string | null }) {
  return (
    <Stack gap={4}>
      <Title order={2}>Sign in to Switchyard</Title>
      <Text size="sm" c="dimmed">
        {serverUrl ? (
          <>
            Server <span className={classes.url}>{serverUrl}</span>
          </>
        ) : (
          'No server selected'
        )}
      </Text>
    </Stack>
  );
}

/** Which connection to sign in to, and adding a remote one (switched to once added). */
function ConnectionPicker() {
  const consoleApi = useConsole();
  const profiles = useConsoleState((state) => state.profiles);
  const activeProfileId = useConsoleState((state) => state.activeProfileId);
  const [adding, setAdding] = useState(false);
  return (
    <>
      <Select
        label="Connection"
        data={profiles.map((profile) => ({
          value: profile.id,
          label: profile.url ? `${profile.name} (${profile.url})` : profile.name,
        }))}
        value={activeProfileId}
        allowDeselect={false}
        onChange={(value) => value && void consoleApi.switchProfile(value)}
      />
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => setAdding((open) => !open)}
        className={classes.addLink}
      >
        {adding ? 'Hide' : 'Add a remote server'}
      </Anchor>
      {adding ? (
        <AddConnectionForm
          onAdded={(profile) => {
            setAdding(false);
            void consoleApi.switchProfile(profile.id);
          }}
        />
      ) : null}
    </>
  );
}

/** The password and token forms; with password login off, only the token one unless asked for. */
function SignInForms({ passwordHidden }: { passwordHidden: boolean }) {
  // Password login switched off: the form stays reachable for the break-glass path (README).
  const [passwordAnyway, setPasswordAnyway] = useState(false);
  const passwordShown = !passwordHidden || passwordAnyway;
  return (
    <>
      <Tabs
        key={String(passwordShown)}
        defaultValue={passwordShown ? 'password' : 'token'}
        keepMounted={false}
      >
        <Tabs.List grow>
          {passwordShown ? <Tabs.Tab value="password">Password</Tabs.Tab> : null}
          <Tabs.Tab value="token">Token</Tabs.Tab>
        </Tabs.List>
        {passwordShown ? (
          <Tabs.Panel value="password" pt="md">
            <PasswordForm />
          </Tabs.Panel>
        ) : null}
        <Tabs.Panel value="token" pt="md">
          <TokenForm />
        </Tabs.Panel>
      </Tabs>
      {passwordShown ? null : (
        <Anchor component="button" type="button" size="sm" onClick={() => setPasswordAnyway(true)}>
          Password login is disabled. Administrator? Sign in with a password
        </Anchor>
      )}
    </>
  );
}

/** Sign in to the active connection with a password (session cookie) or an admin token / PAT. */
export function SignInScreen() {
  const consoleApi = useConsole();
  const activeProfileId = useConsoleState((state) => state.activeProfileId);
  const serverUrl = useConsoleState((state) => state.serverUrl);
  const session = useConsoleState((state) => state.session);
  const desktop = consoleApi.services.platform.desktop;
  const notice = session.status === 'signed-out' ? session.notice : null;
  const signIn = (session.status === 'signed-out' ? session.signIn : undefined) ?? PASSWORD_ONLY;

  return (
    <Center className={classes.page}>
      <Paper withBorder shadow="sm" p="xl" className={classes.panel}>
        <Stack gap="lg">
          <ServerHeading serverUrl={serverUrl} />
          {notice ? (
            <Alert color="yellow" variant="light" data-testid="sign-in-notice">
              {notice}
            </Alert>
          ) : null}
          <ConnectionPicker />
          <SignInRefusal />
          <SignInMethods
            methods={signIn.methods}
            serverUrl={consoleApi.api().client.baseUrl}
            onBrowserSignIn={
              desktop
                ? async (method) => {
                    await desktop.signInWithBrowser(activeProfileId, method);
                    await consoleApi.checkSession();
                  }
                : undefined
            }
          />
          <SignInForms passwordHidden={signIn.passwordHidden} />
        </Stack>
      </Paper>
    </Center>
  );
}
