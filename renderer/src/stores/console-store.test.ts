import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../offline/outbox';
import { createFakeServer, unleashError } from '../test-utils/fake-server';
import { createTestConsole } from '../test-utils/render';
import { normaliseServerUrl } from './console-store';
import { featureTypeLifetimeEdit } from './editable-resources';

const release = { id: 'release', name: 'Release', description: 'Release flags', lifetimeDays: 40 };
const experiment = { id: 'experiment', name: 'Experiment', description: 'Experiments', lifetimeDays: 40 };

/** A server with feature types whose lifetime PUT really changes them. */
function featureTypeServer() {
  const server = createFakeServer();
  const types = new Map([
    ['release', { ...release }],
    ['experiment', { ...experiment }],
  ]);
  server.on('GET', '/api/admin/feature-types', () => ({ body: { version: 1, types: [...types.values()] } }));
  for (const id of types.keys()) {
    server.on('PUT', `/api/admin/feature-types/${id}/lifetime`, (request) => {
      const type = types.get(id)!;
      type.lifetimeDays = (request.body as { lifetimeDays: number | null }).lifetimeDays as number;
      return { body: type };
    });
  }
  return { server, types };
}

describe('session', () => {
  it('is signed in when the server knows the caller', async () => {
    const { console: app } = createTestConsole();
    await app.start();
    const state = app.store.getState();
    expect(state.ready).toBe(true);
    expect(state.session).toEqual({
      status: 'signed-in',
      user: { id: 1, name: 'Ada Admin', username: 'admin' },
      method: 'password',
    });
    expect(state.connectivity).toBe('online');
    expect(state.serverUrl).toBe('http://switchyard.test');
  });

  it('asks to sign in on 401', async () => {
    const server = createFakeServer().on(
      'GET',
      '/api/admin/user',
      unleashError(401, 'AuthenticationRequired', 'You must log in'),
    );
    const { console: app } = createTestConsole({ server });
    await app.start();
    expect(app.store.getState().session).toEqual({
      status: 'signed-out',
      notice: null,
      signIn: { passwordHidden: false, methods: [] },
    });
  });

  it('lets everyone in when the server has no identity API yet (404)', async () => {
    const server = createFakeServer().on(
      'GET',
      '/api/admin/user',
      unleashError(404, 'NotFoundError', 'The path you were looking for (/api/admin/user) is not available.'),
    );
    const { console: app, kv } = createTestConsole({ server });
    await app.start();
    expect(app.store.getState().session).toEqual({ status: 'signed-in', user: null, method: 'open' });
    // Opened again while the server is down: the same open session, from the saved copy.
    server.offline = true;
    const reopened = createTestConsole({ server, kv }).console;
    await reopened.start();
    expect(reopened.store.getState().session).toEqual({ status: 'signed-in', user: null, method: 'open' });
  });

  it('stays signed in offline with the user seen last time, and explains when it never saw one', async () => {
    const { console: first, server, kv } = createTestConsole();
    await first.start();
    server.offline = true;
    const { console: second } = createTestConsole({ server, kv });
    await second.start();
    expect(second.store.getState().session).toMatchObject({
      status: 'signed-in',
      user: { name: 'Ada Admin' },
    });
    expect(second.store.getState().connectivity).toBe('offline');

    const fresh = createTestConsole({ server });
    await fresh.console.start();
    expect(fresh.console.store.getState().session).toEqual({
      status: 'signed-out',
      notice: 'Cannot reach the server at http://switchyard.test.',
    });
  });

  it('signs in with a password through /auth/simple/login', async () => {
    let signedIn = false;
    const server = createFakeServer()
      .on('GET', '/api/admin/user', () =>
        signedIn
          ? { body: { user: { id: 2, name: 'Bo' } } }
          : unleashError(401, 'AuthenticationRequired', 'log in'),
      )
      .on('POST', '/auth/simple/login', (request) => {
        const { username, password } = request.body as { username: string; password: string };
        if (password !== 'right') return unleashError(401, 'PasswordMismatch', 'Wrong password, try again.');
        signedIn = username === 'bo';
        return { body: { id: 2, name: 'Bo' } };
      });
    const { console: app } = createTestConsole({ server });
    await app.start();
    const refused = await app.signInWithPassword('bo', 'wrong').catch((e: unknown) => e);
    expect((refused as Error).message).toBe('Wrong password, try again.');
    expect(app.store.getState().session.status).toBe('signed-out');
    await app.signInWithPassword('bo', 'right');
    expect(app.store.getState().session).toEqual({
      status: 'signed-in',
      user: { id: 2, name: 'Bo' },
      method: 'password',
    });
    expect(server.calls('POST', '/auth/simple/login')[1]?.body).toEqual({
      username: 'bo',
      password: 'right',
    });
  });

  it('signs in with a token held in memory and sent as Authorization, and refuses a bad one', async () => {
    const server = createFakeServer().on('GET', '/api/admin/user', (request) =>
      request.headers.authorization === '*:*.good'
        ? { body: { user: { id: 3, name: 'Token' } } }
        : unleashError(401, 'AuthenticationRequired', 'You must log in'),
    );
    const { console: app } = createTestConsole({ server });
    await app.start();
    const refused = await app.signInWithToken('*:*.bad').catch((e: unknown) => e);
    expect((refused as Error).message).toBe('The server refused this token: You must log in');
    expect(app.services.platform.credentials.authorization('local')).toBeNull();

    await app.signInWithToken(' *:*.good ');
    expect(app.store.getState().session).toMatchObject({ status: 'signed-in', method: 'token' });
    await app
      .api()
      .listProjects()
      .catch(() => {});
    expect(server.requests.at(-1)?.headers.authorization).toBe('*:*.good');
    expect(window.localStorage.length).toBe(0);
  });

  it('signs out when the server ends the session mid-way', async () => {
    const { console: app, server } = createTestConsole();
    await app.start();
    server.on('GET', '/api/admin/projects', unleashError(401, 'AuthenticationRequired', 'expired'));
    await app
      .api()
      .listProjects()
      .catch(() => {});
    expect(app.store.getState().session).toEqual({
      status: 'signed-out',
      notice: 'Your session has ended. Sign in again to continue.',
    });
  });
});

