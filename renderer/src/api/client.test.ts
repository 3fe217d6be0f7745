import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from './api-error';
import { buildUrl, createApiClient, isApiError } from './client';

function respond(status: number, body?: unknown, type = 'application/json') {
  return new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': type },
  });
}

describe('api client', () => {
  it('builds URLs under the base path and drops empty query values', () => {
    expect(
      buildUrl('http://h/unleash', '/api/admin/projects', { a: 'x y', b: '', c: null, d: 0, e: false }),
    ).toBe('http://h/unleash/api/admin/projects?a=x+y&d=0&e=false');
    expect(buildUrl('http://h', 'health')).toBe('http://h/health');
  });

  it('sends JSON with the session cookie and the browser-held token, and parses the answer', async () => {
    const fetch = vi.fn(async () => respond(201, { id: 'web', name: 'Web' }));
    const client = createApiClient({ baseUrl: 'http://h/', fetch, authorization: () => '*:*.secret' });
    expect(await client.post('/api/admin/projects', { id: 'web', name: 'Web' })).toEqual({
      id: 'web',
      name: 'Web',
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://h/api/admin/projects');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"id":"web","name":"Web"}');
    expect(init.headers).toEqual({
      accept: 'application/json',
      authorization: '*:*.secret',
      'content-type': 'application/json',
    });
  });

  it('sends no content type without a body and no authorization without a token', async () => {
    const fetch = vi.fn(async () => respond(200, undefined));
    const client = createApiClient({ baseUrl: 'http://h', fetch, authorization: () => null });
    expect(await client.post('/api/admin/environments/dev/on')).toBeUndefined();
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toEqual({ accept: 'application/json' });
    expect(init.body).toBeUndefined();
  });

  it("throws Unleash's error as an ApiError", async () => {
    const fetch = vi.fn(async () =>
      respond(400, {
        name: 'BadDataError',
        message: 'invalid',
        details: [{ path: '/body/tokenName', message: 'required' }],
      }),
    );
    const client = createApiClient({ baseUrl: 'http://h', fetch });
    const error = await client.post('/api/admin/api-tokens', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(isApiError(error, 'BadDataError')).toBe(true);
    expect(isApiError(error, 'NotFoundError')).toBe(false);
    expect((error as ApiError).fieldErrors()).toEqual({ tokenName: 'required' });
  });

  it('reports an unreachable server as NetworkError, and every answer as reachable', async () => {
    const onNetworkError = vi.fn();
    const onResponse = vi.fn();
    const failing = createApiClient({
      baseUrl: 'http://down',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
      onNetworkError,
      onResponse,
    });
    const error = await failing.get('/api/admin/projects').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toBe('Cannot reach the server at http://down');
    expect(onNetworkError).toHaveBeenCalledTimes(1);
    expect(onResponse).not.toHaveBeenCalled();

    const answering = createApiClient({
      baseUrl: 'http://up',
      fetch: async () => respond(500, { name: 'InternalError', message: 'x' }),
      onResponse,
    });
    await answering.get('/x').catch(() => {});
    expect(onResponse).toHaveBeenCalledTimes(1);
  });

  it('lets an abort through as it is, not as a network error', async () => {
    const controller = new AbortController();
    const onNetworkError = vi.fn();
    const client = createApiClient({
      baseUrl: 'http://h',
      fetch: async () => {
        controller.abort();
        throw new DOMException('aborted', 'AbortError');
      },
      onNetworkError,
    });
    const error = await client.get('/x', undefined, controller.signal).catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    expect(onNetworkError).not.toHaveBeenCalled();
  });
});
