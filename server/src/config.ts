import os from 'node:os';
import path from 'node:path';
import {
  type EmailConfig,
  type Env,
  type HttpTimeouts,
  type IntegrationsConfig,
  type LogLevel,
  nonEmpty,
  parseAdminPassword,
  parseBaseUriPath,
  parseBoolean,
  parseDatabaseUrl,
  parseEmail,
  parseHttpTimeouts,
  parseIntegrations,
  parseLogLevel,
  parseNonNegativeInt,
  parsePort,
  parsePositiveInt,
  parsePublicUrl,
  parseSdkListener,
  parseTokens,
  parseTrustProxy,
  parseWorkers,
  readBundleSigningKey,
  readSecretsKey,
} from './config-readers';

export type { EmailConfig, Env, HttpTimeouts, IntegrationsConfig, LogLevel } from './config-readers';
export { ConfigError, redactDatabaseUrl } from './config-readers';

export interface Config {
  port: number;
  host: string;
  /** `null` means: start the embedded PostgreSQL under `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  logLevel: LogLevel;
  /** Unleash's BASE_URI_PATH: '' or a path starting with '/' and without a trailing slash. */
  baseUriPath: string;
  /** Seconds a graceful shutdown waits for in-flight requests before closing them. */
  shutdownGraceSeconds: number;
  /**
   * API token secrets created at start for automation, as Unleash's INIT_ADMIN_API_TOKENS,
   * INIT_CLIENT_API_TOKENS (alias INIT_BACKEND_API_TOKENS) and INIT_FRONTEND_API_TOKENS.
   */
  initApiTokens: { admin: string[]; client: string[]; frontend: string[] };
  /**
   * The first user, created at start when no user exists (Unleash's UNLEASH_DEFAULT_ADMIN_USERNAME
   * and UNLEASH_DEFAULT_ADMIN_PASSWORD). Without a password one is generated and logged once.
   */
  defaultAdmin: { username: string; password: string | null };
  /** Lifetime of a login session (Unleash's SESSION_TTL_HOURS). */
  sessionTtlHours: number;
  /** Login attempts allowed per client IP and minute (`/auth/simple/login`). */
  loginRateLimitPerMinute: number;
  /**
   * SWITCHYARD_ALLOW_PASSWORD_LOGIN: the break-glass path (issue 20). Password login keeps working
   * even when an admin disabled it in the console, so a lost identity provider never locks
   * everyone out.
   */
  allowPasswordLogin: boolean;
  /** The public URL of this server (Unleash's UNLEASH_URL) for invite and reset links; null: from the request. */
  publicUrl: string | null;
  /**
   * ADMIN_LOOPBACK_ONLY: everything except the SDK surfaces (server/src/http/network-exposure.ts)
   * answers loopback peers only, on every listener; others get 403. The desktop app sets it.
   */
  adminLoopbackOnly: boolean;
  /** SDK_HOST/SDK_PORT: a second listener serving only the SDK surfaces; null: none. */
  sdkListener: { host: string; port: number } | null;
  /** FRONTEND_API_ENABLED=false switches /api/frontend off: it then answers 404. */
  frontendApiEnabled: boolean;
  /** UNLEASH_FRONTEND_API_ORIGINS: CORS origins until an admin sets them through the API. */
  frontendApiOrigins: string[];
  /** METRICS_FLUSH_INTERVAL_SECONDS: how often buffered SDK metrics are written. */
  metricsFlushIntervalSeconds: number;
  /**
   * EDGE_CLIENT_SECRET: the shared secret Unleash Edge signs `POST /edge/issue-token` with
   * (client id `enterprise-edge`, as Unleash); null: that route refuses every request.
   */
  edgeClientSecret: string | null;
  /**
   * EMBEDDED_DATABASE_PASSWORD: the embedded PostgreSQL's password, handed over by the desktop
   * app from the OS keychain; unset, the headless server keeps it in DATA_DIR (mode 0600).
   */
  embeddedDatabasePassword: string | null;
  /**
   * TRUST_PROXY: which peers' X-Forwarded-For/-Proto/-Host are believed (Fastify's trustProxy):
   * false (default), true (any), a hop count, or a list of addresses and CIDR ranges. It sets
   * the client IP of rate limits, `https` behind a TLS proxy (the session cookie's Secure) and
   * the host of links. ADMIN_LOOPBACK_ONLY and SDK_PORT keep using the TCP peer and socket.
   */
  trustProxy: boolean | number | string[];
  /** REQUEST_TIMEOUT_SECONDS, HEADERS_TIMEOUT_SECONDS, KEEP_ALIVE_TIMEOUT_SECONDS, for every listener. */
  httpTimeouts: HttpTimeouts;
  /**
   * DATABASE_CONNECT_TIMEOUT_MS, DATABASE_QUERY_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS and
   * DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: bounds on waiting for PostgreSQL (issue 12), so a
   * stopped or frozen database fails requests fast instead of hanging them. 0 switches one off.
   */
  databaseTimeouts: { connectMs: number; queryMs: number; statementMs: number; idleInTransactionMs: number };
  /**
   * SCHEDULER_POLL_INTERVAL_MS: how often each instance looks for due scheduled jobs (scheduled
   * change requests); it also looks once at start. Tests set it short.
   */
  schedulerPollIntervalMs: number;
  /**
   * WORKERS: processes serving the HTTP APIs on one port (server/src/cluster); default one per
   * core for the headless server. The desktop app runs one.
   */
  workers: number;
  /**
   * SECRETS_ENCRYPTION_KEY: 32 bytes (hex or base64) sealing secrets the server reads back
   * (integration tokens, SSO client secrets; server/src/lib/secret-box.ts). The desktop app keeps
   * it in the OS keychain; unset with the embedded database, startServer makes one in DATA_DIR
   * (secrets-key-source.ts); null: features that need to store such secrets refuse with a clear error.
   */
  secretsKey: Buffer | null;
  /**
   * SWITCHYARD_BUNDLE_SIGNING_KEY: the Ed25519 private key signing this instance's air-gap bundles
   * (issue 18), PKCS#8 PEM or base64 DER; the desktop app hands over the one in the OS keychain.
   * null: the key is generated on first use and kept in the database, sealed with SECRETS_ENCRYPTION_KEY.
   */
  bundleSigningKey: string | null;
  /** Delivery of integrations (addons, issue 16); see {@link IntegrationsConfig}. */
  integrations: IntegrationsConfig;
  /**
   * LOGIN_HISTORY_RETENTION_HOURS: how long login attempts are kept (default 336 hours, the 14
   * days Unleash documents); older ones are deleted by a scheduled job.
   */
  loginHistoryRetentionHours: number;
  /**
   * EXPERIMENT_DATA_RETENTION_DAYS: how long an experiment's per-user rows (exposures, user
   * metrics) are kept after it stopped (default 30); a scheduled job deletes them (issue 35).
   */
  experimentDataRetentionDays: number;
  /** TRACKED_EVENTS_RETENTION_DAYS: how long hourly counts of tracked events are kept (default 90). */
  trackedEventsRetentionDays: number;
  /**
   * Outgoing e-mail (invites, password resets) over SMTP, as Unleash's EMAIL_HOST, EMAIL_PORT,
   * EMAIL_SECURE, EMAIL_USER, EMAIL_PASSWORD and EMAIL_SENDER. null (no EMAIL_HOST): no e-mail,
   * the console shows invite and reset links to the admin instead.
   */
  email: EmailConfig | null;
}

