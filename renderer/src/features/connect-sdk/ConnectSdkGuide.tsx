import {
  Card,
  CloseButton,
  Group,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useConsole } from '../../stores/console-context';
import { useServerWrite } from '../../stores/use-mutations';
import { useServerData } from '../../stores/use-server-data';
import classes from './ConnectSdkGuide.module.css';
import { ConnectionStatus, InstallStep, SnippetStep, TokenStep } from './ConnectSdkSteps';
import { SDK_GUIDES, type SdkId, type SdkKind, sdkGuide, sdkUrls, tokenPlaceholder } from './sdk-snippets';
import { useSdkConnection, useSdkRoots } from './use-sdk-connection';

export interface ConnectSdkGuideProps {
  /** The token is scoped to this project; all projects when absent. */
  project?: string;
  /** Shown as a close button when the guide may be dismissed. */
  onClose?: () => void;
}

const DEFAULT_APP_NAME = 'my-app';

/** Tokens made in the guide, by kind and environment: switching SDKs keeps each one's secret. */
function useGuideTokens(appName: string, project: string | undefined) {
  const write = useServerWrite({ kind: 'api-token' });
  const [tokens, setTokens] = useState<Record<string, string>>({});
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<unknown>(null);

  async function createToken(kind: SdkKind, environment: string | null) {
    if (!environment) return;
    setCreating(true);
    setCreateError(null);
    try {
      const created = await write((api) =>
        api.createApiToken({
          tokenName: `${appName}-${kind === 'client' ? 'sdk' : 'frontend'}`,
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

  const secretOf = (kind: SdkKind, environment: string | null) =>
    tokens[`${kind}:${environment ?? ''}`] ?? null;
  return { secretOf, creating, createError, createToken };
}

function GuideHeading({ onClose }: { onClose: (() => void) | undefined }) {
  return (
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
  );
}

interface GuideSettingsProps {
  environment: string | null;
  environments: readonly string[];
  onEnvironment: (name: string) => void;
  appName: string;
  onAppName: (name: string) => void;
  roots: readonly string[];
  rootIndex: number;
  onRootIndex: (index: number) => void;
}

/** The environment, the application's name and (when there are several) the SDK address. */
function GuideSettings(props: GuideSettingsProps) {
  const { environment, environments, appName, roots, rootIndex } = props;
  return (
    <Group align="flex-end" gap="sm">
      <NativeSelect
        label="Environment"
        value={environment ?? ''}
        onChange={(event) => props.onEnvironment(event.currentTarget.value)}
        data={[...environments]}
        disabled={environments.length === 0}
      />
      <TextInput
        label="Application name"
        value={appName}
        onChange={(event) => props.onAppName(event.currentTarget.value)}
        maw={240}
      />
      {roots.length > 1 ? (
        <NativeSelect
          label="SDK address"
          value={String(rootIndex)}
          onChange={(event) => props.onRootIndex(Number(event.currentTarget.value))}
          data={roots.map((entry, index) => ({ value: String(index), label: entry }))}
        />
      ) : null}
    </Group>
  );
}

/**
 * First run: pick an SDK and an environment, make a token on the spot, copy start-up code holding this
 * server's real URL and that token, and watch the server see the SDK ("waiting" until it registers).
 */
export function ConnectSdkGuide({ project, onClose }: ConnectSdkGuideProps) {
  const consoleApi = useConsole();
  const [openedAt] = useState(() => consoleApi.services.now());
  const [sdkId, setSdkId] = useState<SdkId>('node');
  const [appName, setAppName] = useState(DEFAULT_APP_NAME);
  const [chosenEnvironment, setEnvironment] = useState<string | null>(null);
  const [rootIndex, setRootIndex] = useState(0);

  // The same key and answer as the environments screen's: one cache entry, one shape (a different
  // shape under the shared key broke whichever screen read the other's copy).
  const environments = useServerData('environments', (api) => api.listEnvironments());
  const enabledEnvironments = (environments.data?.environments ?? []).filter(
    (environment) => environment.enabled,
  );
  const environment = chosenEnvironment ?? enabledEnvironments[0]?.name ?? null;
  const guide = sdkGuide(sdkId);
  const name = appName.trim() || DEFAULT_APP_NAME;
  const { secretOf, creating, createError, createToken } = useGuideTokens(name, project);
  const secret = secretOf(guide.kind, environment);
  const { roots, fromSdkListener } = useSdkRoots();
  const root = roots[Math.min(rootIndex, roots.length - 1)] ?? '';
  const url = sdkUrls(root)[guide.kind];
  const snippet = guide.snippet({ url, token: secret ?? tokenPlaceholder(guide.kind), appName: name });
  const connection = useSdkConnection(name, openedAt);

  return (
    <Card withBorder padding="lg" className={classes.guide} data-testid="connect-sdk-guide">
      <Stack gap="md">
        <GuideHeading onClose={onClose} />
        <SegmentedControl
          aria-label="SDK"
          value={sdkId}
          onChange={(value) => setSdkId(value as SdkId)}
          data={SDK_GUIDES.map((entry) => ({ value: entry.id, label: entry.label }))}
          className={classes.sdks}
        />
        <GuideSettings
          environment={environment}
          environments={enabledEnvironments.map((entry) => entry.name)}
          onEnvironment={setEnvironment}
          appName={appName}
          onAppName={setAppName}
          roots={roots}
          rootIndex={rootIndex}
          onRootIndex={setRootIndex}
        />
        <InstallStep install={guide.install} />
        <TokenStep
          guide={guide}
          environment={environment}
          project={project}
          secret={secret}
          creating={creating}
          createError={createError}
          onCreate={() => void createToken(guide.kind, environment)}
        />
        <SnippetStep guide={guide} url={url} snippet={snippet} fromSdkListener={fromSdkListener} />
        <ConnectionStatus connection={connection} appName={name} />
      </Stack>
    </Card>
  );
}
