import { createPrivateKey, type KeyObject } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { passwordProblems } from './lib/password-policy';
import { parseSecretsKey } from './lib/secret-box';

/** Thrown for any invalid setting: the entry prints its message as one line and exits non-zero. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

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
   * SECRETS_ENCRYPTION_KEY: 32 bytes (hex or base64) sealing secrets the server reads back
   * (integration tokens, SSO client secrets; server/src/lib/secret-box.ts). The desktop app keeps
   * it in the OS keychain; null: features that need to store such secrets refuse with a clear error.
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
   * Outgoing e-mail (invites, password resets) over SMTP, as Unleash's EMAIL_HOST, EMAIL_PORT,
   * EMAIL_SECURE, EMAIL_USER, EMAIL_PASSWORD and EMAIL_SENDER. null (no EMAIL_HOST): no e-mail,
   * the console shows invite and reset links to the admin instead.
   */
  email: EmailConfig | null;
}

/**
 * INTEGRATIONS_POLL_INTERVAL_MS (how often each instance looks for queued events, default 2000),
 * INTEGRATIONS_ATTEMPT_TIMEOUT_MS (10000), INTEGRATIONS_RETRY_BASE_MS (1000, doubled per retry),
 * INTEGRATIONS_RETRY_CAP_MS (300000), INTEGRATIONS_MAX_ATTEMPTS (10), INTEGRATIONS_CIRCUIT_THRESHOLD
 * (failures in a row that pause an integration, 5), INTEGRATIONS_CIRCUIT_PAUSE_MS (300000), and,
 * for tests only, INTEGRATIONS_PROVIDER_BASE_URLS: a JSON object moving the fixed API addresses
 * of `slack-app` and `datadog` to other origins (loopback receivers).
 */
export interface IntegrationsConfig {
  pollIntervalMs: number;
  attemptTimeoutMs: number;
  retryBaseMs: number;
  retryCapMs: number;
  maxAttempts: number;
  circuitThreshold: number;
  circuitPauseMs: number;
  providerBaseUrls: Record<string, string>;
  /**
   * INTEGRATIONS_REFUSED_TARGETS and INTEGRATIONS_ALLOWED_TARGETS, as given (unset: the defaults);
   * read by features/addons/target-policy.ts, which refuses a bad entry at startup.
   */
  refusedTargets: string | undefined;
  allowedTargets: string | undefined;
}

export interface EmailConfig {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  /** SMTP authentication; both or neither. */
  auth: { user: string; password: string } | null;
  /** The From header, e.g. `Switchyard <noreply@example.com>`. */
  sender: string;
}

/** How long a client may take (issue 12 §6: slow-header and slow-body sockets stayed open). */
export interface HttpTimeouts {
  /** The whole request, headers and body (REQUEST_TIMEOUT_SECONDS); Node answers 408 and closes. */
  requestMs: number;
  /** The request headers, from the connection or the previous response (HEADERS_TIMEOUT_SECONDS). */
  headersMs: number;
  /** An idle keep-alive connection between requests (KEEP_ALIVE_TIMEOUT_SECONDS). */
  keepAliveMs: number;
}

export type Env = Readonly<Record<string, string | undefined>>;

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
    initApiTokens: {
      admin: parseTokens('INIT_ADMIN_API_TOKENS', env.INIT_ADMIN_API_TOKENS, 'admin'),
      client: [
        ...parseTokens('INIT_CLIENT_API_TOKENS', env.INIT_CLIENT_API_TOKENS, 'client'),
        ...parseTokens('INIT_BACKEND_API_TOKENS', env.INIT_BACKEND_API_TOKENS, 'client'),
      ],
      frontend: parseTokens('INIT_FRONTEND_API_TOKENS', env.INIT_FRONTEND_API_TOKENS, 'frontend'),
    },
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
    frontendApiOrigins: nonEmpty(env.UNLEASH_FRONTEND_API_ORIGINS)
      ? env
          .UNLEASH_FRONTEND_API_ORIGINS!.split(',')
          .map((origin) => origin.trim())
          .filter(Boolean)
      : ['*'],
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
    secretsKey: readSecretsKey(env.SECRETS_ENCRYPTION_KEY),
    bundleSigningKey: readBundleSigningKey(env.SWITCHYARD_BUNDLE_SIGNING_KEY),
    integrations: parseIntegrations(env),
    loginHistoryRetentionHours: parsePositiveInt(
      'LOGIN_HISTORY_RETENTION_HOURS',
      env.LOGIN_HISTORY_RETENTION_HOURS,
      336,
    ),
    email: parseEmail(env),
    httpTimeouts: parseHttpTimeouts(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    databaseTimeouts: {
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
    },
  };
}

function readSecretsKey(raw: string | undefined): Buffer | null {
  try {
    return parseSecretsKey(raw);
  } catch (error) {
    throw new ConfigError(`SECRETS_ENCRYPTION_KEY ${(error as Error).message}`);
  }
}