describe('edits and the outbox', () => {
  it('sends an edit at once when online', async () => {
    const { server, types } = featureTypeServer();
    const { console: app } = createTestConsole({ server });
    await app.start();
    expect(await app.sendOrQueue(featureTypeLifetimeEdit(release, 30))).toBe('applied');
    expect(types.get('release')?.lifetimeDays).toBe(30);
    expect(app.store.getState().outbox).toEqual([]);
  });

  it('queues edits offline, persists them, and replays them in order on reconnect', async () => {
    const { server, types } = featureTypeServer();
    const { console: app, kv } = createTestConsole({ server });
    await app.start();
    server.offline = true;
    expect(await app.sendOrQueue(featureTypeLifetimeEdit(release, 30))).toBe('queued');
    expect(app.store.getState().connectivity).toBe('offline');
    expect(await app.sendOrQueue(featureTypeLifetimeEdit({ ...release, lifetimeDays: 30 }, 20))).toBe(
      'queued',
    );
    expect(app.store.getState().outbox.map((e) => e.summary)).toEqual([
      'Set the lifetime of Release to 30 days',
      'Set the lifetime of Release to 20 days',
    ]);
    expect((await kv.entries<OutboxEntry>('outbox')).map(([, e]) => e.seq).sort()).toEqual([1, 2]);

    // The window is closed and opened again while the server is still down: nothing is lost.
    const reopened = createTestConsole({ server, kv }).console;
    await reopened.start();
    expect(reopened.store.getState().outbox).toHaveLength(2);

    server.offline = false;
    expect(await reopened.checkConnection()).toBe(true);
    await reopened.replayOutbox();
    expect(types.get('release')?.lifetimeDays).toBe(20);
    expect(reopened.store.getState().outbox).toEqual([]);
    expect(await kv.entries('outbox')).toEqual([]);
    const puts = server.calls('PUT', '/api/admin/feature-types/release/lifetime').map((r) => r.body);
    expect(puts).toEqual([{ lifetimeDays: 30 }, { lifetimeDays: 20 }]);
  });

  it('keeps later edits behind an earlier one even when the server is back', async () => {
    const { server } = featureTypeServer();
    const { console: app } = createTestConsole({ server });
    await app.start();
    server.offline = true;
    await app.sendOrQueue(featureTypeLifetimeEdit(release, 30));
    server.offline = false;
    // Connectivity is still "offline" until a probe; the new edit queues behind the first.
    expect(await app.sendOrQueue(featureTypeLifetimeEdit(experiment, 7))).toBe('queued');
    await app.checkConnection();
    await app.replayOutbox();
    expect(server.requests.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual([
      '/api/admin/feature-types/release/lifetime',
      '/api/admin/feature-types/experiment/lifetime',
    ]);
  });

  it('surfaces a conflict when the object changed meanwhile, and applies the operator decision', async () => {
    const { server, types } = featureTypeServer();
    const { console: app } = createTestConsole({ server });
    await app.start();
    server.offline = true;
    await app.sendOrQueue(featureTypeLifetimeEdit(release, 30));
    await app.sendOrQueue(featureTypeLifetimeEdit(experiment, 7));
    types.get('release')!.lifetimeDays = 5; // someone else, while we were away
    server.offline = false;
    await app.checkConnection();
    await app.replayOutbox();

    const [conflict, waiting] = app.store.getState().outbox;
    expect(conflict?.state).toMatchObject({ status: 'conflict', server: { lifetimeDays: 5 } });
    expect(conflict?.base).toEqual({ lifetimeDays: 40 });
    expect(conflict?.mine).toEqual({ lifetimeDays: 30 });
    expect(waiting?.state.status).toBe('pending');
    expect(types.get('experiment')?.lifetimeDays).toBe(40);

    await app.resolveConflict(conflict!.id, 'mine');
    expect(types.get('release')?.lifetimeDays).toBe(30);
    expect(types.get('experiment')?.lifetimeDays).toBe(7);
    expect(app.store.getState().outbox).toEqual([]);
  });

  it('keeps the server version when asked, sending nothing for that edit', async () => {
    const { server, types } = featureTypeServer();
    const { console: app } = createTestConsole({ server });
    await app.start();
    server.offline = true;
    await app.sendOrQueue(featureTypeLifetimeEdit(release, 30));
    types.get('release')!.lifetimeDays = 5;
    server.offline = false;
    await app.checkConnection();
    await app.replayOutbox();
    await app.resolveConflict(app.store.getState().outbox[0]!.id, 'server');
    expect(types.get('release')?.lifetimeDays).toBe(5);
    expect(server.calls('PUT', '/api/admin/feature-types/release/lifetime')).toEqual([]);
    expect(app.store.getState().outbox).toEqual([]);
  });

  it('throws a refusal of an online edit to the form instead of queueing it', async () => {
    const { server } = featureTypeServer();
    server.on(
      'PUT',
      '/api/admin/feature-types/release/lifetime',
      unleashError(400, 'BadDataError', 'invalid', [{ path: '/body/lifetimeDays', message: 'must be >= 0' }]),
    );
    const { console: app } = createTestConsole({ server });
    await app.start();
    const error = await app.sendOrQueue(featureTypeLifetimeEdit(release, 3)).catch((e: unknown) => e);
    expect((error as { fieldErrors(): unknown }).fieldErrors()).toEqual({ lifetimeDays: 'must be >= 0' });
    expect(app.store.getState().outbox).toEqual([]);
  });

  it('will not sign out over unsent edits unless they are discarded on purpose', async () => {
    const { server } = featureTypeServer();
    const { console: app, kv } = createTestConsole({ server });
    await app.start();
    server.offline = true;
    await app.sendOrQueue(featureTypeLifetimeEdit(release, 30));
    await expect(app.signOut()).rejects.toThrow('1 edit(s) have not reached the server yet');
    await app.signOut({ discardPending: true });
    expect(app.store.getState().session.status).toBe('signed-out');
    expect(await kv.entries('outbox')).toEqual([]);
  });
});

describe('connection profiles', () => {
  it('adds remote servers, remembers them and the active one across restarts', async () => {
    const { console: app, kv, server } = createTestConsole();
    await app.start();
    const profile = await app.addProfile(' Staging ', 'https://flags.example.com/unleash/');
    expect(profile).toEqual({
      id: 'remote-id0001',
      name: 'Staging',
      url: 'https://flags.example.com/unleash',
    });
    server.offline = true;
    await app.switchProfile(profile.id);
    expect(app.store.getState().serverUrl).toBe('https://flags.example.com/unleash');

    const again = createTestConsole({ server, kv }).console;
    await again.start();
    expect(again.store.getState().profiles.map((p) => p.id)).toEqual(['local', 'remote-id0001']);
    expect(again.store.getState().activeProfileId).toBe('remote-id0001');
    await again.removeProfile('remote-id0001');
    expect(again.store.getState().activeProfileId).toBe('local');
  });

  it('refuses URLs that are not plain http(s) server addresses', () => {
    expect(normaliseServerUrl(' http://10.0.0.5:4242// ')).toBe('http://10.0.0.5:4242');
    for (const bad of ['flags.example.com', 'ftp://x', 'https://user:pw@x']) {
      expect(() => normaliseServerUrl(bad), bad).toThrow();
    }
  });
});
