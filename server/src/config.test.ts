import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, redactDatabaseUrl } from './config';

describe('loadConfig', () => {
  it('has defaults that need no setup: port 4242 on loopback, embedded database under ./.data', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toEqual({
      port: 4242,
      host: '127.0.0.1',
      databaseUrl: null,
      dataDir: '/srv/app/.data',
      logLevel: 'info',
      baseUriPath: '',
      shutdownGraceSeconds: 10,
      initApiTokens: { admin: [], client: [], frontend: [] },
      defaultAdmin: { username: 'admin', password: null },
      sessionTtlHours: 48,
      loginRateLimitPerMinute: 10,
      allowPasswordLogin: false,
      publicUrl: null,
      adminLoopbackOnly: false,
      sdkListener: null,
      frontendApiEnabled: true,
      frontendApiOrigins: ['*'],
      metricsFlushIntervalSeconds: 10,
      edgeClientSecret: null,
      embeddedDatabasePassword: null,
      schedulerPollIntervalMs: 10_000,
      workers: Math.min(os.availableParallelism(), 64),
      secretsKey: null,
      bundleSigningKey: null,
      integrations: {
        pollIntervalMs: 2000,
        attemptTimeoutMs: 10_000,
        retryBaseMs: 1000,
        retryCapMs: 300_000,
        maxAttempts: 10,
        circuitThreshold: 5,
        circuitPauseMs: 300_000,
        providerBaseUrls: {},
      },
      loginHistoryRetentionHours: 336,
      experimentDataRetentionDays: 30,
      trackedEventsRetentionDays: 90,
      email: null,
      httpTimeouts: { requestMs: 30_000, headersMs: 10_000, keepAliveMs: 72_000 },
      trustProxy: false,
      databaseTimeouts: { connectMs: 5000, queryMs: 5000, statementMs: 4000, idleInTransactionMs: 60_000 },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATABASE_URL: 'postgres://u:p@db:5432/flags',
        DATA_DIR: 'state',
        LOG_LEVEL: 'WARN',
        BASE_URI_PATH: 'unleash/',
        SHUTDOWN_GRACE_SECONDS: '3',
        WORKERS: '3',
        INIT_ADMIN_API_TOKENS: '*:*.a1, *:*.a2',
        INIT_CLIENT_API_TOKENS: 'default:development.c1',
        INIT_BACKEND_API_TOKENS: '*:production.c2',
        INIT_FRONTEND_API_TOKENS: 'default:development.f1',
        UNLEASH_DEFAULT_ADMIN_USERNAME: 'root',
        UNLEASH_DEFAULT_ADMIN_PASSWORD: 'Str0ng-Enough!',
        SESSION_TTL_HOURS: '8',
        LOGIN_RATE_LIMIT_PER_MINUTE: '3',
        UNLEASH_URL: 'https://flags.example.com/unleash/',
        ADMIN_LOOPBACK_ONLY: 'TRUE',
        SDK_HOST: '192.0.2.10',
        SDK_PORT: '4243',
        INTEGRATIONS_POLL_INTERVAL_MS: '500',
        INTEGRATIONS_ATTEMPT_TIMEOUT_MS: '2000',
        INTEGRATIONS_RETRY_BASE_MS: '100',
        INTEGRATIONS_RETRY_CAP_MS: '1000',
        INTEGRATIONS_MAX_ATTEMPTS: '3',
        INTEGRATIONS_CIRCUIT_THRESHOLD: '2',
        INTEGRATIONS_CIRCUIT_PAUSE_MS: '5000',
        INTEGRATIONS_PROVIDER_BASE_URLS: '{"datadog":"http://127.0.0.1:9001"}',
        EDGE_CLIENT_SECRET: 'c2hhcmVkLXNlY3JldA',
      },
      '/srv',
    );
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@db:5432/flags',
      dataDir: '/srv/state',
      logLevel: 'warn',
      baseUriPath: '/unleash',
      shutdownGraceSeconds: 3,
      initApiTokens: {
        admin: ['*:*.a1', '*:*.a2'],
        client: ['default:development.c1', '*:production.c2'],
        frontend: ['default:development.f1'],
      },
      defaultAdmin: { username: 'root', password: 'Str0ng-Enough!' },
      sessionTtlHours: 8,
      loginRateLimitPerMinute: 3,
      allowPasswordLogin: false,
      publicUrl: 'https://flags.example.com/unleash',
      adminLoopbackOnly: true,
      sdkListener: { host: '192.0.2.10', port: 4243 },
      frontendApiEnabled: true,
      frontendApiOrigins: ['*'],
      metricsFlushIntervalSeconds: 10,
      edgeClientSecret: 'c2hhcmVkLXNlY3JldA',
      embeddedDatabasePassword: null,
      schedulerPollIntervalMs: 10_000,
      workers: 3,
      secretsKey: null,
      bundleSigningKey: null,
      integrations: {
        pollIntervalMs: 500,
        attemptTimeoutMs: 2000,
        retryBaseMs: 100,
        retryCapMs: 1000,
        maxAttempts: 3,
        circuitThreshold: 2,
        circuitPauseMs: 5000,
        providerBaseUrls: { datadog: 'http://127.0.0.1:9001' },
      },
      loginHistoryRetentionHours: 336,
      experimentDataRetentionDays: 30,
      trackedEventsRetentionDays: 90,
      email: null,
      httpTimeouts: { requestMs: 30_000, headersMs: 10_000, keepAliveMs: 72_000 },
      trustProxy: false,
      databaseTimeouts: { connectMs: 5000, queryMs: 5000, statementMs: 4000, idleInTransactionMs: 60_000 },
    });
  });

  it.each([
    [
      { INTEGRATIONS_PROVIDER_BASE_URLS: '{"datadog":"ftp://x"}' },
      'INTEGRATIONS_PROVIDER_BASE_URLS must be a JSON object',
    ],
    [{ INTEGRATIONS_MAX_ATTEMPTS: '0' }, 'INTEGRATIONS_MAX_ATTEMPTS must be a positive integer'],
    [{ PORT: 'abc' }, 'PORT must be an integer between 0 and 65535, got "abc"'],
    [{ PORT: '70000' }, 'PORT must be an integer between 0 and 65535, got "70000"'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL is not a valid URL'],
    [{ DATABASE_URL: 'mysql://x@y/z' }, 'DATABASE_URL must use the postgres:// scheme, got "mysql://"'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ BASE_URI_PATH: '/a b' }, 'BASE_URI_PATH must be a URL path'],
    [{ SHUTDOWN_GRACE_SECONDS: '-1' }, 'SHUTDOWN_GRACE_SECONDS must be a non-negative integer'],
    [{ SESSION_TTL_HOURS: '0' }, 'SESSION_TTL_HOURS must be a positive integer, got "0"'],
    [{ LOGIN_RATE_LIMIT_PER_MINUTE: 'many' }, 'LOGIN_RATE_LIMIT_PER_MINUTE must be a positive integer'],
    [{ UNLEASH_URL: 'ftp://flags' }, 'UNLEASH_URL must be an absolute http(s) URL'],
    [{ UNLEASH_URL: '/relative' }, 'UNLEASH_URL must be an absolute http(s) URL'],
    [{ UNLEASH_DEFAULT_ADMIN_PASSWORD: 'unleash4all' }, 'UNLEASH_DEFAULT_ADMIN_PASSWORD is too weak'],
    [{ INIT_ADMIN_API_TOKENS: 'no-scope-secret' }, 'INIT_ADMIN_API_TOKENS: token 1 does not have the form'],
    [{ INIT_ADMIN_API_TOKENS: 'default:development.x' }, 'is an admin token and must start with *:*.'],
    [
      { INIT_CLIENT_API_TOKENS: '*:development.a,[]:development.b' },
      'INIT_CLIENT_API_TOKENS: token 2 names several',
    ],
    [{ INIT_FRONTEND_API_TOKENS: 'default:*.f' }, 'is a frontend token and needs one environment'],
    [{ ADMIN_LOOPBACK_ONLY: 'yes' }, 'ADMIN_LOOPBACK_ONLY must be true or false, got "yes"'],
    [{ SDK_PORT: '-1' }, 'SDK_PORT must be an integer between 0 and 65535, got "-1"'],
    [{ SDK_HOST: '0.0.0.0' }, 'SDK_HOST is set but SDK_PORT is not'],
    [{ SDK_PORT: '4242' }, 'SDK_PORT must differ from PORT (4242)'],
    [{ PORT: '8080', SDK_PORT: '8080', SDK_HOST: '0.0.0.0' }, 'SDK_PORT must differ from PORT (8080)'],
    [{ HOST: '::', SDK_PORT: '4242', SDK_HOST: '192.0.2.10' }, 'SDK_PORT must differ from PORT (4242)'],
  ])('rejects %o with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrowError(ConfigError);
    expect(() => loadConfig(env)).toThrowError(message);
  });

  it('runs one worker process per core unless WORKERS says otherwise, and refuses a runaway count', () => {
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    expect(loadConfig({ WORKERS: '16' }).workers).toBe(16);
    expect(() => loadConfig({ WORKERS: '0' })).toThrow('WORKERS must be a positive integer, got "0"');
    expect(() => loadConfig({ WORKERS: 'many' })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKERS: '500' })).toThrow('WORKERS must be at most 64, got "500"');
  });

  it('accepts PORT=0 so the OS can pick a port', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
  });

  it('opens the SDK listener on HOST unless SDK_HOST says otherwise', () => {
    expect(loadConfig({ SDK_PORT: '4243' }).sdkListener).toEqual({ host: '127.0.0.1', port: 4243 });
    expect(loadConfig({ HOST: '0.0.0.0', SDK_PORT: '0' }).sdkListener).toEqual({ host: '0.0.0.0', port: 0 });
  });

  it('lets the SDK listener share a port number with the admin listener on another address', () => {
    const config = loadConfig({ HOST: '127.0.0.1', SDK_HOST: '192.0.2.10', SDK_PORT: '4242' });
    expect(config.sdkListener).toEqual({ host: '192.0.2.10', port: 4242 });
  });

  it('reads the frontend API switch, its CORS origins and the metrics flush interval', () => {
    const config = loadConfig({
      FRONTEND_API_ENABLED: 'false',
      UNLEASH_FRONTEND_API_ORIGINS: 'https://a.example, https://b.example',
      METRICS_FLUSH_INTERVAL_SECONDS: '2',
    });
    expect(config.frontendApiEnabled).toBe(false);
    expect(config.frontendApiOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.metricsFlushIntervalSeconds).toBe(2);
  });

  it('reads the database timeouts, 0 switching one off, and refuses other values', () => {
    const config = loadConfig({
      DATABASE_CONNECT_TIMEOUT_MS: '500',
      DATABASE_QUERY_TIMEOUT_MS: '0',
      DATABASE_STATEMENT_TIMEOUT_MS: '1500',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '9000',
    });
    expect(config.databaseTimeouts).toEqual({
      connectMs: 500,
      queryMs: 0,
      statementMs: 1500,
      idleInTransactionMs: 9000,
    });
    expect(() => loadConfig({ DATABASE_QUERY_TIMEOUT_MS: '2s' })).toThrowError(
      'DATABASE_QUERY_TIMEOUT_MS must be a non-negative integer',
    );
  });

  it('reads ADMIN_LOOPBACK_ONLY as main passes it', () => {
    expect(loadConfig({ ADMIN_LOOPBACK_ONLY: 'true' }).adminLoopbackOnly).toBe(true);
    expect(loadConfig({ ADMIN_LOOPBACK_ONLY: 'false' }).adminLoopbackOnly).toBe(false);
    expect(loadConfig({ ADMIN_LOOPBACK_ONLY: '' }).adminLoopbackOnly).toBe(false);
  });

  it('never echoes a rejected admin password in its error', () => {
    expect(() => loadConfig({ UNLEASH_DEFAULT_ADMIN_PASSWORD: 'secretword' })).toThrowError(
      /^(?!.*secretword).*too weak/,
    );
  });

  it('reads the HTTP timeouts, bounded by default, and refuses a header bound past the request bound', () => {
    expect(loadConfig({}).httpTimeouts).toEqual({
      requestMs: 30_000,
      headersMs: 10_000,
      keepAliveMs: 72_000,
    });
    expect(
      loadConfig({
        REQUEST_TIMEOUT_SECONDS: '5',
        HEADERS_TIMEOUT_SECONDS: '2',
        KEEP_ALIVE_TIMEOUT_SECONDS: '3',
      }).httpTimeouts,
    ).toEqual({ requestMs: 5000, headersMs: 2000, keepAliveMs: 3000 });
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '5', HEADERS_TIMEOUT_SECONDS: '6' })).toThrowError(
      ConfigError,
    );
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '0' })).toThrowError(ConfigError);
  });

  it('reads TRUST_PROXY as a switch, a hop count or a list of addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrowError(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrowError(ConfigError);
  });

  it('reads the retention of experiment data (issue 35)', () => {
    const config = loadConfig({ EXPERIMENT_DATA_RETENTION_DAYS: '7', TRACKED_EVENTS_RETENTION_DAYS: '365' });
    expect([config.experimentDataRetentionDays, config.trackedEventsRetentionDays]).toEqual([7, 365]);
    expect(() => loadConfig({ EXPERIMENT_DATA_RETENTION_DAYS: '0' })).toThrowError(ConfigError);
  });

  it('reads the login history retention and the SMTP settings under Unleash names', () => {
    expect(loadConfig({ LOGIN_HISTORY_RETENTION_HOURS: '48' }).loginHistoryRetentionHours).toBe(48);
    expect(() => loadConfig({ LOGIN_HISTORY_RETENTION_HOURS: '0' })).toThrowError(ConfigError);
    expect(loadConfig({ EMAIL_HOST: 'smtp.example' }).email).toEqual({
      host: 'smtp.example',
      port: 587,
      secure: false,
      auth: null,
      sender: 'Switchyard <noreply@switchyard.invalid>',
    });
    expect(
      loadConfig({
        EMAIL_HOST: 'smtp.example',
        EMAIL_PORT: '465',
        EMAIL_SECURE: 'true',
        EMAIL_USER: 'flags',
        EMAIL_PASSWORD: 'smtp-pass',
        EMAIL_SENDER: 'Flags <flags@example.com>',
      }).email,
    ).toEqual({
      host: 'smtp.example',
      port: 465,
      secure: true,
      auth: { user: 'flags', password: 'smtp-pass' },
      sender: 'Flags <flags@example.com>',
    });
    // Settings without EMAIL_HOST send nothing.
    expect(loadConfig({ EMAIL_USER: 'flags' }).email).toBeNull();
    expect(() => loadConfig({ EMAIL_HOST: 'smtp.example', EMAIL_PASSWORD: 'smtp-pass' })).toThrowError(
      /EMAIL_USER and EMAIL_PASSWORD go together/,
    );
    expect(() => loadConfig({ EMAIL_HOST: 'smtp.example', EMAIL_PASSWORD: 'smtp-pass' })).not.toThrowError(
      /smtp-pass/,
    );
    expect(() => loadConfig({ EMAIL_HOST: 'smtp.example', EMAIL_SENDER: 'nobody' })).toThrowError(
      ConfigError,
    );
    expect(() => loadConfig({ EMAIL_HOST: 'smtp.example', EMAIL_PORT: 'smtp' })).toThrowError(ConfigError);
  });

  it('masks the password of a database URL for logs', () => {
    expect(redactDatabaseUrl('postgres://user:secret@h:5432/db')).toBe('postgres://user:***@h:5432/db');
  });

  it('reads SECRETS_ENCRYPTION_KEY as hex or base64, null when unset, and refuses a malformed key', () => {
    expect(loadConfig({}).secretsKey).toBeNull();
    expect(loadConfig({ SECRETS_ENCRYPTION_KEY: '0f'.repeat(32) }).secretsKey?.length).toBe(32);
    expect(
      loadConfig({ SECRETS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') }).secretsKey?.[0],
    ).toBe(7);
    expect(() => loadConfig({ SECRETS_ENCRYPTION_KEY: 'short' })).toThrow(
      /SECRETS_ENCRYPTION_KEY must be 32 bytes/,
    );
  });
});
