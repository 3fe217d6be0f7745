import { Anchor, Button, Code, Group, List, Paper, Progress, Text, ThemeIcon, Title } from '@mantine/core';
import { useId, useState } from 'react';
import type { GettingStarted } from '../../../../server/contract';
import { WELCOME_SPLASH_ID } from '../../../../server/contract/instance-admin';
import { Link } from '../../router/navigation';
import { useConsole, useConsoleState } from '../../stores/console-context';
import { useServerData } from '../../stores/use-server-data';
import { instanceAdminApi } from './instance-admin-api';

type Step = keyof GettingStarted['steps'];

/** The getting-started steps, in the order a new instance takes them. */
const STEPS: readonly { step: Step; to: string; link: string; rest: string }[] = [
  { step: 'project', to: '/projects', link: 'Create a project', rest: 'for a team or an application.' },
  { step: 'flag', to: '/features', link: 'Create a feature flag', rest: 'in it.' },
  {
    step: 'apiToken',
    to: '/admin/api',
    link: 'Create an API token',
    rest: 'for the environment your application runs in.',
  },
  {
    step: 'sdk',
    to: '/applications',
    link: 'Connect an SDK',
    rest: 'with that token; it appears among the applications.',
  },
  { step: 'change', to: '/features', link: 'Make a first change', rest: 'to a flag: turn it on somewhere.' },
];

function StepItem({ done, to, link, rest }: { done: boolean; to: string; link: string; rest: string }) {
  return (
    <List.Item
      icon={
        <ThemeIcon size={20} radius="xl" color={done ? 'teal' : 'gray'} variant={done ? 'filled' : 'light'}>
          <Text size="xs" fw={700} aria-hidden>
            {done ? '✓' : ''}
          </Text>
        </ThemeIcon>
      }
    >
      <Anchor component={Link} to={to} td={done ? 'line-through' : undefined}>
        {link}
      </Anchor>{' '}
      {rest}{' '}
      <Text span size="sm" c="dimmed">
        {done ? '(done)' : '(to do)'}
      </Text>
    </List.Item>
  );
}

/**
 * The first-run welcome with a getting-started checklist (issue 33 §1), once per user (Unleash's
 * splash settings: `splash.welcome` in GET /api/admin/user, set by POST /api/admin/splash/welcome).
 * Each step ticks itself from the server's data (GET /api/admin/getting-started); the panel goes
 * away when every step is done, or when dismissed. A panel rather than a modal: it never stands
 * between someone and the screen they came for.
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
  const progress = useServerData(signedIn ? 'getting-started' : null, (api, signal) =>
    instanceAdminApi(api.client).gettingStarted(signal),
  );
  const [dismissed, setDismissed] = useState(false);
  const titleId = useId();
  // Only a server that keeps splash settings (an object) and has not seen this one shows it.
  const seen = splash.data;
  if (dismissed || seen === undefined || seen === null || seen[WELCOME_SPLASH_ID] === true) return null;
  if (splash.fromCache || !progress.data) return null;
  const steps = progress.data.steps;
  const done = STEPS.filter(({ step }) => steps[step]).length;
  if (done === STEPS.length) return null;

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
          SDKs connect to <Code>{sdkUrl}</Code>.
        </Text>
      ) : null}
      <Group justify="space-between" mt="sm" gap="xs">
        <Text size="sm" fw={600}>
          Getting started
        </Text>
        <Text size="sm" c="dimmed">
          {done} of {STEPS.length} done
        </Text>
      </Group>
      <Progress
        value={(done / STEPS.length) * 100}
        size="sm"
        mt={4}
        aria-label={`Getting started: ${done} of ${STEPS.length} done`}
      />
      <List size="sm" spacing={6} mt="sm" center>
        {STEPS.map((item) => (
          <StepItem key={item.step} done={steps[item.step]} to={item.to} link={item.link} rest={item.rest} />
        ))}
      </List>
      <Group justify="flex-end" mt="sm">
        <Button size="xs" variant="light" onClick={dismiss}>
          Dismiss welcome
        </Button>
      </Group>
    </Paper>
  );
}
