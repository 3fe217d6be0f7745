import type { HandlerDetails, WindowOpenHandlerResponse } from 'electron';

export interface ExternalLinkPolicy {
  /** Host names that may open in the user's browser; `*.example.com` allows subdomains only. */
  allowedHosts: readonly string[];
}

/** https only, no credentials in the URL, host on the allowlist. */
export function isAllowedExternalUrl(url: string, policy: ExternalLinkPolicy): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') return false;
  const host = parsed.hostname.toLowerCase();
  return policy.allowedHosts.some((allowed) => {
    const rule = allowed.toLowerCase();
    if (rule.startsWith('*.')) return host.endsWith(rule.slice(1));
    return host === rule;
  });
}

export interface ExternalLinkOpener {
  /** Opens the URL in the system browser when allowed; returns whether it did. */
  open(url: string): boolean;
}

export function createExternalLinkOpener(
  policy: ExternalLinkPolicy,
  openExternal: (url: string) => Promise<void>,
  log?: (message: string, error?: unknown) => void,
): ExternalLinkOpener {
  return {
    open(url) {
      if (!isAllowedExternalUrl(url, policy)) {
        log?.(`blocked external link to ${safeForLog(url)}`);
        return false;
      }
      openExternal(url).catch((error: unknown) => log?.('could not open external link', error));
      return true;
    },
  };
}

/** Keeps scheme, host and path only; a query string may hold a token. */
function safeForLog(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return '(unparsable url)';
  }
}

export interface NavigationEvent {
  preventDefault(): void;
}

/** The parts of Electron's WebContents the guard needs. */
export interface GuardedWebContents {
  on(event: 'will-navigate', listener: (event: NavigationEvent, url: string) => void): unknown;
  on(event: 'will-redirect', listener: (event: NavigationEvent, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: NavigationEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: Pick<HandlerDetails, 'url'>) => WindowOpenHandlerResponse): void;
}

/** Whether `url` is on `appOrigin` (false for anything unparsable). */
export function isSameOrigin(url: string, appOrigin: string): boolean {
  try {
    return new URL(url).origin === appOrigin;
  } catch {
    return false;
  }
}

/**
 * Keeps a window on the console's origin. Links elsewhere never load inside the app
 * (where they would get the preload bridge); allowlisted ones open in the browser.
 */
export function lockNavigation(
  contents: GuardedWebContents,
  appOrigin: string,
  links: ExternalLinkOpener,
): void {
  contents.on('will-navigate', (event, url) => {
    if (isSameOrigin(url, appOrigin)) return;
    event.preventDefault();
    links.open(url);
  });
  // A same-origin request may be redirected elsewhere by the server or a proxy.
  contents.on('will-redirect', (event, url) => {
    if (!isSameOrigin(url, appOrigin)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    links.open(url);
    return { action: 'deny' };
  });
}
