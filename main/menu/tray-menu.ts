import type { MenuItemConstructorOptions } from 'electron';
import type { SdkAddress, ServerState, ServerStatus, UpdaterState } from '../../server/contract';

export interface TrayMenuActions {
  showConsole(): void;
  copyToClipboard(text: string): void;
  restartServer(): void;
  installUpdate(): void;
}

export interface TrayMenuInput {
  appName: string;
  status: ServerStatus;
  sdkAddresses: readonly SdkAddress[];
  updater: UpdaterState;
  actions: TrayMenuActions;
}

const STATE_LABELS: Record<ServerState, string> = {
  stopped: 'Server stopped',
  starting: 'Server starting…',
  running: 'Server running',
  crashed: 'Server crashed, restarting…',
  failed: 'Server failed to start',
};

export function describeServerState(state: ServerState): string {
  return STATE_LABELS[state];
}

/** Tooltips are one short line on Windows and clipped elsewhere; keep status and the main SDK URL. */
export function trayTooltip(input: Pick<TrayMenuInput, 'appName' | 'status' | 'sdkAddresses'>): string {
  const first = input.sdkAddresses[0];
  const sdk = input.status.state === 'running' && first !== undefined ? `\nSDK URL: ${first.url}` : '';
  return `${input.appName}: ${describeServerState(input.status.state)}${sdk}`;
}

export function buildTrayMenuTemplate(input: TrayMenuInput): MenuItemConstructorOptions[] {
  const { actions, status } = input;
  const sdkItems: MenuItemConstructorOptions[] =
    status.state === 'running'
      ? input.sdkAddresses.map((address) => ({
          label: `Copy SDK URL ${address.url}`,
          toolTip: `${address.interface} (${address.family})`,
          click: () => actions.copyToClipboard(address.url),
        }))
      : [];
  const updateItems: MenuItemConstructorOptions[] =
    input.updater.phase === 'downloaded'
      ? [
          { type: 'separator' },
          {
            label: `Restart to Install ${input.updater.version ?? 'the Update'}`,
            click: () => actions.installUpdate(),
          },
        ]
      : [];
  return [
    { label: describeServerState(status.state), enabled: false },
    ...(status.message !== null && status.state !== 'running'
      ? [{ label: status.message, enabled: false }]
      : []),
    ...sdkItems,
    { type: 'separator' },
    { label: 'Open Console', click: () => actions.showConsole() },
    { label: 'Restart Server', enabled: status.state !== 'starting', click: () => actions.restartServer() },
    ...updateItems,
    { type: 'separator' },
    { label: `Quit ${input.appName}`, role: 'quit' },
  ];
}
