import type { MenuItemConstructorOptions } from 'electron';

export interface AppMenuActions {
  showConsole(): void;
  showServerLogs(): void;
  restartServer(): void;
  checkForUpdates(): void;
  openDocumentation(): void;
}

export interface AppMenuInput {
  platform: NodeJS.Platform;
  appName: string;
  /** Reload and developer tools are left out of packaged builds. */
  isPackaged: boolean;
  actions: AppMenuActions;
}

export function buildAppMenuTemplate(input: AppMenuInput): MenuItemConstructorOptions[] {
  const { actions } = input;
  const isMac = input.platform === 'darwin';
  const serverItems: MenuItemConstructorOptions[] = [
    { label: 'Open Console', accelerator: 'CmdOrCtrl+1', click: () => actions.showConsole() },
    { label: 'Server Logs', accelerator: 'CmdOrCtrl+Shift+L', click: () => actions.showServerLogs() },
    { label: 'Restart Server', click: () => actions.restartServer() },
  ];
  const viewItems: MenuItemConstructorOptions[] = [
    ...(input.isPackaged
      ? []
      : ([
          { role: 'reload' },
          { role: 'toggleDevTools' },
          { type: 'separator' },
        ] as MenuItemConstructorOptions[])),
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  const helpItems: MenuItemConstructorOptions[] = [
    { label: 'Documentation', click: () => actions.openDocumentation() },
    { label: 'Check for Updates…', click: () => actions.checkForUpdates() },
  ];

  return [
    ...(isMac
      ? [
          {
            label: input.appName,
            submenu: [
              { role: 'about' },
              { type: 'separator' },
              { role: 'services' },
              { type: 'separator' },
              { role: 'hide' },
              { role: 'hideOthers' },
              { role: 'unhide' },
              { type: 'separator' },
              { role: 'quit' },
            ],
          } as MenuItemConstructorOptions,
        ]
      : []),
    {
      label: 'File',
      submenu: isMac ? [{ role: 'close' }] : [{ role: 'close' }, { type: 'separator' }, { role: 'quit' }],
    },
    { role: 'editMenu' },
    { label: 'Server', submenu: serverItems },
    { label: 'View', submenu: viewItems },
    { role: 'windowMenu' },
    { role: 'help', submenu: helpItems },
  ];
}
