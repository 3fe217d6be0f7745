import type { SdkAddress, ServerStatus, UpdaterState } from '../../server/contract';
import { buildTrayMenuTemplate, type TrayMenuActions, trayTooltip } from './tray-menu';

/** The parts of Electron's Tray the controller uses; M is the built menu (Electron's Menu). */
export interface TrayLike<M> {
  on(event: 'click', listener: () => void): unknown;
  setToolTip(text: string): void;
  setContextMenu(menu: M): void;
}

export interface TrayControllerDeps<M> {
  tray: TrayLike<M>;
  /** Electron's Menu.buildFromTemplate. */
  buildMenu(template: ReturnType<typeof buildTrayMenuTemplate>): M;
  appName: string;
  status(): ServerStatus;
  sdkAddresses(): SdkAddress[];
  updaterState(): UpdaterState;
  actions: TrayMenuActions;
}

/** Wires the tray's click to the console; the returned function rebuilds tooltip and menu from the current state. */
export function createTrayController<M>(deps: TrayControllerDeps<M>): () => void {
  deps.tray.on('click', () => deps.actions.showConsole());
  return function refreshTray(): void {
    const status = deps.status();
    const sdkAddresses = deps.sdkAddresses();
    deps.tray.setToolTip(trayTooltip({ appName: deps.appName, status, sdkAddresses }));
    deps.tray.setContextMenu(
      deps.buildMenu(
        buildTrayMenuTemplate({
          appName: deps.appName,
          status,
          sdkAddresses,
          updater: deps.updaterState(),
          actions: deps.actions,
        }),
      ),
    );
  };
}
