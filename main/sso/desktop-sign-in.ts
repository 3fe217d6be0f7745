import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SafeIpcError } from '../ipc/ipc-errors';
import type { SecretStore } from '../secrets/secret-store';

/**
 * Single sign-on for the desktop app as RFC 8252 wants it for native apps: the sign-in happens in
 * the system browser (where the user's identity provider session and password manager live), never
 * in an embedded web view. A one-shot HTTP listener on 127.0.0.1 with a random port receives the
 * server's one-time code (§7.3); a random `state` in the loopback URL proves the code answers this
 * sign-in and no other; a PKCE challenge (RFC 7636 S256, §8.1) binds the code to this app, so
 * another process that catches it on the loopback cannot redeem it; the code is exchanged at once
 * (POST /auth/desktop/token, with the verifier) for a session token that goes to the keychain.
 */

export type SsoMethod = 'oidc' | 'saml';

/** What the keychain keeps under `sso-session`: the session token and when the server ends it. */
export interface StoredSsoSession {
  token: string;
  expiresAt: string;
}

export interface DesktopSignInOptions {
  /** The server's base URL (origin plus BASE_URI_PATH, no trailing slash). */
  serverUrl: string;
  method: SsoMethod;
  profile: string;
  /** Electron's `shell.openExternal`: the system browser. */
  openExternal: (url: string) => Promise<void>;
  secrets: Pick<SecretStore, 'set'>;
  /** How long the user may take at the identity provider. */
  timeoutMs?: number;
  signal?: AbortSignal;
  fetch?: typeof globalThis.fetch;
  log?: (message: string, error?: unknown) => void;
}

export const DEFAULT_SIGN_IN_TIMEOUT_MS = 5 * 60 * 1000;
const CALLBACK_PATH = '/callback';

export class DesktopSignInError extends SafeIpcError {
  constructor(message: string, options?: ErrorOptions) {
    super('SignInError', message, options);
  }
}

function page(title: string, text: string): string {
  return (
    '<!doctype html><html lang="en"><meta charset="utf-8"><title>Switchyard</title>' +
    '<body style="font:16px system-ui;display:grid;place-items:center;height:90vh;color:#333">' +
    `<main style="text-align:center"><h1 style="font-size:20px">${title}</h1><p>${text}</p></main>`
  );
}

const SIGNED_IN_PAGE = page(
  'You are signed in to Switchyard',
  'You can close this tab and go back to the app.',
);
const FAILED_PAGE = page(
  'Switchyard could not finish signing in',
  'Go back to the app and try again. You can close this tab.',
);

/** Resolves once the page is handed to the socket, so closing the listener cannot cut it off. */
function answer(response: ServerResponse, status: number, html: string): Promise<void> {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // The page needs nothing: no scripts, no frames, no referrer carrying the code elsewhere.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'referrer-policy': 'no-referrer',
    connection: 'close',
  });
  return new Promise((resolve) => response.end(html, () => resolve()));
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** RFC 7636 §4.1–4.2: a 43-character verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The SSO start URL with the desktop loopback redirect (the server checks it is loopback). */
export function desktopStartUrl(
  serverUrl: string,
  method: SsoMethod,
  loopbackRedirect: string,
  challenge?: string,
): string {
  const url = new URL(`${serverUrl.replace(/\/+$/, '')}/auth/${method}/login`);
  url.searchParams.set('desktop', loopbackRedirect);
  if (challenge) url.searchParams.set('desktopChallenge', challenge);
  return url.href;
}

async function exchangeCode(
  fetcher: typeof globalThis.fetch,
  serverUrl: string,
  code: string,
  codeVerifier: string,
): Promise<StoredSsoSession> {
  const response = await fetcher(`${serverUrl.replace(/\/+$/, '')}/auth/desktop/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ code, codeVerifier }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) {
    throw new DesktopSignInError(`The server refused the sign-in code (HTTP ${response.status}).`);
  }
  const body = (await response.json()) as Partial<StoredSsoSession>;
  if (typeof body.token !== 'string' || body.token === '' || typeof body.expiresAt !== 'string') {
    throw new DesktopSignInError('The server answered the sign-in code without a session.');
  }
  return { token: body.token, expiresAt: body.expiresAt };
}

/**
 * Runs one browser sign-in to the end: resolves with the stored session once the keychain has it;
 * rejects on timeout, abort, a refused code or an unavailable keychain. The listener is closed in
 * every case.
 */
export async function signInWithBrowser(options: DesktopSignInOptions): Promise<StoredSsoSession> {
  const fetcher = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_SIGN_IN_TIMEOUT_MS;
  const state = randomBytes(32).toString('base64url');
  const pkce = pkcePair();
  let settle: { resolve: (value: StoredSsoSession) => void; reject: (error: unknown) => void };
  const outcome = new Promise<StoredSsoSession>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // The browser may come back before openExternal resolves: the outcome is awaited later.
  outcome.catch(() => {});
  let handled = false;

  async function onRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== CALLBACK_PATH) {
      await answer(response, 404, page('Not found', 'This address only receives the Switchyard sign-in.'));
      return;
    }
    const code = url.searchParams.get('code');
    const returnedState = url.searchParams.get('state') ?? '';
    // Another page or app guessing the port gets nothing and does not end the wait (RFC 8252 §8.1).
    if (handled || !code || code.length > 200 || !sameSecret(returnedState, state)) {
      await answer(response, 400, FAILED_PAGE);
      return;
    }
    handled = true;
    try {
      const session = await exchangeCode(fetcher, options.serverUrl, code, pkce.verifier);
      await options.secrets.set(options.profile, 'sso-session', JSON.stringify(session));
      await answer(response, 200, SIGNED_IN_PAGE);
      settle.resolve(session);
    } catch (error) {
      await answer(response, 502, FAILED_PAGE);
      settle.reject(error);
    }
  }

  const server = createServer((request, response) => {
    onRequest(request, response).catch((error: unknown) => settle.reject(error));
  });
  // RFC 8252 §7.3: the IP literal, not "localhost", so no resolver or firewall rule can redirect it.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const redirect = `http://127.0.0.1:${port}${CALLBACK_PATH}?state=${state}`;

  const timer = setTimeout(
    () => settle.reject(new DesktopSignInError('Signing in took too long; try again.')),
    timeoutMs,
  );
  const onAbort = () => settle.reject(new DesktopSignInError('Signing in was cancelled.'));
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    if (options.signal?.aborted) onAbort();
    else {
      await options.openExternal(
        desktopStartUrl(options.serverUrl, options.method, redirect, pkce.challenge),
      );
    }
    return await outcome;
  } catch (error) {
    options.log?.('browser sign-in did not finish', error);
    if (error instanceof SafeIpcError) throw error;
    throw new DesktopSignInError('Signing in through the browser failed; try again.', { cause: error });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    server.closeAllConnections();
    server.close();
  }
}

/** Reads the stored session; an unreadable or expired one is removed and counts as none. */
export async function storedSsoSession(
  secrets: Pick<SecretStore, 'get' | 'delete'>,
  profile: string,
  now = Date.now(),
): Promise<StoredSsoSession | null> {
  const raw = await secrets.get(profile, 'sso-session');
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredSsoSession>;
    if (typeof parsed.token === 'string' && typeof parsed.expiresAt === 'string') {
      if (Date.parse(parsed.expiresAt) > now) return { token: parsed.token, expiresAt: parsed.expiresAt };
    }
  } catch {
    // Unreadable: removed below like an expired one.
  }
  await secrets.delete(profile, 'sso-session');
  return null;
}
