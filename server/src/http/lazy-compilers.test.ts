import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { compileBodyValidator, keepNullsUncoerced } from './lazy-compilers';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

describe('body validation (issue 12: null stays null, other types coerced as Unleash does)', () => {
  const schema = Type.Object({
    name: Type.String(),
    project: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    description: Type.Optional(Nullable(Type.String())),
    mode: Type.Optional(
      Type.Union([Type.Union([Type.Literal('open'), Type.Literal('private')]), Type.Null()]),
    ),
    kind: Type.Optional(Type.Union([Type.Literal('a'), Type.Null()])),
    limit: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    enabled: Type.Optional(Type.Boolean()),
  });
  const validate = compileBodyValidator(schema);

  it('keeps null as null in every nullable field', () => {
    const body = { name: 'n', project: null, description: null, mode: null, kind: null, limit: null };
    expect(validate(body)).toBe(true);
    expect(body).toEqual({
      name: 'n',
      project: null,
      description: null,
      mode: null,
      kind: null,
      limit: null,
    });
  });

  it('still coerces what Unleash coerces and refuses what it cannot', () => {
    const body: Record<string, unknown> = {
      name: 7,
      description: 'd',
      limit: '5',
      enabled: 'true',
      kind: 'a',
    };
    expect(validate(body)).toBe(true);
    expect(body).toEqual({ name: '7', description: 'd', limit: 5, enabled: true, kind: 'a' });
    expect(validate({ name: 'n', mode: 'closed' })).toBe(false);
    expect(validate({ name: 'n', limit: 'many' })).toBe(false);
    expect(validate({ name: {} })).toBe(false);
  });

  it('rewrites the union as Unleash writes it (`nullable`), without touching the route schema', () => {
    const rewritten = keepNullsUncoerced(schema) as { properties: Record<string, unknown> };
    expect(rewritten.properties.project).toEqual({ type: 'string', nullable: true });
    expect(rewritten.properties.kind).toEqual({ type: 'string', enum: ['a', null], nullable: true });
    expect(JSON.stringify(schema)).not.toContain('nullable');
  });
});
