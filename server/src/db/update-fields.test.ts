import { describe, expect, it } from 'vitest';
import { definedFields, hasFields } from './update-fields';

describe('partial updates (issue 31 §6)', () => {
  it('keeps the fields that carry a value, null included', () => {
    expect(definedFields({ name: undefined, enabled: false, description: null })).toEqual({
      enabled: false,
      description: null,
    });
    expect(hasFields({ name: undefined, description: null })).toBe(true);
  });

  it('finds no field in an empty change or one of undefined values only', () => {
    expect(definedFields({ name: undefined })).toEqual({});
    expect(hasFields({})).toBe(false);
    expect(hasFields({ name: undefined, enabled: undefined })).toBe(false);
  });
});
