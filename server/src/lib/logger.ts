import pino from 'pino';
import type { LogLevel } from '../config';

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
