import { trackWindowState, type WindowState } from './window-state';

/** Shown while the server starts, so the window never shows a connection error. */
export const STARTING_PAGE = `data:text/html;charset=utf-8,${encodeURIComponent(
  '<!doctype html><meta charset="utf-8"><title>Switchyard</title>' +
    '<body style="font:16px system-ui;display:grid;place-items:center;height:90vh;color:#444">' +
    '<p>Starting the Switchyard server…</p></body>',
)}`;

/** The parts of Electron's BrowserWindow the controller uses. */
export interface ControlledWindow {
  getNormalBounds(): { x: number; y: number; width: number; height: number };
  isMaximized(): boolean;
  isMinimized(): boolean;
  isDestroyed(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
  maximize(): void;
  loadURL(url: string): Promise<unknown>;
  once(event: 'ready-to-show', listener: () => void): unknown;
  on(
    event: 'resize' | 'move' | 'maximize' | 'unmaximize' | 'close' | 'closed',
    listener: () => void,
  ): unknown;
}

export interface WindowControllerDeps<W extends ControlledWindow> {
  /** The saved state, already fitted to the screens there are now. */
  windowState: WindowState;
  /** Creates the window (main.ts: a hardened BrowserWindow of these bounds). */
  openWindow(bounds: WindowState): W;
  serverRunning(): boolean;
  consoleUrl: string;
  saveState(state: WindowState): Promise<void>;
  /** Tells the console to switch to a view (an IPC event). */
  sendShowView(view: 'server-logs' | 'settings'): void;
  log(message: string, error?: unknown): void;
}

/** The main window, created on demand and re-shown when it exists. */
export interface WindowController<W extends ControlledWindow> {
  showWindow(): W;
  showView(view: 'server-logs' | 'settings'): void;
  showConsoleIn(win: W): void;
}

export function createWindowController<W extends ControlledWindow>(
  deps: WindowControllerDeps<W>,
): WindowController<W> {
  const windowState = { ...deps.windowState };
  let mainWindow: W | null = null;

  function showConsoleIn(win: W): void {
    const target = deps.serverRunning() ? deps.consoleUrl : STARTING_PAGE;
    void win.loadURL(target).catch((error: unknown) => deps.log('could not load the console', error));
  }

  function showWindow(): W {
    if (mainWindow !== null && !mainWindow.isDestroyed()) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.show();
      mainWindow.focus();
      return mainWindow;
    }
    const win = deps.openWindow(windowState);
    if (windowState.maximized) win.maximize();
    trackWindowState(win, (state) => {
      Object.assign(windowState, state);
      deps.saveState(state).catch((error: unknown) => deps.log('could not save window state', error));
    });
    win.once('ready-to-show', () => win.show());
    win.on('closed', () => {
      if (mainWindow === win) mainWindow = null;
    });
    mainWindow = win;
    showConsoleIn(win);
    return win;
  }

  function showView(view: 'server-logs' | 'settings'): void {
    showWindow();
    deps.sendShowView(view);
  }

  return { showWindow, showView, showConsoleIn };
}
