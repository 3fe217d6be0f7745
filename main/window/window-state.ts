import { type Static, Type } from 'typebox';
import { readJsonFile, writeJsonFileAtomic } from '../settings/json-file';
import { MIN_WINDOW_HEIGHT, MIN_WINDOW_WIDTH } from './window-options';

/** Bounds and the maximised flag only; this file sits unencrypted in userData. */
export const WindowStateSchema = Type.Object(
  {
    x: Type.Optional(Type.Integer()),
    y: Type.Optional(Type.Integer()),
    width: Type.Integer({ minimum: 1 }),
    height: Type.Integer({ minimum: 1 }),
    maximized: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type WindowState = Static<typeof WindowStateSchema>;

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 800, maximized: false };

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How much of the title bar must be on a screen for a saved position to be reused. */
const VISIBLE_GRIP = 48;

/**
 * Fits a saved state to today's displays: sizes are clamped to the largest work
 * area, and a position whose title bar would land off every screen (a monitor
 * was unplugged) is dropped so the window opens centred.
 */
export function fitWindowState(state: WindowState, workAreas: readonly Rectangle[]): WindowState {
  const maxWidth = Math.max(MIN_WINDOW_WIDTH, ...workAreas.map((area) => area.width));
  const maxHeight = Math.max(MIN_WINDOW_HEIGHT, ...workAreas.map((area) => area.height));
  const width = Math.min(Math.max(state.width, MIN_WINDOW_WIDTH), maxWidth);
  const height = Math.min(Math.max(state.height, MIN_WINDOW_HEIGHT), maxHeight);
  const fitted: WindowState = { width, height, maximized: state.maximized };
  if (state.x === undefined || state.y === undefined) return fitted;
  const { x, y } = state;
  const titleBarVisible = workAreas.some(
    (area) =>
      x + width - VISIBLE_GRIP >= area.x &&
      x + VISIBLE_GRIP <= area.x + area.width &&
      y >= area.y &&
      y + VISIBLE_GRIP <= area.y + area.height,
  );
  return titleBarVisible ? { x, y, ...fitted } : fitted;
}

export function loadWindowState(path: string): Promise<WindowState | null> {
  return readJsonFile(path, WindowStateSchema);
}

export function saveWindowState(path: string, state: WindowState): Promise<void> {
  return writeJsonFileAtomic(path, state);
}

/** The parts of Electron's BrowserWindow that state tracking needs. */
export interface TrackedWindow {
  getNormalBounds(): Rectangle;
  isMaximized(): boolean;
  isDestroyed(): boolean;
  on(event: 'resize' | 'move' | 'maximize' | 'unmaximize' | 'close', listener: () => void): unknown;
}

/**
 * Saves the window state shortly after the user stops moving or resizing, and
 * once more on close. Normal bounds are saved while maximised so that
 * un-maximising after a restart returns to the size the user chose.
 */
export function trackWindowState(
  win: TrackedWindow,
  save: (state: WindowState) => void,
  debounceMs = 500,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const capture = (): void => {
    timer = undefined;
    if (win.isDestroyed()) return;
    const bounds = win.getNormalBounds();
    save({
      x: Math.round(bounds.x),
      y: Math.round(bounds.y),
      width: Math.round(bounds.width),
      height: Math.round(bounds.height),
      maximized: win.isMaximized(),
    });
  };
  const schedule = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(capture, debounceMs);
  };
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) win.on(event, schedule);
  win.on('close', () => {
    if (timer !== undefined) clearTimeout(timer);
    capture();
  });
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
}
