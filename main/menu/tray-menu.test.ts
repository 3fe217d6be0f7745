import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import type { SdkAddress, ServerStatus, UpdaterState } from '../../server/contract';
import { buildTrayMenuTemplate, type TrayMenuActions, trayTooltip } from './tray-menu';

const running: ServerStatus = {
  state: 'running',
  url: 'http://127.0.0.1:4242',
  pid: 100,
  restarts: 0,
  lastExit: null,
  nextRestartAt: null,
  message: null,
};
const addresses: SdkAddress[] = [
  { interface: 'eth0', family: 'IPv4', address: '192.168.1.20', url: 'http://192.168.1.20:4243/api' },
  { interface: 'wlan0', family: 'IPv4', address: '10.0.0.7', url: 'http://10.0.0.7:4243/api' },
];
const idle: UpdaterState = {
  phase: 'idle',
  version: null,
  percent: null,
  message: null,
  lastCheckAt: null,
  feedUrl: null,
};

function recorder(): { actions: TrayMenuActions; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    actions: {
      showConsole: () => calls.push('showConsole'),
      copyToClipboard: (text) => calls.push(`copy ${text}`),
      restartServer: () => calls.push('restartServer'),
      installUpdate: () => calls.push('installUpdate'),
    },
  };
}

const labels = (template: MenuItemConstructorOptions[]) => template.map((item) => item.label ?? item.type);
const click = (item: MenuItemConstructorOptions | undefined) => (item?.click as (() => void) | undefined)?.();

describe('tray menu', () => {
  it('shows the status and the SDK URLs of a running server', () => {
    const { actions, calls } = recorder();
    const template = buildTrayMenuTemplate({
      appName: 'Switchyard',
      status: running,
      sdkAddresses: addresses,
      updater: idle,
      actions,
    });
    expect(labels(template)).toEqual([
      'Server running',
      'Copy SDK URL http://192.168.1.20:4243/api',
      'Copy SDK URL http://10.0.0.7:4243/api',
      'separator',
      'Open Console',
      'Restart Server',
      'separator',
      'Quit Switchyard',
    ]);
    expect(template[0]?.enabled).toBe(false);
    click(template[2]);
    expect(calls).toEqual(['copy http://10.0.0.7:4243/api']);
  });

  it('explains a failure and hides SDK URLs while the server is down', () => {
    const { actions } = recorder();
    const template = buildTrayMenuTemplate({
      appName: 'Switchyard',
      status: { ...running, state: 'failed', url: null, message: 'The server exited with code 1; gave up.' },
      sdkAddresses: addresses,
      updater: idle,
      actions,
    });
    expect(labels(template).slice(0, 3)).toEqual([
      'Server failed to start',
      'The server exited with code 1; gave up.',
      'separator',
    ]);
  });

  it('offers to install a downloaded update', () => {
    const { actions, calls } = recorder();
    const template = buildTrayMenuTemplate({
      appName: 'Switchyard',
      status: running,
      sdkAddresses: [],
      updater: { ...idle, phase: 'downloaded', version: '0.2.0' },
      actions,
    });
    const install = template.find((item) => item.label === 'Restart to Install 0.2.0');
    click(install);
    expect(calls).toEqual(['installUpdate']);
  });

  it('puts status and the first SDK URL in the tooltip', () => {
    expect(trayTooltip({ appName: 'Switchyard', status: running, sdkAddresses: addresses })).toBe(
      'Switchyard: Server running\nSDK URL: http://192.168.1.20:4243/api',
    );
    expect(
      trayTooltip({
        appName: 'Switchyard',
        status: { ...running, state: 'starting' },
        sdkAddresses: addresses,
      }),
    ).toBe('Switchyard: Server starting…');
  });
});
