import { describe, expect, it } from 'vitest';
import { redactLogLine } from './redact-log-line';

describe('redactLogLine', () => {
  it.each([
    [
      'connecting to postgres://switchyard:s3cr3t@localhost:5432/flags',
      'connecting to postgres://switchyard:[redacted]@localhost:5432/flags',
    ],
    [
      '{"req":{"headers":{"authorization":"*:development.4f1c2e8a9b7d6c5e4f3a2b1c"}}}',
      '{"req":{"headers":{"authorization":"[redacted]"}}}',
    ],
    ['Authorization: Bearer abc.def.ghi', 'Authorization: [redacted]'],
    ['token default:production.0123456789abcdef0123 created', 'token default:production.[redacted] created'],
    ['pat user:0123456789abcdef0123456789abcdef used', 'pat user:[redacted] used'],
    ['server listening on http://127.0.0.1:4242', 'server listening on http://127.0.0.1:4242'],
  ])('%s', (input, expected) => {
    expect(redactLogLine(input)).toBe(expected);
  });
});
