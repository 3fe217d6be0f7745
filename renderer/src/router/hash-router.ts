import { useSyncExternalStore } from 'react';

/**
 * Hash routing (`#/flags?query=abc`): the only kind that works the same when the console is served
 * by the server under any BASE_URI_PATH and when the desktop window loads it from a file.
 */
export interface Location {
  path: string;
  query: Record<string, string>;
}

export function parseHash(hash: string): Location {
  const raw = hash.replace(/^#/, '');
  const [pathPart = '', search = ''] = raw.split('?', 2);
  const path = `/${pathPart.replace(/^\/+/, '').replace(/\/+$/, '')}`;
  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) query[key] = value;
  return { path, query };
}

export function formatHash(
  path: string,
  query: Record<string, string | number | null | undefined> = {},
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `#${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

export function useLocation(): Location {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  // parseHash is cheap; callers compare fields, not the object.
  return parseHash(hash);
}

export function navigate(path: string, query?: Record<string, string | number | null | undefined>): void {
  const next = formatHash(path, query);
  if (window.location.hash !== next) window.location.hash = next;
}

/** Replaces the query of the current screen without a new history entry (filters, paging). */
export function replaceQuery(path: string, query: Record<string, string | number | null | undefined>): void {
  const next = formatHash(path, query);
  if (window.location.hash === next) return;
  window.history.replaceState(window.history.state, '', next);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}

/**
 * A console deep link opened as a server path (`/unleash/flags`, answered with index.html by the
 * server) becomes the hash route `#/flags` of the console at the base.
 */
export function adoptPathAsRoute(win: Window, knownPaths: readonly string[]): void {
  if (win.location.hash || win.location.protocol === 'file:') return;
  const base = new URL('.', win.document.baseURI).pathname;
  const pathname = win.location.pathname;
  if (!pathname.startsWith(base)) return;
  const rest = `/${pathname.slice(base.length).replace(/\/+$/, '')}`;
  if (
    rest === '/' ||
    rest === '/index.html' ||
    !knownPaths.some((path) => rest === path || rest.startsWith(`${path}/`))
  )
    return;
  win.history.replaceState(null, '', `${base}#${rest}${win.location.search}`);
}
