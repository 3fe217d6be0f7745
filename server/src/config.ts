import path from 'node:path';

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
      admin: parseList(env.INIT_ADMIN_API_TOKENS),
      client: [...parseList(env.INIT_CLIENT_API_TOKENS), ...parseList(env.INIT_BACKEND_API_TOKENS)],
      frontend: parseList(env.INIT_FRONTEND_API_TOKENS),
    },
  };
}

function parseList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parsePort(raw: string | undefined): number {
  const value = nonEmpty(raw);
  if (value === undefined) return 4242;
  const port = Number(value);
  // 0 is allowed: the OS picks a free port (used by tests and by the desktop host).
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new ConfigError(`PORT must be an integer between 0 and 65535, got "${value}"`);
  }
  return port;
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