// A mistyped key stops the start rather than signing bundles nobody trusts.
function readBundleSigningKey(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  let key: KeyObject;
  try {
    key = value.startsWith('-----BEGIN')
      ? createPrivateKey(value)
      : createPrivateKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new ConfigError(
      'SWITCHYARD_BUNDLE_SIGNING_KEY must be an Ed25519 private key (PKCS#8 PEM or base64 DER)',
    );
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new ConfigError('SWITCHYARD_BUNDLE_SIGNING_KEY must be an Ed25519 key');
  return value;
}

const DEFAULT_EMAIL_SENDER = 'Switchyard <noreply@switchyard.invalid>';

// Errors never echo EMAIL_PASSWORD.
function parseEmail(env: Env): EmailConfig | null {
  const host = nonEmpty(env.EMAIL_HOST);
  if (host === undefined) return null;
  const user = nonEmpty(env.EMAIL_USER);
  const password = env.EMAIL_PASSWORD || undefined;
  if ((user === undefined) !== (password === undefined)) {
    throw new ConfigError('EMAIL_USER and EMAIL_PASSWORD go together: set both or neither');
  }
  const sender = nonEmpty(env.EMAIL_SENDER) ?? DEFAULT_EMAIL_SENDER;
  if (!/@/.test(sender) || /[\r\n]/.test(sender)) {
    throw new ConfigError(
      `EMAIL_SENDER must be an e-mail address such as "Flags <flags@example.com>", got "${sender}"`,
    );
  }
  const port = nonEmpty(env.EMAIL_PORT) === undefined ? 587 : parsePort(env.EMAIL_PORT, 'EMAIL_PORT');
  return {
    host,
    port,
    secure: parseBoolean('EMAIL_SECURE', env.EMAIL_SECURE, false),
    auth: user !== undefined && password !== undefined ? { user, password } : null,
    sender,
  };
}

function parseTrustProxy(raw: string | undefined): boolean | number | string[] {
  const value = nonEmpty(raw);
  if (value === undefined || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const addresses = parseList(value);
  for (const address of addresses) {
    const [ip, bits, extra] = address.split('/');
    const ipOk =
      ip !== undefined && (isIP(ip) !== 0 || ['loopback', 'linklocal', 'uniquelocal'].includes(ip));
    const bitsOk =
      bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(ip ?? '') === 6 ? 128 : 32));
    if (!ipOk || !bitsOk || extra !== undefined) {
      throw new ConfigError(
        `TRUST_PROXY must be true, false, a hop count or a comma list of addresses/CIDR ranges, got "${address}"`,
      );
    }
  }
  return addresses;
}

// 72 s keep-alive outlasts the 60 s idle timeout of common load balancers, so they close first.
function parseHttpTimeouts(env: Env): HttpTimeouts {
  const requestSeconds = parsePositiveInt('REQUEST_TIMEOUT_SECONDS', env.REQUEST_TIMEOUT_SECONDS, 30);
  const headersSeconds = parsePositiveInt('HEADERS_TIMEOUT_SECONDS', env.HEADERS_TIMEOUT_SECONDS, 10);
  const keepAliveSeconds = parsePositiveInt('KEEP_ALIVE_TIMEOUT_SECONDS', env.KEEP_ALIVE_TIMEOUT_SECONDS, 72);
  // Node refuses a header bound longer than the request bound.
  if (headersSeconds > requestSeconds) {
    throw new ConfigError(
      `HEADERS_TIMEOUT_SECONDS (${headersSeconds}) must not exceed REQUEST_TIMEOUT_SECONDS (${requestSeconds})`,
    );
  }
  return {
    requestMs: requestSeconds * 1000,
    headersMs: headersSeconds * 1000,
    keepAliveMs: keepAliveSeconds * 1000,
  };
}

// A weak first password would be the weakest door of the instance: refuse it like any other.
function parseAdminPassword(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  const problems = passwordProblems(raw);
  if (problems.length > 0) {
    throw new ConfigError(`UNLEASH_DEFAULT_ADMIN_PASSWORD is too weak: ${problems.join(' ')}`);
  }
  return raw;
}

function parseIntegrations(env: Env): IntegrationsConfig {
  const int = (name: string, fallback: number) => parsePositiveInt(name, env[name], fallback);
  return {
    pollIntervalMs: int('INTEGRATIONS_POLL_INTERVAL_MS', 2000),
    attemptTimeoutMs: int('INTEGRATIONS_ATTEMPT_TIMEOUT_MS', 10_000),
    retryBaseMs: int('INTEGRATIONS_RETRY_BASE_MS', 1000),
    retryCapMs: int('INTEGRATIONS_RETRY_CAP_MS', 300_000),
    maxAttempts: int('INTEGRATIONS_MAX_ATTEMPTS', 10),
    circuitThreshold: int('INTEGRATIONS_CIRCUIT_THRESHOLD', 5),
    circuitPauseMs: int('INTEGRATIONS_CIRCUIT_PAUSE_MS', 300_000),
    providerBaseUrls: parseProviderBaseUrls(env.INTEGRATIONS_PROVIDER_BASE_URLS),
    refusedTargets: nonEmpty(env.INTEGRATIONS_REFUSED_TARGETS),
    allowedTargets: nonEmpty(env.INTEGRATIONS_ALLOWED_TARGETS),
  };
}

