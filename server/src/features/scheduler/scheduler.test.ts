import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/errors';
import { failureReason, MAX_FAILURE_REASON_LENGTH } from './scheduler';

describe('failureReason', () => {
  it('keeps a client-facing message as it is', () => {
    expect(failureReason(new ApiError('ConflictError', 'The strategy was deleted'))).toBe(
      'The strategy was deleted',
    );
  });

  it('drops NUL bytes, which a text column refuses', () => {
    expect(failureReason(new Error('bad\u0000name'))).toBe('badname');
  });

  it('cuts a long message to the stored maximum', () => {
    const reason = failureReason(new Error('x'.repeat(5000)));
    expect(reason).toHaveLength(MAX_FAILURE_REASON_LENGTH);
    expect(reason.endsWith('…')).toBe(true);
  });

  it('names something for errors without a message and for thrown non-errors', () => {
    expect(failureReason(new TypeError(''))).toBe('TypeError');
    expect(failureReason('plain string')).toBe('plain string');
    expect(failureReason(new Error('\u0000'))).toBe('unknown error');
  });
});
