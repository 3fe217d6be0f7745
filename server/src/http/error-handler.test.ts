import { describe, expect, it } from 'vitest';
import { toApiError, toErrorBody } from './error-handler';
import { parseTrustedJson } from './sdk-fast-path';

/** What node-postgres throws: the database's message (which may quote SQL) and its SQLSTATE. */
function pgError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: 'ERROR' });
}

describe('PostgreSQL data errors become 400 BadDataError (issue 12 safety net)', () => {
  it('maps data exceptions and program limits without passing the database message on', () => {
    const cases = [
      ['22021', 'invalid byte sequence for encoding "UTF8": 0x00'],
      ['22P05', 'unsupported Unicode escape sequence'],
      ['22003', 'value "2147483648" is out of range for type integer'],
      ['22001', 'value too long for type character varying(255)'],
      ['22007', 'invalid input syntax for type timestamp with time zone'],
      ['22008', 'date/time field value out of range'],
      ['22P02', 'invalid input syntax for type json'],
      ['54000', 'index row requires 12345 bytes, maximum size is 8191'],
    ];
    for (const [code, message] of cases) {
      const error = toApiError(pgError(code as string, `${message} in select * from features`));
      expect(error.statusCode, code).toBe(400);
      const body = toErrorBody(error);
      expect(body.name).toBe('BadDataError');
      expect(JSON.stringify(body)).not.toMatch(/select|features|UTF8|index row|integer/);
    }
  });

  it('leaves other database errors to the 500 that reveals nothing', () => {
    const error = toApiError(pgError('42601', 'syntax error at or near ")"'));
    expect(error.statusCode).toBe(500);
    expect(toErrorBody(error).message).toBe('Unexpected error');
  });
});

describe('the SDK fast path leaves bodies with NUL or surrogate escapes to Fastify', () => {
  it('does not parse them, so the route refuses them as it refuses any other request', () => {
    expect(parseTrustedJson(Buffer.from('{"appName":"a\\u0000"}'))).toBeUndefined();
    expect(parseTrustedJson(Buffer.from('{"appName":"a\\ud800"}'))).toBeUndefined();
    expect(parseTrustedJson(Buffer.from('{"appName":"a\\uDFFF"}'))).toBeUndefined();
    expect(parseTrustedJson(Buffer.from('{"appName":"a\\u00e9"}'))).toEqual({ appName: 'aé' });
  });
});
