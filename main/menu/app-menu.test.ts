import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { type AppMenuActions, buildAppMenuTemplate } from './app-menu';

function recorder(): { actions: AppMenuActions; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    actions: {
      showConsole: () => calls.push('showConsole'),
      showServerLogs: () => calls.push('showServerLogs'),
      restartServer: () => calls.push('restartServer'),
      checkForUpdates: () => calls.push('checkForUpdates'),
      openDocumentation: () => calls.push('openDocumentation'),
    },
  };
}

function submenu(template: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions[] {
  const item = template.find((entry) => entry.label === label || entry.role === label);
  return (item?.submenu ?? []) as MenuItemConstructorOptions[];
}

function click(item: MenuItemConstructorOptions | undefined): void {
  (item?.click as (() => void) | undefined)?.();
}

describe('buildAppMenuTemplate', () => {
  it('has no app menu and quits from File on Linux and Windows', () => {
    const { actions } = recorder();
    const template = buildAppMenuTemplate({
      platform: 'linux',
      appName: 'Switchyard',
      isPackaged: true,
      actions,
    });
    expect(template.map((item) => item.label ?? item.role)).toEqual([
      'File',
      'editMenu',
      'Server',
      'View',
      'windowMenu',
      'help',
    ]);
    expect(submenu(template, 'File').map((item) => item.role ?? item.type)).toEqual([
      'close',
      'separator',
      'quit',
    ]);
  });

  it('adds the application menu on macOS', () => {
    const { actions } = recorder();
    const template = buildAppMenuTemplate({
      platform: 'darwin',
      appName: 'Switchyard',
      isPackaged: true,
      actions,
    });
    expect(template[0]?.label).toBe('Switchyard');
    expect(submenu(template, 'Switchyard').at(-1)?.role).toBe('quit');
    expect(submenu(template, 'File').map((item) => item.role)).toEqual(['close']);
  });

  it('keeps developer tools out of packaged builds', () => {
    const { actions } = recorder();
    const packaged = buildAppMenuTemplate({ platform: 'linux', appName: 'S', isPackaged: true, actions });
    const dev = buildAppMenuTemplate({ platform: 'linux', appName: 'S', isPackaged: false, actions });
    expect(submenu(packaged, 'View').map((item) => item.role)).not.toContain('toggleDevTools');
    expect(submenu(dev, 'View').map((item) => item.role)).toContain('toggleDevTools');
  });

  it('wires server and help items to their actions', () => {
    const { actions, calls } = recorder();
    const template = buildAppMenuTemplate({ platform: 'win32', appName: 'S', isPackaged: true, actions });
    for (const item of submenu(template, 'Server')) click(item);
    for (const item of submenu(template, 'help')) click(item);
    expect(calls).toEqual([
      'showConsole',
      'showServerLogs',
      'restartServer',
      'openDocumentation',
      'checkForUpdates',
    ]);
  });
});
