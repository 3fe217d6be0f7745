import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  AJV_OPTIONS,
  compileBodyValidator,
  keepNullsUncoerced,
  lazyCompilersFactory,
} from './lazy-compilers';

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

describe('coercion per part of the request (issue 31 §4)', () => {
  const ListSchema = Type.Object({
    projects: Type.Optional(Type.Array(Type.String())),
    n: Type.Optional(Type.Integer()),
  });

  async function echoApp() {
    const app = Fastify({
      schemaController: { compilersFactory: lazyCompilersFactory() },
      ajv: { customOptions: { ...AJV_OPTIONS.customOptions } },
    });
    app.post('/echo/:id', {
      schema: { body: ListSchema, querystring: ListSchema, params: Type.Object({ id: Type.Integer() }) },
      handler: async (request) => ({ body: request.body, query: request.query, params: request.params }),
    });
    await app.ready();
    return app;
  }

  it('never reads a scalar in a body as a one-item list, as Unleash 8.2 refuses it', async () => {
    const app = await echoApp();
    for (const projects of [5, 'default', true]) {
      const response = await app.inject({ method: 'POST', url: '/echo/1', payload: { projects } });
      expect([projects, response.statusCode]).toEqual([projects, 400]);
    }
    expect(compileBodyValidator(ListSchema)({ projects: 'default' })).toBe(false);
    await app.close();
  });

  it('still coerces body scalars, and query strings and path parameters to lists and numbers', async () => {
    const app = await echoApp();
    const response = await app.inject({
      method: 'POST',
      url: '/echo/7?projects=default&n=3',
      payload: { projects: ['a'], n: '4' },
    });
    expect(response.json()).toEqual({
      body: { projects: ['a'], n: 4 },
      query: { projects: ['default'], n: 3 },
      params: { id: 7 },
    });
    await app.close();
  });
});
