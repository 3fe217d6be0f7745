import type { BrowserWindowConstructorOptions } from 'electron';

export interface WindowBounds {
  x?: number | undefined;
  y?: number | undefined;
  width: number;
  height: number;
}

export interface WindowOptionsInput {
  preloadPath: string;
  bounds: WindowBounds;
  title?: string;
  /** The operating system prefers dark colours (Electron's nativeTheme.shouldUseDarkColors). */
  dark?: boolean;
}

/** Mantine's page background in each scheme, so the frame before the console paints matches it. */
export const WINDOW_BACKGROUND = { light: '#ffffff', dark: '#242424' } as const;

export const MIN_WINDOW_WIDTH = 800;
export const MIN_WINDOW_HEIGHT = 560;

/**
 * Options for the console window. The console also runs in a plain browser, so it
 * gets a browser's isolation: no Node in any frame, a sandboxed renderer, and only
 * the preload's `window.switchyard` bridge (STYLE.md convention 8).
 */
export function createWindowOptions(input: WindowOptionsInput): BrowserWindowConstructorOptions {
  const { x, y, width, height } = input.bounds;
  return {
    ...(x !== undefined && y !== undefined ? { x, y } : {}),
    width,
    height,
    minWidth: MIN_WINDOW_WIDTH,
    minHeight: MIN_WINDOW_HEIGHT,
    title: input.title ?? 'Switchyard',
    // The console follows the OS scheme itself (prefers-color-scheme, with nativeTheme's default
    // themeSource 'system'); the window's own background follows it too.
    backgroundColor: input.dark ? WINDOW_BACKGROUND.dark : WINDOW_BACKGROUND.light,
    // Shown on ready-to-show so the user never sees an empty frame.
    show: false,
    webPreferences: {
      preload: input.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
    },
  };
}
