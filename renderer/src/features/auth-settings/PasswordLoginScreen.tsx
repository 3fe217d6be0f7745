import { Alert, Code, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import type { PasswordAuth } from '../../../../server/contract/scim';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { useServerWrite } from '../../stores/use-mutations';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';
import { authSettingsApi } from './auth-settings-api';

function PasswordLoginForm({ settings }: { settings: PasswordAuth }) {
  const write = useServerWrite({ kind: 'password-login-settings' });
  const [error, setError] = useState<unknown>(null);

  async function toggle(disabled: boolean) {
    setError(null);
    try {
      await write((api) => authSettingsApi(api).setPassword(disabled));
    } catch (failure) {
      setError(failure);
    }
  }

  return (
    <Stack gap="md" maw={720}>
      {error ? <ErrorNotice error={error} title="The setting was not saved" /> : null}
      <Switch
        label="Disable password login"
        description="The sign-in screen then offers the other sign-in methods only; sessions already open stay open."
        checked={settings.disabled === true}
        onChange={(event) => void toggle(event.currentTarget.checked)}
      />
      <Alert variant="light" color="blue" title="Locked out?">
        <Text size="sm">
          An administrator can still sign in with a password when the server runs with{' '}
          <Code>SWITCHYARD_ALLOW_PASSWORD_LOGIN=true</Code> (see docs/configuration.md), whatever this setting
          says.
        </Text>
      </Alert>
    </Stack>
  );
}

/** `/admin/auth/password`: whether people may sign in with a username and password (issue 20). */
export function PasswordLoginScreen() {
  const now = useNow();
  const settings = useServerData('password-login-settings', (api) => authSettingsApi(api).password());
  return (
    <>
      <PageHeader
        title="Password login"
        description="Sign-in with username and password."
        savedAt={settings.savedAt}
        fromCache={settings.fromCache}
        now={now}
      />
      <QueryState query={settings} noun="settings" isEmpty={() => false}>
        {(data) => <PasswordLoginForm settings={data} />}
      </QueryState>
    </>
  );
}
