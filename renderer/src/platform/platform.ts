import type { ServerStatus } from '../../../server/contract/ipc';
import { findBridge, invokeBridge, type SwitchyardBridge } from './bridge';
import { type CredentialStore, createBrowserCredentialStore, type TokenKind } from './credentials';
import { createDesktopShell, type DesktopShell } from './desktop-shell';

export type { CredentialStore, DesktopShell, TokenKind };

/**
 * Everything that differs between the desktop window and a browser tab. The rest of the console
 * codes against this interface and never looks for Electron itself.
 */
export interface Platform {
  readonly kind: 'desktop' | 'browser';
  /**
   * URL of the embedded server (no trailing slash): in a browser the server that served this page,
   * in the desktop app the server main hosts. Null when there is none (a file page in a browser, or
   * the desktop server is not running).
   */
  embeddedServerUrl(): Promise<string | null>;
  /** Called when the embedded server's URL changes (desktop restarts); returns an unsubscribe. */
  onEmbeddedServerChange(listener: (url: string | null) => void): () => void;
  readonly credentials: CredentialStore;
  /** Opens a link outside the console (the system browser in the desktop app). */
  openExternal(url: string): void;
  /** Present in the desktop app only: its server, logs, updates and remote-server registration. */
  readonly desktop?: DesktopShell;
}

/** The server that served this page, from the document's base URL (the server adds a <base>). */
export function pageServerUrl(doc: Document): string | null {
  let base: URL;
  try {
    base = new URL('.', doc.baseURI);
  } catch {
    return null;
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') return null;
  return `${base.origin}${base.pathname}`.replace(/\/+$/, '');
}

export function createBrowserPlatform(win: Window): Platform {
  let sessionStorage: Storage | null = null;
  try {
    sessionStorage = win.sessionStorage;
  } catch {
    sessionStorage = null;
  }
  // Read once: without a <base>, the document's base follows the router to deeper paths.
  const serverUrl = pageServerUrl(win.document);
  return {
    kind: 'browser',
    embeddedServerUrl: async () => serverUrl,
    onEmbeddedServerChange: () => () => {},
    credentials: createBrowserCredentialStore(sessionStorage),
    openExternal: (url) => {
      win.open(url, '_blank', 'noopener,noreferrer');
    },
  };
}

function runningUrl(status: ServerStatus): string | null {
  return status.state === 'running' && status.url ? status.url.replace(/\/+$/, '') : null;
}

export function createDesktopPlatform(
  bridge: SwitchyardBridge,
  reload: () => void = () => window.location.reload(),
): Platform {
  const credentials: CredentialStore = {
    heldOutside: true,
    async store(profileId, kind, token) {
      await invokeBridge(bridge, 'switchyard:secrets:set', {
        profile: profileId,
        key: kind,
        value: token.trim(),
      });
    },
    async clear(profileId) {
      for (const key of ['personal-access-token', 'admin-token', 'sso-session'] as const) {
        await invokeBridge(bridge, 'switchyard:secrets:delete', { profile: profileId, key });
      }
    },
    authorization: () => null,
    async has(profileId) {
      const { keys } = await invokeBridge(bridge, 'switchyard:secrets:list', { profile: profileId });
      // Only a token signs requests; a browser sign-in's session is a cookie, like a password login's.
      return keys.some((key) => key === 'admin-token' || key === 'personal-access-token');
    },
  };
  return {
    kind: 'desktop',
    embeddedServerUrl: async () => runningUrl(await invokeBridge(bridge, 'switchyard:server:status', {})),
    onEmbeddedServerChange: (listener) =>
      bridge.on('switchyard:server:status-changed', (status) => listener(runningUrl(status))),
    credentials,
    openExternal: (url) => {
      void invokeBridge(bridge, 'switchyard:app:open-external', { url }).catch(() => {});
    },
    desktop: createDesktopShell(bridge, reload),
  };
}

/** The desktop platform when the preload bridge is there, the browser one otherwise. */
export function detectPlatform(win: Window): Platform {
  const bridge = findBridge(win);
  return bridge ? createDesktopPlatform(bridge, () => win.location.reload()) : createBrowserPlatform(win);
}
