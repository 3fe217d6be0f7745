import { Alert, Button, Code, CopyButton, Group, Loader, Stack, Text } from '@mantine/core';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import classes from './ConnectSdkGuide.module.css';
import type { SdkGuide } from './sdk-snippets';
import type { SdkConnection } from './use-sdk-connection';

function CopyAction({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button size="compact-xs" variant="light" onClick={copy} aria-label={label}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      )}
    </CopyButton>
  );
}

/** Step 1: the package manager's install command. */
export function InstallStep({ install }: { install: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        1. Install
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code className={classes.install}>{install}</Code>
        <CopyAction value={install} label="Copy the install command" />
      </Group>
    </Stack>
  );
}

interface TokenStepProps {
  guide: SdkGuide;
  environment: string | null;
  project: string | undefined;
  secret: string | null;
  creating: boolean;
  createError: unknown;
  onCreate: () => void;
}

/** Step 2: a token of the SDK's kind for the environment, made here and shown once. */
export function TokenStep({
  guide,
  environment,
  project,
  secret,
  creating,
  createError,
  onCreate,
}: TokenStepProps) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        2. {guide.kind === 'client' ? 'A client (backend SDK) token' : 'A frontend token'} for{' '}
        {environment ?? 'an environment'}
        {project ? ` in project ${project}` : ''}
      </Text>
      {secret ? (
        <Group gap="xs" wrap="nowrap">
          <Code data-testid="sdk-token-secret" className={classes.install}>
            {secret}
          </Code>
          <CopyAction value={secret} label="Copy the token" />
        </Group>
      ) : (
        <Group gap="sm">
          <Button onClick={onCreate} loading={creating} disabled={!environment}>
            Create token
          </Button>
          <Text size="xs">
            The secret is shown here once; the API tokens screen lists the token afterwards.
          </Text>
        </Group>
      )}
      {createError ? <ErrorNotice error={createError} title="The token was not created" /> : null}
    </Stack>
  );
}

interface SnippetStepProps {
  guide: SdkGuide;
  url: string;
  snippet: string;
  fromSdkListener: boolean;
}

/** Step 3: the start-up code, holding this server's URL and the token. */
export function SnippetStep({ guide, url, snippet, fromSdkListener }: SnippetStepProps) {
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          3. Start the SDK ({url})
        </Text>
        <CopyAction value={snippet} label="Copy the code" />
      </Group>
      {/* The code scrolls sideways in a narrow window: a named tab stop lets the keyboard scroll it
          (axe: scrollable-region-focusable). */}
      <Code
        block
        data-testid="sdk-snippet"
        data-language={guide.language}
        className={classes.snippet}
        tabIndex={0}
        role="region"
        aria-label={`${guide.label} start-up code`}
      >
        {snippet}
      </Code>
      {fromSdkListener ? (
        <Text size="xs">This is the desktop app's SDK address, reachable from the network.</Text>
      ) : null}
    </Stack>
  );
}

/** Whether the server has seen the application since the guide opened, asked again every few seconds. */
export function ConnectionStatus({ connection, appName }: { connection: SdkConnection; appName: string }) {
  const { connected, earlier, error } = connection;
  if (connected) {
    return (
      <Alert color="teal" variant="light" data-testid="sdk-connection" data-state="connected">
        Connected: {connected.appName}
        {connected.sdkVersion ? ` (${connected.sdkVersion})` : ''} seen{' '}
        {connected.lastSeen ? <RelativeTime value={connected.lastSeen} /> : 'just now'}.
      </Alert>
    );
  }
  return (
    <Alert color="blue" variant="light" data-testid="sdk-connection" data-state="waiting">
      <Group gap="sm" wrap="nowrap">
        <Loader size="xs" aria-hidden />
        <Text size="sm">
          Waiting for your SDK…{' '}
          {earlier?.lastSeen ? (
            <>
              the server last saw {appName} <RelativeTime value={earlier.lastSeen} />, before this guide
              opened
            </>
          ) : (
            <>the server has not seen {appName} yet</>
          )}
          .{error ? ' The server could not be asked; trying again.' : ''}
        </Text>
      </Group>
    </Alert>
  );
}