/** Reads and validates the configuration once; everything else receives the result. */
export function loadConfig(env: Env, cwd: string = process.cwd()): Config {
  return {
    port: parsePort(env.PORT),
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    dataDir: path.resolve(cwd, nonEmpty(env.DATA_DIR) ?? '.data'),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    baseUriPath: parseBaseUriPath(env.BASE_URI_PATH),
    shutdownGraceSeconds: parseNonNegativeInt('SHUTDOWN_GRACE_SECONDS', env.SHUTDOWN_GRACE_SECONDS, 10),
    initApiTokens: parseInitApiTokens(env),
    defaultAdmin: {
      username: nonEmpty(env.UNLEASH_DEFAULT_ADMIN_USERNAME) ?? 'admin',
      password: parseAdminPassword(env.UNLEASH_DEFAULT_ADMIN_PASSWORD),
    },
    sessionTtlHours: parsePositiveInt('SESSION_TTL_HOURS', env.SESSION_TTL_HOURS, 48),
    loginRateLimitPerMinute: parsePositiveInt(
      'LOGIN_RATE_LIMIT_PER_MINUTE',
      env.LOGIN_RATE_LIMIT_PER_MINUTE,
      10,
    ),
    allowPasswordLogin: parseBoolean(
      'SWITCHYARD_ALLOW_PASSWORD_LOGIN',
      env.SWITCHYARD_ALLOW_PASSWORD_LOGIN,
      false,
    ),
    publicUrl: parsePublicUrl(env.UNLEASH_URL),
    adminLoopbackOnly: parseBoolean('ADMIN_LOOPBACK_ONLY', env.ADMIN_LOOPBACK_ONLY, false),
    sdkListener: parseSdkListener(env),
    frontendApiEnabled: parseBoolean('FRONTEND_API_ENABLED', env.FRONTEND_API_ENABLED, true),
    frontendApiOrigins: parseFrontendApiOrigins(env.UNLEASH_FRONTEND_API_ORIGINS),
    metricsFlushIntervalSeconds: parsePositiveInt(
      'METRICS_FLUSH_INTERVAL_SECONDS',
      env.METRICS_FLUSH_INTERVAL_SECONDS,
      10,
    ),
    edgeClientSecret: env.EDGE_CLIENT_SECRET || null,
    embeddedDatabasePassword: env.EMBEDDED_DATABASE_PASSWORD || null,
    schedulerPollIntervalMs: parsePositiveInt(
      'SCHEDULER_POLL_INTERVAL_MS',
      env.SCHEDULER_POLL_INTERVAL_MS,
      10_000,
    ),
    workers: parseWorkers(env.WORKERS, os.availableParallelism()),
    secretsKey: readSecretsKey(env.SECRETS_ENCRYPTION_KEY),
    bundleSigningKey: readBundleSigningKey(env.SWITCHYARD_BUNDLE_SIGNING_KEY),
    integrations: parseIntegrations(env),
    loginHistoryRetentionHours: parsePositiveInt(
      'LOGIN_HISTORY_RETENTION_HOURS',
      env.LOGIN_HISTORY_RETENTION_HOURS,
      336,
    ),
    experimentDataRetentionDays: parsePositiveInt(
      'EXPERIMENT_DATA_RETENTION_DAYS',
      env.EXPERIMENT_DATA_RETENTION_DAYS,
      30,
    ),
    trackedEventsRetentionDays: parsePositiveInt(
      'TRACKED_EVENTS_RETENTION_DAYS',
      env.TRACKED_EVENTS_RETENTION_DAYS,
      90,
    ),
    email: parseEmail(env),
    httpTimeouts: parseHttpTimeouts(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    databaseTimeouts: parseDatabaseTimeouts(env),
  };
}

/** INIT_*_API_TOKENS: tokens created at first start (backend tokens are client tokens). */
function parseInitApiTokens(env: Env): Config['initApiTokens'] {
  return {
    admin: parseTokens('INIT_ADMIN_API_TOKENS', env.INIT_ADMIN_API_TOKENS, 'admin'),
    client: [
      ...parseTokens('INIT_CLIENT_API_TOKENS', env.INIT_CLIENT_API_TOKENS, 'client'),
      ...parseTokens('INIT_BACKEND_API_TOKENS', env.INIT_BACKEND_API_TOKENS, 'client'),
    ],
    frontend: parseTokens('INIT_FRONTEND_API_TOKENS', env.INIT_FRONTEND_API_TOKENS, 'frontend'),
  };
}

/** UNLEASH_FRONTEND_API_ORIGINS: comma-separated; any origin when unset. */
function parseFrontendApiOrigins(value: string | undefined): string[] {
  return nonEmpty(value)
    ? value!
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean)
    : ['*'];
}

/** DATABASE_*_TIMEOUT_MS: how long connecting, a query, a statement and an idle transaction may take. */
function parseDatabaseTimeouts(env: Env): Config['databaseTimeouts'] {
  return {
    connectMs: parseNonNegativeInt('DATABASE_CONNECT_TIMEOUT_MS', env.DATABASE_CONNECT_TIMEOUT_MS, 5000),
    queryMs: parseNonNegativeInt('DATABASE_QUERY_TIMEOUT_MS', env.DATABASE_QUERY_TIMEOUT_MS, 5000),
    statementMs: parseNonNegativeInt(
      'DATABASE_STATEMENT_TIMEOUT_MS',
      env.DATABASE_STATEMENT_TIMEOUT_MS,
      4000,
    ),
    idleInTransactionMs: parseNonNegativeInt(
      'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
      env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      60_000,
    ),
  };
}
