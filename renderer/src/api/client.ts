import { ApiError, NetworkError, parseErrorBody } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
}

export interface ApiClient {
  readonly baseUrl: string;
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  delete<T>(path: string): Promise<T>;
}

export interface ApiClientOptions {
  /** Server URL including BASE_URI_PATH, without a trailing slash. */
  baseUrl: string;
  fetch: typeof fetch;
  /** The `Authorization` header for this request, if any (browser-held tokens). */
  authorization?: () => string | null;
  /** Every answer, so the console knows the server is reachable. */
  onResponse?: (response: Response) => void;
  onNetworkError?: (error: NetworkError) => void;
}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * A typed fetch wrapper for the admin API: JSON in and out, the session cookie sent along
 * (`credentials: 'include'`, also to a remote profile's origin), Unleash's error body parsed into
 * ApiError, and an unreachable server reported as NetworkError.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  async function request<T>(method: HttpMethod, path: string, init: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const authorization = options.authorization?.();
    if (authorization) headers.authorization = authorization;
    let body: string | undefined;
    if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    let response: Response;
    try {
      response = await options.fetch(buildUrl(baseUrl, path, init.query), {
        method,
        headers,
        credentials: 'include',
        ...(body === undefined ? {} : { body }),
        ...(init.signal ? { signal: init.signal } : {}),
      });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      const networkError = new NetworkError(`Cannot reach the server at ${baseUrl}`, { cause: error });
      options.onNetworkError?.(networkError);
      throw networkError;
    }
    options.onResponse?.(response);
    const parsed = await readBody(response);
    if (!response.ok) throw parseErrorBody(response.status, parsed);
    return parsed as T;
  }

  return {
    baseUrl,
    request,
    get: (path, query, signal) =>
      request('GET', path, { ...(query ? { query } : {}), ...(signal ? { signal } : {}) }),
    post: (path, body) => request('POST', path, body === undefined ? {} : { body }),
    put: (path, body) => request('PUT', path, body === undefined ? {} : { body }),
    delete: (path) => request('DELETE', path),
  };
}

export function isApiError(error: unknown, errorName?: string): error is ApiError {
  return error instanceof ApiError && (errorName === undefined || error.errorName === errorName);
}