function parseProviderBaseUrls(raw: string | undefined): Record<string, string> {
  const value = nonEmpty(raw);
  if (value === undefined) return {};
  const fail = () =>
    new ConfigError(
      'INTEGRATIONS_PROVIDER_BASE_URLS must be a JSON object of provider names to http(s) URLs',
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw fail();
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw fail();
  const urls: Record<string, string> = {};
  for (const [provider, url] of Object.entries(parsed)) {
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw fail();
    urls[provider] = url;
  }
  return urls;
}

function parsePositiveInt(name: string, raw: string | undefined, fallback: number): number {
  const value = nonEmpty(raw);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new ConfigError(`${name} must be a positive integer, got "${value}"`);
  }
  return Number(value);
}

function parsePublicUrl(raw: string | undefined): string | null {
  const value = nonEmpty(raw);
  if (value === undefined) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`UNLEASH_URL must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`UNLEASH_URL must be an absolute http(s) URL, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

function parseList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * Seeded API tokens: `<project>:<environment>.<secret>` (shared/unleash/API.md §4.2); the scope
 * comes from that prefix. Errors never echo a token.
 */
function parseTokens(name: string, raw: string | undefined, kind: 'admin' | 'client' | 'frontend'): string[] {
  const tokens = parseList(raw);
  tokens.forEach((token, index) => {
    const match = /^([^:]+):([^.]+)\.(.+)$/s.exec(token);
    const which = `${name}: token ${index + 1}`;
    if (!match) throw new ConfigError(`${which} does not have the form <project>:<environment>.<secret>`);
    const [, project, environment] = match;
    if (project === '[]')
      throw new ConfigError(`${which} names several projects ([]); seed one project or *`);
    if (kind === 'admin' && (project !== '*' || environment !== '*')) {
      throw new ConfigError(`${which} is an admin token and must start with *:*.`);
    }
    if (kind !== 'admin' && environment === '*') {
      throw new ConfigError(`${which} is a ${kind} token and needs one environment, not *`);
    }
  });
  return tokens;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parsePort(raw: string | undefined, name = 'PORT'): number {
  const value = nonEmpty(raw);
  if (value === undefined) return 4242;
  const port = Number(value);
  // 0 is allowed: the OS picks a free port (used by tests and by the desktop host).
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new ConfigError(`${name} must be an integer between 0 and 65535, got "${value}"`);
  }
  return port;
}

function parseBoolean(name: string, raw: string | undefined, fallback: boolean): boolean {
  const value = nonEmpty(raw)?.toLowerCase();
  if (value === undefined) return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new ConfigError(`${name} must be true or false, got "${raw?.trim()}"`);
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::']);

// SDK_HOST defaults to HOST, so setting SDK_PORT alone never exposes more than HOST already does.
function parseSdkListener(env: Env): { host: string; port: number } | null {
  const rawPort = nonEmpty(env.SDK_PORT);
  const sdkHost = nonEmpty(env.SDK_HOST);
  if (rawPort === undefined) {
    if (sdkHost !== undefined) throw new ConfigError('SDK_HOST is set but SDK_PORT is not: set both');
    return null;
  }
  const port = parsePort(rawPort, 'SDK_PORT');
  const adminHost = nonEmpty(env.HOST) ?? '127.0.0.1';
  const host = sdkHost ?? adminHost;
  const overlaps = host === adminHost || WILDCARD_HOSTS.has(host) || WILDCARD_HOSTS.has(adminHost);
  if (port !== 0 && port === parsePort(env.PORT) && overlaps) {
    throw new ConfigError(
      `SDK_PORT must differ from PORT (${port}): the SDK listener needs a port of its own`,
    );
  }
  return { host, port };
}

function parseNonNegativeInt(name: string, raw: string | undefined, fallback: number): number {
  const value = nonEmpty(raw);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new ConfigError(`${name} must be a non-negative integer, got "${value}"`);
  return Number(value);
}

function parseDatabaseUrl(raw: string | undefined): string | null {
  const value = nonEmpty(raw);
  if (value === undefined) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(
      'DATABASE_URL is not a valid URL (expected postgres://user:password@host:port/database)',
    );
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`DATABASE_URL must use the postgres:// scheme, got "${url.protocol}//"`);
  }
  if (!url.hostname) throw new ConfigError('DATABASE_URL has no host');
  return value;
}

function parseLogLevel(raw: string | undefined): LogLevel {
  const value = nonEmpty(raw)?.toLowerCase() ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(value)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  }
  return value as LogLevel;
}

function parseBaseUriPath(raw: string | undefined): string {
  const value = nonEmpty(raw);
  if (value === undefined || value === '/') return '';
  const withSlash = value.startsWith('/') ? value : `/${value}`;
  const trimmed = withSlash.replace(/\/+$/, '');
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(trimmed)) {
    throw new ConfigError(`BASE_URI_PATH must be a URL path such as /unleash, got "${value}"`);
  }
  return trimmed;
}

/** The connection string with its password masked, for logs. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<invalid url>';
  }
}
