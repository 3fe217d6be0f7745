import type { Session } from 'electron';

export interface ContentSecurityPolicyInput {
  /** Extra origins the console may call, e.g. remote Switchyard servers of other profiles. */
  connectOrigins?: readonly string[];
}

function checkedOrigin(value: string): string {
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError(`A connect origin must be http(s): ${value}`);
  }
  return url.origin;
}

/**
 * The console's CSP. Scripts only from the app origin; no eval, plugins, frames or
 * foreign forms. Styles allow inline because Mantine writes its CSS variables into a
 * <style> element and style attributes at runtime.
 */
export function buildContentSecurityPolicy(input: ContentSecurityPolicyInput = {}): string {
  const connect = ["'self'", ...(input.connectOrigins ?? []).map(checkedOrigin)];
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'none'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', connect],
    ['manifest-src', ["'self'"]],
    ['worker-src', ["'none'"]],
    ['frame-src', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

export type HeadersReceivedSession = {
  webRequest: Pick<Session['webRequest'], 'onHeadersReceived'>;
};

/**
 * Sets the CSP on every response of the window's session, replacing whatever the
 * server sent (in any letter case), so the policy does not depend on the server build.
 * A function policy is read per response: registering a remote server widens connect-src
 * for pages loaded from then on.
 */
export function installContentSecurityPolicy(
  session: HeadersReceivedSession,
  policy: string | (() => string),
): void {
  const current = typeof policy === 'string' ? () => policy : policy;
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers: Record<string, string[]> = {};
    for (const [name, value] of Object.entries(details.responseHeaders ?? {})) {
      const lower = name.toLowerCase();
      if (lower === 'content-security-policy' || lower === 'content-security-policy-report-only') continue;
      headers[name] = value;
    }
    headers['Content-Security-Policy'] = [current()];
    headers['X-Content-Type-Options'] = ['nosniff'];
    callback({ responseHeaders: headers });
  });
}
