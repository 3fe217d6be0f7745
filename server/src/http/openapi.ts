import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';

/**
 * OpenAPI 3 generated from the route schemas (every route must have one), served at
 * /docs/openapi.json as Unleash does, with a browsable UI at /docs.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Switchyard API',
        description: 'Feature-flag server, wire-compatible with Unleash',
        version,
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'Authorization' },
          bearerToken: { type: 'http', scheme: 'bearer' },
        },
      },
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // A CSP for the explorer's pages (issue 12 §6): the plugin's own list, with hashes of its
    // inline script and style; without upgrade-insecure-requests, which would break plain
    // http://host:4242/docs beyond loopback, and without the external validator badge.
    uiConfig: { validatorUrl: null },
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/, '')
        .replace(' validator.swagger.io', '')
        .trim(),
  });
  app.get(
    '/docs/openapi.json',
    {
      config: { permission: 'NONE' },
      schema: {
        operationId: 'getOpenApiSpec',
        tags: ['Operational'],
        hide: true,
        response: { 200: Type.Object({}, { additionalProperties: true }) },
      },
    },
    async () => app.swagger(),
  );
}
