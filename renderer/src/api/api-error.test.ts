import { describe, expect, it } from 'vitest';
import { ApiError, describeError, fieldErrorsFrom, fieldOf, NetworkError, parseErrorBody } from './api-error';

describe('parseErrorBody', () => {
  it("reads Unleash's body: name, message, id and details with paths", () => {
    const error = parseErrorBody(400, {
      id: '0b5bd8a4-1111-4000-8000-000000000000',
      name: 'BadDataError',
      message: 'Request validation failed: your request body or params contain invalid data.',
      details: [
        { path: '/body/name', message: 'The /body/name property must NOT have fewer than 2 characters' },
        {
          path: '/body',
          message: 'The /body object does not allow additional properties, but "extra" was present',
        },
      ],
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.errorName).toBe('BadDataError');
    expect(error.id).toBe('0b5bd8a4-1111-4000-8000-000000000000');
    expect(error.message).toMatch(/^Request validation failed/);
    expect(error.fieldErrors()).toEqual({
      name: 'The /body/name property must NOT have fewer than 2 characters',
    });
    expect(error.generalDetails()).toEqual([
      {
        path: '/body',
        message: 'The /body object does not allow additional properties, but "extra" was present',
      },
    ]);
  });

  it('accepts bodies without id (service errors) and details without path', () => {
    const error = parseErrorBody(409, {
      name: 'NameExistsError',
      message: 'A flag with that name already exists',
      details: [{ message: 'A flag with that name already exists' }],
    });
    expect(error.errorName).toBe('NameExistsError');
    expect(error.id).toBeUndefined();
    expect(error.fieldErrors()).toEqual({});
    // A detail repeating the message adds nothing above the form.
    expect(error.generalDetails()).toEqual([]);
  });

  it('keeps extra detail fields out and skips details without a message', () => {
    const error = parseErrorBody(400, {
      name: 'OwaspValidationError',
      message: 'The password must be at least 10 characters long.',
      details: [
        { description: 'The password must be at least 10 characters long.', validationErrors: ['x'] },
        { nothing: 1 },
        'junk',
      ],
    });
    expect(error.details).toEqual([{ message: 'The password must be at least 10 characters long.' }]);
  });

  it('names errors from the status when the body is not JSON', () => {
    const html = parseErrorBody(502, '<html><body>Bad gateway</body></html>');
    expect(html.errorName).toBe('InternalError');
    expect(html.message).toBe('The server answered 502');
    const text = parseErrorBody(429, 'Too many requests, please try again later.');
    expect(text.errorName).toBe('RateLimitError');
    expect(text.message).toBe('Too many requests, please try again later.');
    expect(parseErrorBody(401, undefined).errorName).toBe('AuthenticationRequired');
    expect(parseErrorBody(404, null).errorName).toBe('NotFoundError');
    // The maintenance-mode answer has only a message.
    expect(parseErrorBody(503, { message: 'Unleash is currently in maintenance mode.' }).message).toBe(
      'Unleash is currently in maintenance mode.',
    );
  });
});

describe('field paths', () => {
  it('maps JSON pointers into the body to form field names', () => {
    expect(fieldOf('/body/name')).toBe('name');
    expect(fieldOf('/body/constraints/0/values')).toBe('constraints.0.values');
    expect(fieldOf('/body/a~1b')).toBe('a/b');
    expect(fieldOf('/body')).toBeNull();
    expect(fieldOf('/params/id')).toBeNull();
    expect(fieldOf(undefined)).toBeNull();
  });

  it('joins several messages for one field', () => {
    expect(
      fieldErrorsFrom([
        { path: '/body/name', message: 'is too short.' },
        { path: '/body/name', message: 'must be URL friendly.' },
        { path: '/body/type', message: 'is unknown.' },
      ]),
    ).toEqual({ name: 'is too short. must be URL friendly.', type: 'is unknown.' });
  });

  it('describes any error in one sentence', () => {
    expect(describeError(new NetworkError('Cannot reach the server at http://x'))).toBe(
      'Cannot reach the server at http://x',
    );
    expect(describeError(new Error('boom'))).toBe('boom');
    expect(describeError('plain')).toBe('plain');
  });
});
