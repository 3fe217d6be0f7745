import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fitWindowState,
  loadWindowState,
  type Rectangle,
  saveWindowState,
  type TrackedWindow,
  trackWindowState,
  type WindowState,
} from './window-state';

const screen: Rectangle = { x: 0, y: 0, width: 1920, height: 1080 };
const rightScreen: Rectangle = { x: 1920, y: 0, width: 2560, height: 1440 };

describe('fitWindowState', () => {
  it('keeps a position that is on a screen', () => {
    const state: WindowState = { x: 2000, y: 100, width: 1400, height: 900, maximized: false };
    expect(fitWindowState(state, [screen, rightScreen])).toEqual(state);
  });

  it('drops a position on a monitor that is gone', () => {
    const state: WindowState = { x: 2000, y: 100, width: 1400, height: 900, maximized: true };
    expect(fitWindowState(state, [screen])).toEqual({ width: 1400, height: 900, maximized: true });
  });

  it('clamps sizes between the minimum and the largest screen', () => {
    expect(fitWindowState({ width: 100, height: 100, maximized: false }, [screen])).toEqual({
      width: 800,
      height: 560,
      maximized: false,
    });
    expect(fitWindowState({ width: 5000, height: 3000, maximized: false }, [screen])).toEqual({
      width: 1920,
      height: 1080,
      maximized: false,
    });
  });
});

describe('window state file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'switchyard-window-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('round-trips bounds only', async () => {
    const path = join(dir, 'window-state.json');
    await saveWindowState(path, { x: 1, y: 2, width: 900, height: 700, maximized: false });
    expect(await loadWindowState(path)).toEqual({ x: 1, y: 2, width: 900, height: 700, maximized: false });
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({
      x: 1,
      y: 2,
      width: 900,
      height: 700,
      maximized: false,
    });
  });

  it('ignores a corrupt or foreign file', async () => {
    const path = join(dir, 'window-state.json');
    await writeFile(path, '{"width": 900');
    expect(await loadWindowState(path)).toBeNull();
    await writeFile(path, JSON.stringify({ width: 900, height: 700, maximized: false, token: 'x' }));
    expect(await loadWindowState(path)).toBeNull();
    expect(await loadWindowState(join(dir, 'missing.json'))).toBeNull();
  });
});

class FakeWindow implements TrackedWindow {
  listeners = new Map<string, Array<() => void>>();
  bounds: Rectangle = { x: 10, y: 20, width: 1000, height: 700 };
  maximized = false;
  destroyed = false;
  getNormalBounds(): Rectangle {
    return this.bounds;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  on(event: string, listener: () => void): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string): void {
    for (const listener of this.listeners.get(event) ?? []) listener();
  }
}

describe('trackWindowState', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves once after the user stops resizing', () => {
    const win = new FakeWindow();
    const saved: WindowState[] = [];
    trackWindowState(win, (state) => saved.push(state), 500);
    win.emit('resize');
    vi.advanceTimersByTime(400);
    win.bounds = { x: 10.4, y: 20, width: 1200.6, height: 800 };
    win.emit('resize');
    vi.advanceTimersByTime(499);
    expect(saved).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(saved).toEqual([{ x: 10, y: 20, width: 1201, height: 800, maximized: false }]);
  });

  it('saves on close straight away, with normal bounds while maximised', () => {
    const win = new FakeWindow();
    const saved: WindowState[] = [];
    trackWindowState(win, (state) => saved.push(state), 500);
    win.maximized = true;
    win.emit('maximize');
    win.emit('close');
    expect(saved).toEqual([{ x: 10, y: 20, width: 1000, height: 700, maximized: true }]);
    vi.advanceTimersByTime(1000);
    expect(saved).toHaveLength(1);
  });
});
