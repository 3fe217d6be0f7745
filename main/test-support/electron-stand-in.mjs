// Stand-in for the electron module when main.js runs under plain Node in tests. It records what
// main does in globalThis.standIn; utilityProcess.fork runs the entry with child_process.fork.
import { fork } from 'node:child_process';
import { EventEmitter } from 'node:events';

const standIn = {
  log: [],
  handlers: new Map(),
  windows: [],
  sent: [],
  tooltip: null,
  trayMenu: null,
  appMenu: null,
  serverEnv: null,
  onHeadersReceived: null,
  signerFilter: null,
  cookies: [],
};
globalThis.standIn = standIn;

class App extends EventEmitter {
  isPackaged = false;
  whenReady() {
    return Promise.resolve();
  }
  getPath() {
    return process.env.STAND_IN_USER_DATA;
  }
  getAppPath() {
    return process.env.STAND_IN_APP_PATH;
  }
  getVersion() {
    return '0.1.0';
  }
  requestSingleInstanceLock() {
    return true;
  }
  quit() {
    standIn.log.push('app.quit');
    const event = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    this.emit('before-quit', event);
    if (!event.defaultPrevented) standIn.log.push('quit went ahead');
  }
  exit(code) {
    standIn.log.push(`app.exit ${code}`);
  }
  relaunch() {
    standIn.log.push('app.relaunch');
  }
}
export const app = new App();

class WebContents extends EventEmitter {
  url = '';
  openHandler = null;
  getURL() {
    return this.url;
  }
  isDestroyed() {
    return false;
  }
  send(channel, payload) {
    standIn.sent.push([channel, payload]);
  }
  setWindowOpenHandler(handler) {
    this.openHandler = handler;
  }
}

export class BrowserWindow extends EventEmitter {
  static getAllWindows() {
    return standIn.windows;
  }
  constructor(options) {
    super();
    this.options = options;
    this.webContents = new WebContents();
    app.emit('web-contents-created', {}, this.webContents);
    standIn.windows.push(this);
  }
  async loadURL(url) {
    standIn.log.push(`loadURL ${url.startsWith('data:') ? 'data:' : url}`);
    this.webContents.url = url;
  }
  isDestroyed() {
    return false;
  }
  isMinimized() {
    return false;
  }
  isMaximized() {
    return false;
  }
  getNormalBounds() {
    return { x: 0, y: 0, width: 1280, height: 800 };
  }
  restore() {}
  show() {}
  focus() {}
  maximize() {}
}

export const clipboard = { writeText: (text) => standIn.log.push(`clipboard ${text}`) };
export const dialog = { showErrorBox: (title) => standIn.log.push(`errorBox ${title}`) };
export const ipcMain = {
  handle: (channel, listener) => standIn.handlers.set(channel, listener),
  removeHandler: (channel) => standIn.handlers.delete(channel),
};
export const Menu = {
  buildFromTemplate: (template) => ({ template }),
  setApplicationMenu: (menu) => {
    standIn.appMenu = menu;
  },
};
export class Notification extends EventEmitter {
  static isSupported() {
    return false;
  }
  show() {}
}
export const nativeImage = { createFromPath: () => ({}) };
export const nativeTheme = { themeSource: 'system', shouldUseDarkColors: false };
export const screen = { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] };
export const session = {
  defaultSession: {
    webRequest: {
      onHeadersReceived: (listener) => {
        standIn.onHeadersReceived = listener;
      },
      onBeforeSendHeaders: (filter) => {
        standIn.signerFilter = filter;
      },
    },
    cookies: {
      set: async (details) => {
        standIn.cookies.push(details);
      },
    },
    setPermissionRequestHandler: () => {},
    setPermissionCheckHandler: () => {},
  },
};
export const shell = { openExternal: async (url) => standIn.log.push(`openExternal ${url}`) };
export class Tray extends EventEmitter {
  setToolTip(text) {
    standIn.tooltip = text;
  }
  setContextMenu(menu) {
    standIn.trayMenu = menu;
  }
}
export const utilityProcess = {
  fork(modulePath, args, options) {
    standIn.log.push(`utilityProcess.fork ${options.serviceName}`);
    standIn.serverEnv = options.env;
    const child = fork(modulePath, args, { env: options.env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    const proc = new EventEmitter();
    Object.defineProperty(proc, 'pid', { get: () => child.pid });
    proc.stdout = child.stdout;
    proc.stderr = child.stderr;
    proc.kill = () => child.kill('SIGTERM');
    child.on('exit', (code) => proc.emit('exit', code ?? -1));
    return proc;
  },
};
