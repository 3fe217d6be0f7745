import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import type { NetworkInfo, NetworkSettings, SdkAddress, ServerStatus } from '../../../../server/contract/ipc';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { ListTable } from '../../components/ListTable/ListTable';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { BridgeError } from '../../platform/bridge';
import type { DesktopShell } from '../../platform/platform';
import { DesktopOnly } from './DesktopOnly';
import classes from './desktop.module.css';
import { useDesktopQuery, useDesktopShell } from './use-desktop';

/** The three SDK surfaces under one `…/api` base the main process reports. */
export function sdkEndpoints(address: SdkAddress): { client: string; frontend: string; health: string } {
  const api = address.url.replace(/\/+$/, '');
  return {
    client: `${api}/client`,
    frontend: `${api}/frontend`,
    health: `${api.replace(/\/api$/, '')}/health`,
  };
}

/** Matches main's rule (network-exposure.ts): loopback is 127.0.0.0/8 or ::1. */
export function isLoopbackHost(host: string): boolean {
  const lower = host.trim().toLowerCase();
  return lower === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(lower);
}

const IP_LITERAL = /^[0-9a-f:.]{2,45}$/i;

type FieldErrors = Partial<Record<keyof NetworkSettings, string>>;

function checkSettings(settings: NetworkSettings): FieldErrors {
  const errors: FieldErrors = {};
  const port = (value: number) => Number.isInteger(value) && value >= 1 && value <= 65535;
  if (!IP_LITERAL.test(settings.adminHost)) errors.adminHost = 'Enter an IP address such as 0.0.0.0';
  if (!port(settings.adminPort)) errors.adminPort = 'A port between 1 and 65535';
  if (settings.sdkEnabled) {
    if (!IP_LITERAL.test(settings.sdkHost)) errors.sdkHost = 'Enter an IP address such as 0.0.0.0';
    if (!port(settings.sdkPort)) errors.sdkPort = 'A port between 1 and 65535';
  }
  return errors;
}

function ServerStatusPanel({ shell }: { shell: DesktopShell }) {
  const status = useDesktopQuery(shell, (s) => s.serverStatus());
  const { setData } = status;
  const [restartError, setRestartError] = useState<unknown>(null);
  const [restarting, setRestarting] = useState(false);
  useEffect(() => shell.onServerStatus(setData), [shell, setData]);

  async function restart() {
    setRestarting(true);
    setRestartError(null);
    try {
      setData(await shell.restartServer());
    } catch (caught) {
      setRestartError(caught);
    } finally {
      setRestarting(false);
    }
  }

  return (
    <QueryState query={status} noun="the server status">
      {(current: ServerStatus) => (
        <Group justify="space-between" align="flex-start" data-testid="server-status">
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={600}>Embedded server</Text>
              <Badge
                color={current.state === 'running' ? 'green' : current.state === 'starting' ? 'blue' : 'red'}
              >
                {current.state}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {current.url
                ? `Admin API and console at ${current.url}`
                : (current.message ?? 'Not answering yet.')}
              {current.restarts > 0 ? ` · restarted ${current.restarts} time(s)` : ''}
            </Text>
            {restartError ? <ErrorNotice error={restartError} title="Could not restart the server" /> : null}
          </Stack>
          <Button variant="light" size="xs" loading={restarting} onClick={() => void restart()}>
            Restart server
          </Button>
        </Group>
      )}
    </QueryState>
  );
}

