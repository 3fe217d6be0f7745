import { Anchor, Button, Code, Group, List, Paper, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { WELCOME_SPLASH_ID } from '../../../../server/contract/instance-admin';
import { Link } from '../../router/navigation';
import { useConsole, useConsoleState } from '../../stores/console-context';
import { useServerData } from '../../stores/use-server-data';
import { instanceAdminApi } from './instance-admin-api';

/**
 * The first-run welcome, once per user (Unleash's splash settings: `splash.welcome` in GET
 * /api/admin/user, set by POST /api/admin/splash/welcome). A dismissible panel at the top of the
 * screen rather than a modal: it never stands between someone and the screen they came for (nor
 * traps focus), and screens' own dialogs stay the only ones.
 */
export function WelcomePanel() {
  const consoleApi = useConsole();
  const signedIn = useConsoleState((state) => state.session.status === 'signed-in');
  const splash = useServerData(signedIn ? 'splash' : null, (api, signal) =>
    instanceAdminApi(api.client).splash(signal),
  );
  const config = useServerData(signedIn ? 'ui-config' : null, (api, signal) =>
    instanceAdminApi(api.client).uiConfig(signal),
  );
  const [dismissed, setDismissed] = useState(false);
  const titleId = useId();
  // Only a server that keeps splash settings (an object) and has not seen this one shows it.
  const seen = splash.data;
  if (dismissed || seen === undefined || seen === null || seen[WELCOME_SPLASH_ID] === true) return null;
  if (splash.fromCache) return null;

  const dismiss = () => {
    setDismissed(true);
    void instanceAdminApi(consoleApi.api().client)
      .markSplashSeen(WELCOME_SPLASH_ID)
      .catch(() => undefined);
  };
  const sdkUrl = config.data ? `${config.data.unleashUrl}/api` : null;

  return (
    <Paper withBorder p="md" mb="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        Welcome to Switchyard
      </Title>
      <Text size="sm" mt="xs">
        Switchyard is a self-hosted feature-flag server that speaks Unleash's APIs: your applications ask it,
        through any Unleash SDK, which features are on for whom, and you change that here without a deploy.
      </Text>
      {sdkUrl ? (
        <Text size="sm" mt="xs">
          SDKs connect to <Code>{sdkUrl}</Code> with an API token from the{' '}
          <Anchor component={Link} to="/admin/api">
            API tokens screen
          </Anchor>
          .
        </Text>
      ) : null}
      <Text size="sm" fw={600} mt="sm">
        Three next steps
      </Text>
      <List size="sm" type="ordered" mt={4}>
        <List.Item>
          <Anchor component={Link} to="/projects">
            Open your projects
          </Anchor>{' '}
          and make a feature flag there.
        </List.Item>
        <List.Item>
          <Anchor component={Link} to="/admin/api">
            Make an SDK token
          </Anchor>{' '}
          for the environment your application runs in.
        </List.Item>
        <List.Item>
          <Anchor component={Link} to="/applications">
            Hook up an SDK
          </Anchor>{' '}
          with that token, and watch it appear among the applications.
        </List.Item>
      </List>
      <Group justify="flex-end" mt="sm">
        <Button size="xs" variant="light" onClick={dismiss}>
          Dismiss welcome
        </Button>
      </Group>
    </Paper>
  );
}
