import { describe, expect, it } from 'vitest';
import { toApiError, toErrorBody } from './error-handler';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('database unavailable errors', () => {
  it.each([
    ['pg query timeout', new Error('Query read timeout')],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['connection lost', new Error('Connection terminated unexpectedly')],
    ['server stopped', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['several addresses refused', new AggregateError([withCode('refused', 'ECONNREFUSED')], '')],
    ['admin shutdown', withCode('terminating connection due to administrator command', '57P01')],
    ['starting up', withCode('the database system is starting up', '57P03')],
    ['statement timeout', withCode('canceling statement due to statement timeout', '57014')],
    ['connection failure class', withCode('connection failure', '08006')],
    ['our own check timeout', withCode('the revision check took over 2000 ms', 'ETIMEDOUT')],
  ])('%s answers 503 ServiceUnavailableError, not 500', (_label, error) => {
    const apiError = toApiError(error);
    expect(apiError.statusCode).toBe(503);
    const body = toErrorBody(apiError);
    expect(body.name).toBe('ServiceUnavailableError');
    expect(body.message).toContain('database is unavailable');
    expect(body.details).toEqual([{ message: body.message }]);
  });

  it.each([
    ['a bug', new TypeError('x is not a function')],
    ['a unique violation left unmapped', withCode('duplicate key', '23505')],
    ['a syntax error', withCode('syntax error at or near', '42601')],
  ])('%s stays a 500 InternalError', (_label, error) => {
    expect(toApiError(error).statusCode).toBe(500);
    expect(toApiError(error).errorName).toBe('InternalError');
  });
});
