import { describe, expect, it } from 'vitest';
import { createWindowOptions } from './window-options';

describe('createWindowOptions', () => {
  it('hardens the renderer', () => {
    const options = createWindowOptions({
      preloadPath: '/app/dist/main/preload.cjs',
      bounds: { width: 1000, height: 700 },
    });
    expect(options.webPreferences).toEqual({
      preload: '/app/dist/main/preload.cjs',
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
    });
    expect(options.show).toBe(false);
    expect(options.title).toBe('Switchyard');
  });

  it('places the window only when both coordinates are known', () => {
    const placed = createWindowOptions({
      preloadPath: 'p',
      bounds: { x: 10, y: 20, width: 900, height: 600 },
    });
    const centred = createWindowOptions({ preloadPath: 'p', bounds: { x: 10, width: 900, height: 600 } });
    expect([placed.x, placed.y, placed.width, placed.height]).toEqual([10, 20, 900, 600]);
    expect('x' in centred).toBe(false);
    expect('y' in centred).toBe(false);
  });

  it('paints the window in the scheme the operating system prefers', () => {
    const options = (dark?: boolean) =>
      createWindowOptions({
        preloadPath: 'p',
        bounds: { width: 900, height: 600 },
        ...(dark === undefined ? {} : { dark }),
      });
    expect(options(true).backgroundColor).toBe('#242424');
    expect(options(false).backgroundColor).toBe('#ffffff');
    expect(options().backgroundColor).toBe('#ffffff');
  });
});
