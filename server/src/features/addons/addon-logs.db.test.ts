import { afterAll, describe, expect, it } from 'vitest';
import { eventually, startReceiver } from '../../../../tests/helpers/loopback-receiver';
import { TEST_SECRETS_KEY } from '../../../../tests/helpers/secrets-key';
import { TEST_ADMIN_TOKEN } from '../../../../tests/helpers/test-app';
import { createTestDatabase } from '../../../../tests/helpers/test-database';
import { buildApp } from '../../app/build-app';
import { loadConfig } from '../../config';
import { createLogger } from '../../lib/logger';

const SECRETS = ['xoxb-log-secret', 'hook-log-secret', 'Bearer log-auth'];

describe('integration secrets never reach the logs', async () => {
  const lines: string[] = [];
  const receiver = await startReceiver(() => ({ status: 500, body: 'down' }));
  const database = await createTestDatabase();
  const config = loadConfig({
    INIT_ADMIN_API_TOKENS: TEST_ADMIN_TOKEN,
    SECRETS_ENCRYPTION_KEY: TEST_SECRETS_KEY,
    INTEGRATIONS_POLL_INTERVAL_MS: '50',
    INTEGRATIONS_RETRY_BASE_MS: '20',
    INTEGRATIONS_CIRCUIT_THRESHOLD: '2',
    INTEGRATIONS_PROVIDER_BASE_URLS: JSON.stringify({ 'slack-app': receiver.url }),
  });
  const logger = createLogger('debug', { write: (line: string) => void lines.push(line) });
  const app = await buildApp({ config, db: database.db, logger });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.drop();
    await receiver.close();
  });
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: { authorization: TEST_ADMIN_TOKEN }, payload });

  it('logs the paused integrations and failures without tokens, webhook URLs or authorization values', async () => {
    const slack = await post('/api/admin/addons', {
      provider: 'slack-app',
      enabled: true,
      parameters: { accessToken: 'xoxb-log-secret', defaultChannels: 'ops' },
      events: ['feature-created'],
    });
    expect(slack.statusCode).toBe(201);
    const hook = await post('/api/admin/addons', {
      provider: 'webhook',
      enabled: true,
      parameters: { url: `${receiver.url}/hook-log-secret`, authorization: 'Bearer log-auth' },
      events: ['feature-created'],
    });
    expect(hook.statusCode).toBe(201);
    // A bad request body is logged by the error handler too: it must not carry the values either.
    await post('/api/admin/addons', {
      provider: 'webhook',
      enabled: 'yes',
      parameters: { url: 'hook-log-secret' },
      events: [],
    });
    expect((await post('/api/admin/projects/default/features', { name: 'logged-flag' })).statusCode).toBe(
      201,
    );
    await eventually(
      async () => lines.filter((line) => line.includes('integration paused')).length >= 2,
      15_000,
    );
    expect(
      receiver.requests.some((request) => request.headers.authorization === 'Bearer xoxb-log-secret'),
    ).toBe(true);
    const text = lines.join('\n');
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });
});
