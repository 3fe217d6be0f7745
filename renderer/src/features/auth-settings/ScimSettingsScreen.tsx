import { Button, Code, CopyButton, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ScimSettings } from '../../../../server/contract/scim';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { OnlineOnlyButton } from '../../components/OnlineOnlyButton/OnlineOnlyButton';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { SecretReveal } from '../../components/SecretReveal/SecretReveal';
import { useConsole } from '../../stores/console-context';
import { useServerMutation, useServerWrite } from '../../stores/use-mutations';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';
import { authSettingsApi, scimBaseUrl } from './auth-settings-api';

function ScimSettingsForm({ settings }: { settings: ScimSettings }) {
  const consoleApi = useConsole();
  const write = useServerWrite({ kind: 'scim-settings' });
  const [switchError, setSwitchError] = useState<unknown>(null);
  const generate = useServerMutation((api) => authSettingsApi(api).generateScimToken(), {
    kind: 'scim-settings',
  });
  const [token, setToken] = useState<string | null>(null);
  const baseUrl = scimBaseUrl(consoleApi.api().client.baseUrl);

  async function toggle(enabled: boolean) {
    setSwitchError(null);
    try {
      await write((api) => authSettingsApi(api).setScim(enabled));
    } catch (error) {
      setSwitchError(error);
    }
  }

  return (
    <Stack gap="lg" maw={720}>
      {switchError ? <ErrorNotice error={switchError} title="The setting was not saved" /> : null}
      <Switch
        label="Enable SCIM provisioning"
        description="Lets your identity provider (Okta, Entra ID) create, update, deactivate and delete users and groups."
        checked={settings.enabled}
        onChange={(event) => void toggle(event.currentTarget.checked)}
      />
      <Stack gap={4}>
        <Text fw={600} size="sm">
          SCIM base URL
        </Text>
        <Group gap="xs">
          <Code data-testid="scim-base-url">{baseUrl}</Code>
          <CopyButton value={baseUrl}>
            {({ copied, copy }) => (
              <Button size="xs" variant="subtle" onClick={copy}>
                {copied ? 'Copied' : 'Copy URL'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <Stack gap="xs">
        <Title order={4}>Bearer token</Title>
        <Text size="sm" c="dimmed">
          {settings.hasToken
            ? 'A token exists. Generating a new one replaces it at once.'
            : 'No token yet: generate one for your identity provider.'}
        </Text>
        {generate.error ? <ErrorNotice error={generate.error} title="No token was generated" /> : null}
        {token ? (
          <Stack gap="xs">
            <Text size="sm">
              Paste it into your identity provider as the SCIM bearer token; any earlier token stopped
              working.
            </Text>
            <SecretReveal secret={token} onDone={() => setToken(null)} />
          </Stack>
        ) : (
          <Group>
            <OnlineOnlyButton
              reason="Generating a token"
              loading={generate.isPending}
              onClick={() => generate.mutate(undefined, { onSuccess: (answer) => setToken(answer.token) })}
            >
              {settings.hasToken ? 'Generate new token' : 'Generate token'}
            </OnlineOnlyButton>
          </Group>
        )}
      </Stack>
    </Stack>
  );
}

/** `/admin/auth/scim`: SCIM provisioning's switch, base URL and bearer token (issue 20). */
export function ScimSettingsScreen() {
  const now = useNow();
  const settings = useServerData('scim-settings', (api) => authSettingsApi(api).scim());
  return (
    <>
      <PageHeader
        title="SCIM provisioning"
        description="Users and groups provisioned by your identity provider are read-only here."
        savedAt={settings.savedAt}
        fromCache={settings.fromCache}
        now={now}
      />
      <QueryState query={settings} noun="settings" isEmpty={() => false}>
        {(data) => <ScimSettingsForm settings={data} />}
      </QueryState>
    </>
  );
}
