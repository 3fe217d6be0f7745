import { type Dispatcher, fetch, type Response } from 'undici';
import { SWITCHYARD_VERSION } from '../../version';
import type { ProviderRequest } from './providers/provider-types';
import { RefusedTargetError } from './target-policy';

/** The outcome of one HTTP request to a provider. */
export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  /** The first 2 KB of the answer. */
  responseBody: string | null;
  error: string | null;
  durationMs: number;
  /** True when the connection was refused by the target policy (retrying cannot help). */
  refused?: boolean;
}

const RESPONSE_BODY_LIMIT = 2048;

async function readBounded(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < RESPONSE_BODY_LIMIT) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  await reader.cancel().catch(() => {});
  return Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_BODY_LIMIT);
}

/** Slack's Web API reports failures in a 200 body: `{"ok":false,"error":"channel_not_found"}`. */
function okFieldError(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { ok?: unknown; error?: unknown };
    return parsed.ok === true
      ? null
      : `The API answered ok:false (${String(parsed.error ?? 'no error given')})`;
  } catch {
    return 'The API answer was not JSON';
  }
}

/**
 * Sends one request, bounded by `timeoutMs` for the whole exchange. Errors become values (the
 * message never includes the URL or headers, which may carry secrets); nothing is thrown.
 */
export async function sendProviderRequest(
  request: ProviderRequest,
  timeoutMs: number,
  dispatcher?: Dispatcher,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: { 'User-Agent': `Switchyard/${SWITCHYARD_VERSION}`, ...request.headers },
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      ...(dispatcher ? { dispatcher } : {}),
    });
    const responseBody = await readBounded(response);
    let error = response.ok ? null : `The receiver answered ${response.status}`;
    if (!error && request.okField) error = okFieldError(responseBody);
    return { ok: error === null, statusCode: response.status, responseBody, error, durationMs: elapsed() };
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof RefusedTargetError) {
      const message = `Refused target: ${cause.message}`;
      return {
        ok: false,
        statusCode: null,
        responseBody: null,
        error: message,
        durationMs: elapsed(),
        refused: true,
      };
    }
    const name = (error as Error).name;
    const message =
      name === 'TimeoutError' || name === 'AbortError'
        ? `No answer within ${timeoutMs} ms`
        : `The request failed: ${describeNetworkError(error)}`;
    return { ok: false, statusCode: null, responseBody: null, error: message, durationMs: elapsed() };
  }
}

/** undici puts the reason (ECONNREFUSED...) in `cause`; its own message is just "fetch failed". */
function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
