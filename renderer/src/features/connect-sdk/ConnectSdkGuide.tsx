import {
  Alert,
  Button,
  Card,
  CloseButton,
  Code,
  CopyButton,
  Group,
  Loader,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { useConsole } from '../../stores/console-context';
import { useServerWrite } from '../../stores/use-mutations';
import { useServerData } from '../../stores/use-server-data';
import classes from './ConnectSdkGuide.module.css';
import { SDK_GUIDES, type SdkId, type SdkKind, sdkGuide, sdkUrls, tokenPlaceholder } from './sdk-snippets';
import { useSdkConnection, useSdkRoots } from './use-sdk-connection';

export interface ConnectSdkGuideProps {
  /** The token is scoped to this project; all projects when absent. */
  project?: string;
  /** Shown as a close button when the guide may be dismissed. */
  onClose?: () => void;
}

const DEFAULT_APP_NAME = 'my-app';

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

/**
 * First run: pick an SDK and an environment, make a token on the spot, copy start-up code holding this
 * server's real URL and that token, and watch the server see the SDK ("waiting" until it registers).
 */
export function ConnectSdkGuide({ project, onClose }: ConnectSdkGuideProps) {
  const consoleApi = useConsole();
  const write = useServerWrite({ kind: 'api-token' });
  const [openedAt] = useState(() => consoleApi.services.now());
  const [sdkId, setSdkId] = useState<SdkId>('node');
  const [appName, setAppName] = useState(DEFAULT_APP_NAME);
  const [chosenEnvironment, setEnvironment] = useState<string | null>(null);
  const [rootIndex, setRootIndex] = useState(0);
  // Tokens made here, by kind and environment: switching SDKs keeps each one's secret.
  const [tokens, setTokens] = useState<Record<string, string>>({});
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<unknown>(null);

  // The same key and answer as the environments screen's: one cache entry, one shape (a different
  // shape under the shared key broke whichever screen read the other's copy).
  const environments = useServerData('environments', (api) => api.listEnvironments());
  const enabledEnvironments = (environments.data?.environments ?? []).filter(
    (environment) => environment.enabled,
  );
  const environment = chosenEnvironment ?? enabledEnvironments[0]?.name ?? null;
  const guide = sdkGuide(sdkId);
  const tokenKey = `${guide.kind}:${environment ?? ''}`;
  const secret = tokens[tokenKey] ?? null;
  const { roots, fromSdkListener } = useSdkRoots();
  const root = roots[Math.min(rootIndex, roots.length - 1)] ?? '';
  const url = sdkUrls(root)[guide.kind];
  const name = appName.trim() || DEFAULT_APP_NAME;
  const snippet = guide.snippet({ url, token: secret ?? tokenPlaceholder(guide.kind), appName: name });
  const connection = useSdkConnection(name, openedAt);

  async function createToken(kind: SdkKind) {
    if (!environment) return;
    setCreating(true);
    setCreateError(null);
    try {
      const created = await write((api) =>
        api.createApiToken({
          tokenName: `${name}-${kind === 'client' ? 'sdk' : 'frontend'}`,
          type: kind,
          environment,
          projects: [project ?? '*'],
        }),
      );
      // Tokens without a secret in the answer (another Unleash-compatible server) cannot be placed in code.
      if (!created.secret) throw new Error('The server did not return the token’s secret.');
      const made = created.secret;
      setTokens((current) => ({ ...current, [`${kind}:${environment}`]: made }));
    } catch (error) {
      setCreateError(error);
    } finally {
      setCreating(false);
    }
  }

  return (
    <Card withBorder padding="lg" className={classes.guide} data-testid="connect-sdk-guide">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={2} size="h3">
              Connect an SDK
            </Title>
            <Text size="sm">
              Point an application at this server: choose its SDK, make a token, and run the code below.
            </Text>
          </div>
          {onClose ? <CloseButton aria-label="Close the SDK guide" onClick={onClose} /> : null}
        </Group>

        <SegmentedControl
          aria-label="SDK"
          value={sdkId}
          onChange={(value) => setSdkId(value as SdkId)}
          data={SDK_GUIDES.map((entry) => ({ value: entry.id, label: entry.label }))}
          className={classes.sdks}
        />

        <Group align="flex-end" gap="sm">
          <NativeSelect
            label="Environment"
            value={environment ?? ''}
            onChange={(event) => setEnvironment(event.currentTarget.value)}
            data={enabledEnvironments.map((entry) => entry.name)}
            disabled={enabledEnvironments.length === 0}
          />
          <TextInput
            label="Application name"
            value={appName}
            onChange={(event) => setAppName(event.currentTarget.value)}
            maw={240}
          />
          {roots.length > 1 ? (
            <NativeSelect
              label="SDK address"
              value={String(rootIndex)}
              onChange={(event) => setRootIndex(Number(event.currentTarget.value))}
              data={roots.map((entry, index) => ({ value: String(index), label: entry }))}
            />
          ) : null}
        </Group>

        <Stack gap={4}>
          <Text size="sm" fw={600}>
            1. Install
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code className={classes.install}>{guide.install}</Code>
            <CopyAction value={guide.install} label="Copy the install command" />
          </Group>
        </Stack>

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
              <Button onClick={() => void createToken(guide.kind)} loading={creating} disabled={!environment}>
                Create token
              </Button>
              <Text size="xs">
                The secret is shown here once; the API tokens screen lists the token afterwards.
              </Text>
            </Group>
          )}
          {createError ? <ErrorNotice error={createError} title="The token was not created" /> : null}
        </Stack>

        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              3. Start the SDK ({url})
            </Text>
            <CopyAction value={snippet} label="Copy the code" />
          </Group>
          <Code block data-testid="sdk-snippet" data-language={guide.language} className={classes.snippet}>
            {snippet}
          </Code>
          {fromSdkListener ? (
            <Text size="xs">This is the desktop app's SDK address, reachable from the network.</Text>
          ) : null}
        </Stack>

        <ConnectionStatus connection={connection} appName={name} />
      </Stack>
    </Card>
  );
}

function ConnectionStatus({
  connection,
  appName,
}: {
  connection: ReturnType<typeof useSdkConnection>;
  appName: string;
}) {
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
