import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-database';
import { createDatabase } from '../../db/database';
import { ADMIN_TOKEN_USER_ID, type Caller } from '../../lib/caller';
import { createLogger } from '../../lib/logger';
import { createProjectCatalog } from '../access';
import { createApiTokenService } from './api-token-service';

const ADMIN: Caller = {
  kind: 'api-token',
  tokenId: 0,
  tokenName: 'registry-test-admin',
  userId: ADMIN_TOKEN_USER_ID,
  scope: {
    type: 'admin',
    tokenName: 'registry-test-admin',
    projects: ['*'],
    allProjects: true,
    environment: '*',
  },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually<T>(what: string, read: () => T | Promise<T>, ok: (value: T) => boolean) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await sleep(50);
  }
}

/**
 * Issue 31: two instances on one database, without change notices (the re-read alone). The
 * second instance holds every token the first creates, answers them after losing its database
 * (its pool destroyed: every query fails), and drops deleted and expired ones.
 */
describe('API tokens held in memory', async () => {
  const database = await createTestDatabase();
  const logger = createLogger('silent');
  const writer = createApiTokenService({
    db: database.db,
    catalog: createProjectCatalog(database.db),
    logger,
  });
  const readerHandle = createDatabase(database.url);
  const reader = createApiTokenService({
    db: readerHandle.db,
    catalog: createProjectCatalog(readerHandle.db),
    logger,
  });
  reader.start();
  afterAll(async () => {
    await reader.close();
    await writer.close();
    await readerHandle.close().catch(() => {});
    await database.drop();
  });

  const create = async (type: 'client' | 'frontend', tokenName: string, expiresAt?: Date) =>
    (
      await writer.create(
        {
          tokenName,
          type,
          environment: 'development',
          projects: ['*'],
          ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}),
        },
        ADMIN,
      )
    ).secret as string;

  it('learns of tokens created and deleted elsewhere within the re-read, and answers them without a query', async () => {
    const client = await create('client', 'made-elsewhere-client');
    const frontend = await create('frontend', 'made-elsewhere-frontend');
    const doomed = await create('client', 'deleted-elsewhere');
    const soonExpired = await create('client', 'expires-soon', new Date(Date.now() + 2500));
    // `peek` answers from memory only: it is undefined for a token the instance would look up.
    for (const secret of [client, frontend, doomed, soonExpired]) {
      await eventually('the token known in memory', () => reader.peek(secret)?.tokenName, Boolean);
    }
    await writer.remove(doomed, ADMIN);
    await eventually(
      'the deleted token dropped',
      () => reader.peek(doomed),
      (v) => v === undefined,
    );

    // The reader's database is gone: every lookup or re-read fails from now on.
    await readerHandle.close();
    expect((await reader.authenticate(client))?.tokenName).toBe('made-elsewhere-client');
    expect((await reader.authenticate(frontend))?.type).toBe('frontend');
    expect(await reader.authenticate(doomed).catch((error: Error) => error)).toBeInstanceOf(Error);
    // Edge validates its tokens upstream: answered from memory too.
    expect((await reader.validateForEdge([client, frontend])).tokens.map((token) => token.type)).toEqual([
      'client',
      'frontend',
    ]);

    // Expired at its time, with no notice and no database to ask.
    expect((await reader.authenticate(soonExpired))?.tokenName).toBe('expires-soon');
    await eventually(
      'the token expired',
      () => reader.authenticate(soonExpired),
      (v) => v === null,
    );
    expect(reader.peek(soonExpired)).toBeUndefined();
  });
});
