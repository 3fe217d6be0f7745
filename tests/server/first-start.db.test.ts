import net from 'node:net';
import os from 'node:os';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../main/test-support/free-port';
import { loadConfig } from '../../server/src/config';
import { type RunningServer, StartupError, startServer } from '../../server/src/index';
import { createLogger } from '../../server/src/lib/logger';
import { TEST_SECRETS_KEY } from '../helpers/secrets-key';
import { TEST_ADMIN_TOKEN } from '../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

// Issue 31 §1: what a first `npm start` must get right without any configuration.

/** A logger whose JSON lines the test reads back. */
function recordingLogger() {
  const lines: Array<{ level: number; msg: string }> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger('info', sink), lines };
}

async function occupiedPort(): Promise<{ port: number; release: () => Promise<void> }> {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const { port } = blocker.address() as net.AddressInfo;
  return { port, release: () => new Promise((resolve) => blocker.close(() => resolve())) };
}

describe('a first start on a port that is taken', () => {
  let database: TestDatabase;
  let server: RunningServer | undefined;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    await database.drop();
  });

  const configFor = (env: Record<string, string>) =>
    loadConfig({
      DATABASE_URL: database.url,
      DATA_DIR: os.tmpdir(),
      SECRETS_ENCRYPTION_KEY: TEST_SECRETS_KEY,
      ...env,
    });
  const userCount = async () =>
    Number(
      (
        await database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each([
    ['PORT', (taken: number, free: number) => ({ PORT: String(taken), SDK_PORT: String(free) })],
    ['SDK_PORT', (taken: number, free: number) => ({ PORT: String(free), SDK_PORT: String(taken) })],
  ])(
    'stops on a busy %s before creating the admin, whose password the next start prints',
    async (variable, ports) => {
      const blocker = await occupiedPort();
      const first = recordingLogger();
      const failure = await startServer({
        config: configFor(ports(blocker.port, await freePort())),
        logger: first.logger,
      })
        .catch((error: unknown) => error)
        .finally(blocker.release);
      expect(await userCount()).toBe(0);
      expect(first.lines.filter((line) => line.msg.includes('generated password'))).toEqual([]);
      expect(failure).toBeInstanceOf(StartupError);
      expect((failure as Error).message).toMatch(
        new RegExp(
          `port ${blocker.port} on 127\\.0\\.0\\.1 is already in use; choose another with ${variable}=`,
        ),
      );

      // Fixed ports both, as an operator sets them: the held ports are handed to the listeners.
      const second = recordingLogger();
      const [one, two] = [await freePort(), await freePort()];
      server = await startServer({ config: configFor(ports(one, two)), logger: second.logger });
      expect([server.port, server.sdkPort]).toEqual(variable === 'PORT' ? [one, two] : [two, one]);
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
      expect((await fetch(`${server.sdkUrl}/health`)).status).toBe(200);
      expect(await userCount()).toBe(1);
      expect(second.lines.filter((line) => line.msg.includes('generated password'))).toHaveLength(1);
    },
  );
});

describe('secrets with an external database (DATABASE_URL)', () => {
  let database: TestDatabase;
  let server: RunningServer | undefined;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    await database.drop();
  });

  async function start(key: string) {
    const recording = recordingLogger();
    server = await startServer({
      config: loadConfig({
        DATABASE_URL: database.url,
        DATA_DIR: os.tmpdir(),
        PORT: '0',
        SECRETS_ENCRYPTION_KEY: key,
        INIT_ADMIN_API_TOKENS: TEST_ADMIN_TOKEN,
      }),
      logger: recording.logger,
    });
    const uiConfig = await server.app.inject({
      method: 'GET',
      url: '/api/admin/ui-config',
      headers: { authorization: TEST_ADMIN_TOKEN },
    });
    expect(uiConfig.statusCode).toBe(200);
    return { lines: recording.lines, canStoreSecrets: uiConfig.json().canStoreSecrets };
  }

  it('without a key: one warning line giving the command that makes one, and the console is told', async () => {
    const { lines, canStoreSecrets } = await start('');
    const warnings = lines.filter((line) => line.msg.includes('SECRETS_ENCRYPTION_KEY'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.level).toBe(40);
    expect(warnings[0]?.msg).toContain('cannot be saved');
    expect(warnings[0]?.msg).toContain("randomBytes(32).toString('hex')");
    expect(warnings[0]?.msg).not.toContain('\n');
    expect(canStoreSecrets).toBe(false);
  });

  it('with a key: no warning, and the console may ask for secrets', async () => {
    const { lines, canStoreSecrets } = await start(TEST_SECRETS_KEY);
    expect(lines.filter((line) => line.msg.includes('SECRETS_ENCRYPTION_KEY'))).toEqual([]);
    expect(canStoreSecrets).toBe(true);
  });
});
