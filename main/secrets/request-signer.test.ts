import type { BeforeSendResponse, WebRequestFilter } from 'electron';
import { describe, expect, it } from 'vitest';
import { FakeSecretStore } from './fake-secret-store';
import { type BeforeSendHeadersSession, installRequestSigner } from './request-signer';

type Listener = Parameters<BeforeSendHeadersSession['webRequest']['onBeforeSendHeaders']>[1];

class FakeSession implements BeforeSendHeadersSession {
  filter: WebRequestFilter | null = null;
  listener: Listener = null;
  webRequest = {
    onBeforeSendHeaders: (filter: WebRequestFilter, listener: Listener) => {
      this.filter = filter;
      this.listener = listener;
    },
  };

  send(url: string, requestHeaders: Record<string, string> = {}): Promise<BeforeSendResponse> {
    return new Promise((resolve, reject) => {
      if (this.listener === null) {
        reject(new Error('no listener'));
        return;
      }
      this.listener({ url, requestHeaders }, resolve);
    });
  }
}

async function setup() {
  const secrets = new FakeSecretStore();
  const session = new FakeSession();
  const logged: string[] = [];
  const signer = installRequestSigner(session, {
    secrets,
    profiles: new Map([
      ['http://127.0.0.1:4242', 'local'],
      ['https://flags.example.com', 'prod'],
    ]),
    log: (message) => logged.push(message),
  });
  return { secrets, session, signer, logged };
}

describe('installRequestSigner', () => {
  it('filters on the known server origins', async () => {
    const { session } = await setup();
    expect(session.filter).toEqual({ urls: ['http://127.0.0.1:4242/*', 'https://flags.example.com/*'] });
  });

  it('attaches the stored token to requests to its server, replacing any renderer value', async () => {
    const { secrets, session } = await setup();
    await secrets.set('local', 'admin-token', '*:*.local-admin');
    const response = await session.send('http://127.0.0.1:4242/api/admin/projects', {
      Accept: 'application/json',
      authorization: 'forged',
    });
    expect(response).toEqual({
      requestHeaders: { Accept: 'application/json', Authorization: '*:*.local-admin' },
    });
  });

  it('prefers the personal access token', async () => {
    const { secrets, session } = await setup();
    await secrets.set('prod', 'admin-token', '*:*.prod-admin');
    await secrets.set('prod', 'personal-access-token', 'user:prod-pat');
    const response = await session.send('https://flags.example.com/api/admin/features');
    expect(response.requestHeaders).toEqual({ Authorization: 'user:prod-pat' });
  });

  it('leaves requests to other origins and ports alone', async () => {
    const { secrets, session } = await setup();
    await secrets.set('local', 'admin-token', '*:*.local-admin');
    expect(await session.send('http://127.0.0.1:9999/api/admin/projects')).toEqual({});
    expect(await session.send('https://evil.example/collect')).toEqual({});
    expect(await session.send('http://localhost:4242/api/admin/projects')).toEqual({});
  });

  it('sends nothing when no token is stored, and picks up a new one after invalidate', async () => {
    const { secrets, session, signer } = await setup();
    expect(await session.send('http://127.0.0.1:4242/api/admin/projects')).toEqual({});
    await secrets.set('local', 'admin-token', '*:*.new');
    expect(await session.send('http://127.0.0.1:4242/api/admin/projects')).toEqual({});
    signer.invalidate('local');
    expect((await session.send('http://127.0.0.1:4242/api/admin/projects')).requestHeaders).toEqual({
      Authorization: '*:*.new',
    });
  });

  it('lets requests through unsigned when the keychain is unavailable, logging once', async () => {
    const { secrets, session, logged } = await setup();
    secrets.available = false;
    expect(await session.send('http://127.0.0.1:4242/api/admin/a')).toEqual({});
    expect(await session.send('http://127.0.0.1:4242/api/admin/b')).toEqual({});
    expect(logged).toEqual(['cannot read tokens from the keychain; console requests go unsigned']);
  });

  it('removes its hook on dispose', async () => {
    const { session, signer } = await setup();
    signer.dispose();
    expect(session.listener).toBeNull();
  });
});
