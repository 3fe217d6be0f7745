import { createPrivateKey, type KeyObject } from 'node:crypto';
import { isIP } from 'node:net';
import type { LogLevel } from './lib/logger';
import { passwordProblems } from './lib/password-policy';
import { parseSecretsKey } from './lib/secret-box';

// The readers behind loadConfig (config.ts): one per setting or section, each refusing a bad
// value with a ConfigError that names the variable.

/** Thrown for any invalid setting: the entry prints its message as one line and exits non-zero. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type { LogLevel };

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

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

export function readSecretsKey(raw: string | undefined): Buffer | null {
  try {
    return parseSecretsKey(raw);
  } catch (error) {
    throw new ConfigError(`SECRETS_ENCRYPTION_KEY ${(error as Error).message}`);
  }
}

// A mistyped key stops the start rather than signing bundles nobody trusts.
export function readBundleSigningKey(raw: string | undefined): string | null {
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
export function parseEmail(env: Env): EmailConfig | null {
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

export function parseTrustProxy(raw: string | undefined): boolean | number | string[] {
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
export function parseHttpTimeouts(env: Env): HttpTimeouts {
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
export function parseAdminPassword(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  const problems = passwordProblems(raw);
  if (problems.length > 0) {
    throw new ConfigError(`UNLEASH_DEFAULT_ADMIN_PASSWORD is too weak: ${problems.join(' ')}`);
  }
  return raw;
}

export function parseIntegrations(env: Env): IntegrationsConfig {
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

export function parsePositiveInt(name: string, raw: string | undefined, fallback: number): number {
  const value = nonEmpty(raw);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new ConfigError(`${name} must be a positive integer, got "${value}"`);
  }
  return Number(value);
}

/** The most WORKERS accepted: each process holds a database pool, so a typo must not fork thousands. */
export const MAX_WORKERS = 64;

/**
 * WORKERS: how many processes serve the HTTP APIs on one port (node:cluster). Unset: one per
 * core the machine offers (`os.availableParallelism()`), capped at MAX_WORKERS; the desktop app
 * and the test helpers set 1.
 */
export function parseWorkers(raw: string | undefined, cores: number): number {
  const workers = parsePositiveInt('WORKERS', raw, Math.min(Math.max(cores, 1), MAX_WORKERS));
  if (workers > MAX_WORKERS) throw new ConfigError(`WORKERS must be at most ${MAX_WORKERS}, got "${raw}"`);
  return workers;
}

export function parsePublicUrl(raw: string | undefined): string | null {
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
export function parseTokens(
  name: string,
  raw: string | undefined,
  kind: 'admin' | 'client' | 'frontend',
): string[] {
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

export function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export function parsePort(raw: string | undefined, name = 'PORT'): number {
  const value = nonEmpty(raw);
  if (value === undefined) return 4242;
  const port = Number(value);
  // 0 is allowed: the OS picks a free port (used by tests and by the desktop host).
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new ConfigError(`${name} must be an integer between 0 and 65535, got "${value}"`);
  }
  return port;
}

export function parseBoolean(name: string, raw: string | undefined, fallback: boolean): boolean {
  const value = nonEmpty(raw)?.toLowerCase();
  if (value === undefined) return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new ConfigError(`${name} must be true or false, got "${raw?.trim()}"`);
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::']);

// SDK_HOST defaults to HOST, so setting SDK_PORT alone never exposes more than HOST already does.
export function parseSdkListener(env: Env): { host: string; port: number } | null {
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

export function parseNonNegativeInt(name: string, raw: string | undefined, fallback: number): number {
  const value = nonEmpty(raw);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new ConfigError(`${name} must be a non-negative integer, got "${value}"`);
  return Number(value);
}

export function parseDatabaseUrl(raw: string | undefined): string | null {
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

export function parseLogLevel(raw: string | undefined): LogLevel {
  const value = nonEmpty(raw)?.toLowerCase() ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(value)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  }
  return value as LogLevel;
}

export function parseBaseUriPath(raw: string | undefined): string {
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
