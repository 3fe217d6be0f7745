import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../../config';
import type { App } from '../../http/app-type';
import { publicUrlOf } from '../../http/public-url';
import type { Caller } from '../../lib/caller';
import type { AdminCall } from './mcp-admin-call';
import { createSwitchyardMcpServer } from './mcp-server';

const MCP_PATH = '/api/admin/mcp';
/** Permissions that make the write tools worth offering; without any, the server is read-only. */
const WRITES = ['CREATE_FEATURE', 'UPDATE_FEATURE', 'UPDATE_FEATURE_ENVIRONMENT', 'UPDATE_FEATURE_STRATEGY'];

/** Whether the caller can write anywhere (an admin token, an admin, or a write grant in some project). */
export function callerMayWrite(caller: Caller): boolean {
  if (caller.kind === 'api-token') return caller.scope.type === 'admin';
  if (caller.kind !== 'user') return false;
  const { grants } = caller;
  if (grants.admin) return true;
  return [...grants.projects.values()].some(
    (project) =>
      WRITES.some((permission) => project.permissions.has(permission)) ||
      [...project.environments.values()].some((held) => WRITES.some((permission) => held.has(permission))),
  );
}

/**
 * The admin API as the MCP request's own caller: each tool call goes through the routes (auth,
 * permissions, validation, events, change requests) with the credentials the request came with.
 */
function adminCallOf(app: App, request: FastifyRequest): AdminCall {
  const headers: Record<string, string> = {};
  if (request.headers.authorization) headers.authorization = request.headers.authorization;
  if (request.headers.cookie) headers.cookie = request.headers.cookie;
  return async (method, path, body) => {
    const response = await app.inject({
      method,
      url: path,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    let parsed: unknown;
    try {
      parsed = response.body ? JSON.parse(response.body) : undefined;
    } catch {
      parsed = response.body;
    }
    return { status: response.statusCode, body: parsed };
  };
}

/**
 * MCP over Streamable HTTP at /api/admin/mcp (issue 36 §4), stateless: each POST carries one
 * JSON-RPC message and gets its answer as JSON; a personal access token, an admin token or a
 * console session authenticates it. `?readOnly=true`, or a caller without write permissions,
 * offers the read tools only. `switchyard mcp` bridges stdio to this endpoint.
 */
export async function mcpRoutes(
  app: App,
  { config, version }: { config: Config; version: string },
): Promise<void> {
  const root = app;
  // Stateless: no server-initiated stream (GET) and no session to end (DELETE); clients take 405 so.
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: MCP_PATH,
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: `mcp${method === 'GET' ? 'Stream' : 'EndSession'}`,
        tags: ['MCP'],
        hide: true,
        response: { 405: Type.Object({ message: Type.String() }) },
      },
      handler: async (_request, reply) =>
        reply
          .status(405)
          .header('allow', 'POST')
          .send({ message: 'This MCP endpoint is stateless: POST only.' }),
    });
  }
  app.post(
    MCP_PATH,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'mcp',
        tags: ['MCP'],
        querystring: Type.Object({ readOnly: Type.Optional(Type.Boolean()) }),
        body: Type.Unknown(),
        // The MCP SDK writes the JSON-RPC answer itself (the reply is hijacked).
        response: { 200: Type.Unknown({ description: 'A JSON-RPC response or batch' }) },
      },
    },
    async (request, reply) => {
      const server = createSwitchyardMcpServer({
        call: adminCallOf(root, request),
        consoleUrl: publicUrlOf(request, config),
        readOnly: request.query.readOnly === true || !callerMayWrite(request.caller),
        version,
      });
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      reply.hijack();
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    },
  );
}
