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
        INIT_ADMIN_API_TOKENS: '*:*.a1, *:*.a2',
        INIT_CLIENT_API_TOKENS: 'default:development.c1',
        INIT_BACKEND_API_TOKENS: '*:production.c2',
        INIT_FRONTEND_API_TOKENS: 'default:development.f1',
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
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be an integer between 0 and 65535, got "abc"'],
    [{ PORT: '70000' }, 'PORT must be an integer between 0 and 65535, got "70000"'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL is not a valid URL'],
    [{ DATABASE_URL: 'mysql://x@y/z' }, 'DATABASE_URL must use the postgres:// scheme, got "mysql://"'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ BASE_URI_PATH: '/a b' }, 'BASE_URI_PATH must be a URL path'],
    [{ SHUTDOWN_GRACE_SECONDS: '-1' }, 'SHUTDOWN_GRACE_SECONDS must be a non-negative integer'],
  ])('rejects %o with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrowError(ConfigError);
    expect(() => loadConfig(env)).toThrowError(message);
  });

  it('accepts PORT=0 so the OS can pick a port', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
  });

  it('masks the password of a database URL for logs', () => {
    expect(redactDatabaseUrl('postgres://user:secret@h:5432/db')).toBe('postgres://user:***@h:5432/db');
  });
});
