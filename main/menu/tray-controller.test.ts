import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import type { ServerStatus, UpdaterState } from '../../server/contract';
import { createTrayController, type TrayLike } from './tray-controller';

const running: ServerStatus = {
  state: 'running',
  url: 'http://127.0.0.1:4242',
  pid: 100,
  restarts: 0,
  lastExit: null,
  nextRestartAt: null,
  message: null,
};
const idle: UpdaterState = {
  phase: 'idle',
  version: null,
  percent: null,
  message: null,
  lastCheckAt: null,
  feedUrl: null,
};

class FakeTray implements TrayLike<MenuItemConstructorOptions[]> {
  tooltip = '';
  menu: MenuItemConstructorOptions[] = [];
  click: (() => void) | undefined;
  on(_event: 'click', listener: () => void) {
    this.click = listener;
  }
  setToolTip(text: string) {
    this.tooltip = text;
  }
  setContextMenu(menu: MenuItemConstructorOptions[]) {
    this.menu = menu;
  }
}

function setup() {
  const tray = new FakeTray();
  const calls: string[] = [];
  let status = running;
  const refresh = createTrayController({
    tray,
    buildMenu: (template) => template,
    appName: 'Switchyard',
    status: () => status,
    sdkAddresses: () => [
      { interface: 'eth0', family: 'IPv4', address: '192.168.1.20', url: 'http://192.168.1.20:4243/api' },
    ],
    updaterState: () => idle,
    actions: {
      showConsole: () => calls.push('showConsole'),
      copyToClipboard: (text) => calls.push(`copy ${text}`),
      restartServer: () => calls.push('restartServer'),
      installUpdate: () => calls.push('installUpdate'),
    },
  });
  return { tray, calls, refresh, setStatus: (next: ServerStatus) => (status = next) };
}

describe('createTrayController', () => {
  it('opens the console when the tray icon is clicked', () => {
    const { tray, calls } = setup();
    tray.click?.();
    expect(calls).toEqual(['showConsole']);
  });

  it('sets the tooltip and the menu from the current state on each refresh', () => {
    const { tray, refresh, setStatus } = setup();
    refresh();
    expect(tray.tooltip).toContain('Switchyard');
    expect(tray.tooltip).toContain('192.168.1.20');
    const labels = tray.menu.map((item) => item.label).filter(Boolean);
    expect(labels.length).toBeGreaterThan(0);
    const before = tray.tooltip;
    setStatus({ ...running, state: 'stopped', url: null, pid: null });
    refresh();
    expect(tray.tooltip).not.toEqual(before);
  });

  it("the menu's items run the given actions", () => {
    const { tray, calls, refresh } = setup();
    refresh();
    const restart = tray.menu.find((item) => /restart/i.test(item.label ?? ''));
    (restart?.click as (() => void) | undefined)?.();
    expect(calls).toEqual(['restartServer']);
  });
});