function SdkAddresses({ info }: { info: NetworkInfo }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Addresses for SDKs
      </Title>
      <Text size="sm" c="dimmed">
        Give applications one of these. Server SDKs use the client API, browser and mobile SDKs the frontend
        API; both need an API token from the API tokens screen.
        {info.settings.sdkEnabled
          ? ''
          : ' SDK access from the network is off, so only applications on this machine can connect.'}
      </Text>
      {info.addresses.length === 0 ? (
        <Alert color="yellow" variant="light">
          No network interface matches the SDK listener address {info.settings.sdkHost}.
        </Alert>
      ) : (
        <ListTable minWidth={640} columns={['Interface', 'Client API', 'Frontend API', 'Health']}>
          {info.addresses.map((address) => {
            const urls = sdkEndpoints(address);
            return (
              <Table.Tr key={address.url} data-testid={`sdk-address-${address.address}`}>
                <Table.Td>
                  <Text size="sm">{address.interface}</Text>
                  <Text size="xs" c="dimmed">
                    {address.family}
                  </Text>
                </Table.Td>
                {[urls.client, urls.frontend, urls.health].map((url) => (
                  <Table.Td key={url}>
                    <Group gap={4} wrap="nowrap">
                      <Text size="sm" ff="monospace" className={classes.url}>
                        {url}
                      </Text>
                      <CopyButton value={url}>
                        {({ copied, copy }) => (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            onClick={copy}
                            aria-label={`Copy ${url}`}
                          >
                            {copied ? 'Copied' : 'Copy'}
                          </Button>
                        )}
                      </CopyButton>
                    </Group>
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </ListTable>
      )}
    </Stack>
  );
}

/** The form's draft, its checks and saving it through the desktop shell. */
function useNetworkForm(shell: DesktopShell, info: NetworkInfo, onSaved: (info: NetworkInfo) => void) {
  const [draft, setDraft] = useState<NetworkSettings>(info.settings);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const change = (patch: Partial<NetworkSettings>) => setDraft((current) => ({ ...current, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const problems = checkSettings(draft);
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      const saved = await shell.saveNetwork({
        ...draft,
        adminHost: draft.adminHost.trim(),
        sdkHost: draft.sdkHost.trim(),
      });
      setDraft(saved.settings);
      onSaved(saved);
    } catch (caught) {
      if (caught instanceof BridgeError && caught.field && caught.field in draft) {
        setFieldErrors({ [caught.field]: caught.message });
      } else {
        setError(caught);
      }
    } finally {
      setSaving(false);
    }
  }

  return { draft, change, fieldErrors, error, saving, submit };
}

interface ListenerFieldsProps {
  draft: NetworkSettings;
  change: (patch: Partial<NetworkSettings>) => void;
  fieldErrors: FieldErrors;
}

function AdminListenerFields({ draft, change, fieldErrors }: ListenerFieldsProps) {
  const adminLoopbackOnly = isLoopbackHost(draft.adminHost);
  return (
    <>
      <Switch
        label="Admin API and console answer this machine only"
        description="Recommended. The admin API changes flags; expose it only on a network you trust."
        checked={adminLoopbackOnly}
        onChange={(e) => change({ adminHost: e.currentTarget.checked ? '127.0.0.1' : '0.0.0.0' })}
      />
      {!adminLoopbackOnly ? (
        <Alert color="orange" variant="light">
          The admin API and console will accept connections from other machines. Anyone who reaches them still
          has to sign in.
        </Alert>
      ) : null}
      <Group grow align="flex-start">
        <TextInput
          label="Admin listener address"
          value={draft.adminHost}
          onChange={(e) => change({ adminHost: e.currentTarget.value })}
          error={fieldErrors.adminHost}
        />
        <NumberInput
          label="Admin port"
          value={draft.adminPort}
          min={1}
          max={65535}
          allowDecimal={false}
          onChange={(value) => change({ adminPort: typeof value === 'number' ? value : Number.NaN })}
          error={fieldErrors.adminPort}
        />
      </Group>
    </>
  );
}

function SdkListenerFields({ draft, change, fieldErrors }: ListenerFieldsProps) {
  return (
    <>
      <Switch
        label="Serve the SDK APIs to the network"
        description="A second listener with only the client API, frontend API and health checks."
        checked={draft.sdkEnabled}
        onChange={(e) => change({ sdkEnabled: e.currentTarget.checked })}
      />
      <Group grow align="flex-start">
        <TextInput
          label="SDK bind address"
          description="0.0.0.0 for every IPv4 interface, :: for IPv6 too"
          value={draft.sdkHost}
          disabled={!draft.sdkEnabled}
          onChange={(e) => change({ sdkHost: e.currentTarget.value })}
          error={fieldErrors.sdkHost}
        />
        <NumberInput
          label="SDK port"
          description=" "
          value={draft.sdkPort}
          min={1}
          max={65535}
          allowDecimal={false}
          disabled={!draft.sdkEnabled}
          onChange={(value) => change({ sdkPort: typeof value === 'number' ? value : Number.NaN })}
          error={fieldErrors.sdkPort}
        />
      </Group>
    </>
  );
}

function NetworkForm({
  shell,
  info,
  onSaved,
}: {
  shell: DesktopShell;
  info: NetworkInfo;
  onSaved: (info: NetworkInfo) => void;
}) {
  const { draft, change, fieldErrors, error, saving, submit } = useNetworkForm(shell, info, onSaved);
  return (
    <form onSubmit={submit} noValidate aria-label="Network settings">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Exposure
        </Title>
        {error ? <ErrorNotice error={error} title="Could not save the network settings" /> : null}
        <AdminListenerFields draft={draft} change={change} fieldErrors={fieldErrors} />
        <SdkListenerFields draft={draft} change={change} fieldErrors={fieldErrors} />
        <Text size="sm" c="dimmed">
          Listener changes apply when Switchyard restarts: the server binds its addresses when it starts, and
          the console's own address changes with the admin port.
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            Save network settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RestartNotice({ shell }: { shell: DesktopShell }) {
  const [error, setError] = useState<unknown>(null);
  const [relaunching, setRelaunching] = useState(false);
  async function relaunch() {
    setRelaunching(true);
    setError(null);
    try {
      await shell.relaunch();
    } catch (caught) {
      setError(caught);
      setRelaunching(false);
    }
  }
  return (
    <Alert color="yellow" variant="light" title="Restart needed" data-testid="restart-required">
      <Stack gap="xs">
        <Text size="sm">
          The saved settings differ from those the server runs with. They take effect when Switchyard
          restarts; until then the server keeps its current addresses, and the SDK addresses above are the
          ones it will use after the restart.
        </Text>
        {error ? <ErrorNotice error={error} title="Could not restart Switchyard" /> : null}
        <Group>
          <Button size="xs" color="yellow" loading={relaunching} onClick={() => void relaunch()}>
            Restart Switchyard now
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function ServerNetwork({ shell }: { shell: DesktopShell }) {
  const network = useDesktopQuery(shell, (s) => s.network());
  return (
    <>
      <PageHeader
        title="Server & network"
        description="The flag server this app runs, where applications reach it, and who may reach the admin API."
      />
      <Stack gap="lg">
        <Paper withBorder p="md">
          <ServerStatusPanel shell={shell} />
        </Paper>
        <QueryState query={network} noun="the network settings">
          {(info) => (
            <Stack gap="lg">
              {info.restartRequired ? <RestartNotice shell={shell} /> : null}
              <SdkAddresses info={info} />
              <Paper withBorder p="md" className={classes.form}>
                <NetworkForm shell={shell} info={info} onSaved={network.setData} />
              </Paper>
            </Stack>
          )}
        </QueryState>
      </Stack>
    </>
  );
}

export function ServerNetworkScreen() {
  const shell = useDesktopShell();
  if (!shell)
    return <DesktopOnly title="Server & network" what="The embedded server and its network settings" />;
  return <ServerNetwork shell={shell} />;
}
