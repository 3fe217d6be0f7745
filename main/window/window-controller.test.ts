import { describe, expect, it } from 'vitest';
import {
  type ControlledWindow,
  createWindowController,
  STARTING_PAGE,
  type WindowControllerDeps,
} from './window-controller';
import type { WindowState } from './window-state';

class FakeWindow implements ControlledWindow {
  calls: string[] = [];
  loaded: string[] = [];
  destroyed = false;
  minimized = false;
  private listeners = new Map<string, Array<() => void>>();
  getNormalBounds() {
    return { x: 10, y: 20, width: 900, height: 700 };
  }
  isMaximized() {
    return false;
  }
  isMinimized() {
    return this.minimized;
  }
  isDestroyed() {
    return this.destroyed;
  }
  restore() {
    this.calls.push('restore');
  }
  show() {
    this.calls.push('show');
  }
  focus() {
    this.calls.push('focus');
  }
  maximize() {
    this.calls.push('maximize');
  }
  async loadURL(url: string) {
    this.loaded.push(url);
  }
  once(event: string, listener: () => void) {
    this.on(event, listener);
  }
  on(event: string, listener: () => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
  emit(event: string) {
    for (const listener of this.listeners.get(event) ?? []) listener();
  }
}

function setup(overrides: Partial<WindowControllerDeps<FakeWindow>> = {}) {
  const opened: Array<{ win: FakeWindow; bounds: WindowState }> = [];
  const views: string[] = [];
  const saved: WindowState[] = [];
  let running = true;
  const controller = createWindowController<FakeWindow>({
    windowState: { width: 1280, height: 800, maximized: false },
    openWindow: (bounds) => {
      const win = new FakeWindow();
      opened.push({ win, bounds: { ...bounds } });
      return win;
    },
    serverRunning: () => running,
    consoleUrl: 'http://127.0.0.1:4242/',
    saveState: async (state) => {
      saved.push(state);
    },
    sendShowView: (view) => views.push(view),
    log: () => {},
    ...overrides,
  });
  return { controller, opened, views, saved, setRunning: (value: boolean) => (running = value) };
}

describe('createWindowController', () => {
  it('opens one window with the saved bounds and loads the console once the server runs', () => {
    const { controller, opened } = setup();
    const win = controller.showWindow();
    expect(opened).toHaveLength(1);
    expect(opened[0]?.bounds).toEqual({ width: 1280, height: 800, maximized: false });
    expect(win.loaded).toEqual(['http://127.0.0.1:4242/']);
    win.emit('ready-to-show');
    expect(win.calls).toEqual(['show']);
  });

  it('shows the starting page while the server is not running', () => {
    const { controller, setRunning } = setup();
    setRunning(false);
    expect(controller.showWindow().loaded).toEqual([STARTING_PAGE]);
  });

  it('maximises a window saved maximised', () => {
    const { controller } = setup({ windowState: { width: 1000, height: 700, maximized: true } });
    expect(controller.showWindow().calls).toEqual(['maximize']);
  });

  it('re-shows the open window instead of opening another, restoring it when minimised', () => {
    const { controller, opened } = setup();
    const win = controller.showWindow();
    win.minimized = true;
    expect(controller.showWindow()).toBe(win);
    expect(opened).toHaveLength(1);
    expect(win.calls).toEqual(['restore', 'show', 'focus']);
  });

  it('opens a new window after the old one closed', () => {
    const { controller, opened } = setup();
    const first = controller.showWindow();
    first.emit('closed');
    expect(controller.showWindow()).not.toBe(first);
    expect(opened).toHaveLength(2);
  });

  it('saves the window state on close and opens the next window with it', () => {
    const { controller, opened, saved } = setup();
    const first = controller.showWindow();
    first.emit('close');
    expect(saved).toEqual([{ x: 10, y: 20, width: 900, height: 700, maximized: false }]);
    first.destroyed = true;
    controller.showWindow();
    expect(opened[1]?.bounds).toEqual({ x: 10, y: 20, width: 900, height: 700, maximized: false });
  });

  it('showView shows the window and sends the view to the console', () => {
    const { controller, opened, views } = setup();
    controller.showView('server-logs');
    expect(opened).toHaveLength(1);
    expect(views).toEqual(['server-logs']);
  });
});
