import type { HandlerDetails, WindowOpenHandlerResponse } from 'electron';
import { describe, expect, it } from 'vitest';
import {
  createExternalLinkOpener,
  type GuardedWebContents,
  isAllowedExternalUrl,
  lockNavigation,
  type NavigationEvent,
} from './navigation-guard';

const APP_ORIGIN = 'http://127.0.0.1:4242';
const policy = { allowedHosts: ['docs.getunleash.io', '*.switchyard.example'] };

class FakeEvent implements NavigationEvent {
  prevented = false;
  preventDefault(): void {
    this.prevented = true;
  }
}

class FakeWebContents implements GuardedWebContents {
  private listeners = new Map<string, (event: NavigationEvent, url: string) => void>();
  openHandler: ((details: Pick<HandlerDetails, 'url'>) => WindowOpenHandlerResponse) | null = null;

  on(event: string, listener: (event: NavigationEvent, url: string) => void): this {
    this.listeners.set(event, listener);
    return this;
  }
  setWindowOpenHandler(handler: (details: Pick<HandlerDetails, 'url'>) => WindowOpenHandlerResponse): void {
    this.openHandler = handler;
  }
  emit(name: string, url = ''): FakeEvent {
    const event = new FakeEvent();
    this.listeners.get(name)?.(event, url);
    return event;
  }
}

function setup() {
  const opened: string[] = [];
  const logged: string[] = [];
  const contents = new FakeWebContents();
  const links = createExternalLinkOpener(
    policy,
    async (url) => {
      opened.push(url);
    },
    (message) => logged.push(message),
  );
  lockNavigation(contents, APP_ORIGIN, links);
  return { contents, opened, logged };
}

describe('isAllowedExternalUrl', () => {
  it.each([
    ['https://docs.getunleash.io/reference/sdks', true],
    ['https://DOCS.getunleash.io/x', true],
    ['https://eu.switchyard.example/status', true],
    ['https://switchyard.example/', false],
    ['http://docs.getunleash.io/', false],
    ['https://user:pw@docs.getunleash.io/', false],
    ['https://docs.getunleash.io.evil.example/', false],
    ['https://evilswitchyard.example/', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('%s -> %s', (url, allowed) => {
    expect(isAllowedExternalUrl(url, policy)).toBe(allowed);
  });
});

describe('lockNavigation', () => {
  it('lets the console navigate within its origin', () => {
    const { contents, opened } = setup();
    expect(contents.emit('will-navigate', `${APP_ORIGIN}/projects/default`).prevented).toBe(false);
    expect(opened).toEqual([]);
  });

  it('blocks navigation to another origin and opens allowlisted links in the browser', () => {
    const { contents, opened, logged } = setup();
    expect(contents.emit('will-navigate', 'https://docs.getunleash.io/x').prevented).toBe(true);
    expect(contents.emit('will-navigate', 'https://evil.example/phish?token=abc').prevented).toBe(true);
    expect(contents.emit('will-navigate', 'http://127.0.0.1:9999/').prevented).toBe(true);
    expect(opened).toEqual(['https://docs.getunleash.io/x']);
    expect(logged).toEqual([
      'blocked external link to https://evil.example/phish',
      'blocked external link to http://127.0.0.1:9999/',
    ]);
  });

  it('blocks redirects off the origin and webview attachment', () => {
    const { contents } = setup();
    expect(contents.emit('will-redirect', 'https://evil.example/').prevented).toBe(true);
    expect(contents.emit('will-redirect', `${APP_ORIGIN}/login`).prevented).toBe(false);
    expect(contents.emit('will-attach-webview').prevented).toBe(true);
  });

  it('denies every new window, opening allowlisted https links externally', () => {
    const { contents, opened } = setup();
    expect(contents.openHandler?.({ url: 'https://docs.getunleash.io/' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: `${APP_ORIGIN}/popup` })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://docs.getunleash.io/']);
  });
});
