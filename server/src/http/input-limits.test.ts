import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  boundRequestSchema,
  IDENTIFIER_MAX_LENGTH,
  INT4_MAX,
  INT4_MIN,
  LIST_MAX_ITEMS,
  TEXT_MAX_LENGTH,
  VALUE_MAX_LENGTH,
} from './input-limits';

interface Bounded {
  maxLength?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  anyOf?: Bounded[];
  items?: Bounded;
  patternProperties?: Record<string, Bounded>;
}

describe('boundRequestSchema (issue 12: every request string, integer and list bounded)', () => {
  it('bounds strings by role, integers to int4 and lists, through nullable unions and items', () => {
    const schema = Type.Object({
      name: Type.String(),
      description: Type.Union([Type.String(), Type.Null()]),
      features: Type.Array(Type.String()),
      parameters: Type.Record(Type.String(), Type.String()),
      sortOrder: Type.Integer(),
      weight: Type.Integer({ minimum: 0, maximum: 1000 }),
      tag: Type.String({ maxLength: 50 }),
      createdAt: Type.String({ format: 'date-time' }),
      operator: Type.Union([Type.Literal('IN'), Type.Literal('NOT_IN')]),
    });
    boundRequestSchema(schema, undefined, { int4: true });
    const p = schema.properties as unknown as Record<string, Bounded>;
    expect(p.name?.maxLength).toBe(IDENTIFIER_MAX_LENGTH);
    expect(p.description!.anyOf![0]!.maxLength).toBe(TEXT_MAX_LENGTH);
    expect(p.features?.maxItems).toBe(LIST_MAX_ITEMS);
    expect(p.features!.items!.maxLength).toBe(IDENTIFIER_MAX_LENGTH);
    expect(Object.values(p.parameters!.patternProperties!)[0]!.maxLength).toBe(VALUE_MAX_LENGTH);
    expect([p.sortOrder?.minimum, p.sortOrder?.maximum]).toEqual([INT4_MIN, INT4_MAX]);
    // Declared bounds win; dates and enumerations need none.
    expect([p.weight?.minimum, p.weight?.maximum]).toEqual([0, 1000]);
    expect(p.tag?.maxLength).toBe(50);
    expect(p.createdAt?.maxLength).toBeUndefined();
    expect(JSON.stringify(p.operator)).not.toContain('maxLength');
  });
});
