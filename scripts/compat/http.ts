// Sends one corpus case to one server and reads its answer.
import { normaliseString, substitute } from './normalise';
import type { Answer, CompatCase } from './types';

export interface Target {
  label: string;
  url: string;
  adminToken: string;
  /** Values captured from this server's answers (`clientToken`, `segmentId`, …) plus `p`. */
  vars: Record<string, string>;
}

// Well-formed for both servers, but issued by neither.
const WRONG_TOKEN = '*:development.0123456789abcdef0123456789abcdef0123456789abcdef01234567';

function authorization(target: Target, kase: CompatCase): string | undefined {
  switch (kase.token ?? 'admin') {
    case 'admin':
      return target.adminToken;
    case 'client':
      return target.vars.clientToken;
    case 'frontend':
      return target.vars.frontendToken;
    case 'bad':
      return WRONG_TOKEN;
    case 'none':
      return undefined;
  }
}

export function describeRequest(kase: CompatCase): string {
  const token = kase.token && kase.token !== 'admin' ? ` (${kase.token} token)` : '';
  const body =
    kase.raw !== undefined ? ` ${kase.raw}` : kase.body !== undefined ? ` ${JSON.stringify(kase.body)}` : '';
  const shown = body.length > 160 ? `${body.slice(0, 160)}…` : body;
  return `${kase.method} ${kase.path}${token}${shown}`;
}

export async function send(target: Target, kase: CompatCase): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const auth = authorization(target, kase);
  if (auth) headers.authorization = auth;
  let body: string | undefined;
  if (kase.raw !== undefined) {
    body = kase.raw;
    headers['content-type'] = kase.contentType ?? 'application/json';
  } else if (kase.body !== undefined) {
    body = JSON.stringify(substitute(kase.body, target.vars));
    headers['content-type'] = kase.contentType ?? 'application/json';
  }
  for (const [name, value] of Object.entries(kase.headers ?? {})) {
    headers[name.toLowerCase()] = String(substitute(value, target.vars));
  }
  const path = String(substitute(kase.path, target.vars));
  const response = await fetch(`${target.url}${path}`, {
    method: kase.method,
    headers,
    body,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return {
    status: response.status,
    body: parsed,
    text: normaliseString(text, { prefix: target.vars.p ?? '' }),
  };
}
