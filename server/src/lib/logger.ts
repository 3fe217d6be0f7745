import pino from 'pino';

/** pino's levels, plus `silent`; LOG_LEVEL is read in config-readers.ts. */
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export type Logger = pino.Logger;

/** One structured logger per process; Fastify gets a child of it. Secrets are redacted by path. */
export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'switchyard' },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'password',
          '*.password',
          'secret',
          '*.secret',
          'token',
          '*.token',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
