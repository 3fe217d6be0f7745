import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { type AdminCall, expectOk } from './mcp-admin-call';
import { setFlagEnabled, setRollout, type ToolAnswer } from './mcp-flag-actions';
import { GUIDANCE_LANGUAGES, wrapChange } from './mcp-guidance';
import { removalReadiness } from './mcp-hygiene-actions';
import { evaluateFlag, getFlag, listChangeRequests, listFlags, moveChangeRequest } from './mcp-read-actions';

/** Bounds on tool arguments: an agent's input is as hostile as any other. */
const name = z.string().min(1).max(200);
const project = name.describe('Project id, e.g. "default"');
const flag = name.describe('Flag name');
const environment = name.describe('Environment name, e.g. "development" or "production"');
const context = z
  .record(z.string().max(100), z.string().max(1000))
  .refine((value) => Object.keys(value).length <= 30, 'at most 30 context fields')
  .describe('Unleash context fields: userId, sessionId, remoteAddress, properties by name');

export interface McpOptions {
  call: AdminCall;
  /** Where change-request links point (the console's base URL). */
  consoleUrl: string;
  /** Only the read tools. */
  readOnly: boolean;
  version: string;
}

type Run = () => Promise<ToolAnswer> | ToolAnswer;

/** A tool's answer as MCP content; refusals and bad input become tool errors the agent can read. */
async function answer(run: Run) {
  try {
    const result = await run();
    // The same answer as data, for scripts (the CLI's --json and tables read it).
    return {
      content: [{ type: 'text' as const, text: result.text }],
      structuredContent: { result: result.data },
    };
  } catch (error) {
    return { content: [{ type: 'text' as const, text: (error as Error).message }], isError: true };
  }
}

function registerReadTools(server: McpServer, { call }: McpOptions): void {
  const read = { readOnlyHint: true, openWorldHint: false };
  server.registerTool(
    'list_flags',
    {
      description:
        'List feature flags (name, project, type, stale, enabled environments), optionally by project or text.',
      inputSchema: {
        project: project.optional(),
        query: name.optional().describe('Text in the name or description'),
      },
      annotations: read,
    },
    (input) => answer(() => listFlags(call, input)),
  );
  server.registerTool(
    'get_flag',
    {
      description:
        "One flag's state per environment: on/off, strategies with rollout %, last hour's evaluations.",
      inputSchema: { project, flag },
      annotations: read,
    },
    (input) => answer(() => getFlag(call, input)),
  );
  server.registerTool(
    'evaluate_flag',
    {
      description: 'What an SDK in the environment answers for this context: enabled, variant and payload.',
      inputSchema: { flag, environment, context: context.default({}) },
      annotations: read,
    },
    (input) => answer(() => evaluateFlag(call, input)),
  );
  server.registerTool(
    'list_stale_flags',
    {
      description: 'Flags marked stale or potentially stale: candidates for removal from code.',
      inputSchema: { project: project.optional() },
      annotations: read,
    },
    (input) => answer(() => listFlags(call, { ...input, staleOnly: true })),
  );
  server.registerTool(
    'removal_readiness',
    {
      description:
        'Whether a flag can be archived: SDK evaluations and last seen, code references found by scans (files), staleness.',
      inputSchema: { project, flag },
      annotations: read,
    },
    (input) => answer(() => removalReadiness(call, input)),
  );
  server.registerTool(
    'list_change_requests',
    {
      description: "A project's change requests with their state and environment.",
      inputSchema: { project },
      annotations: read,
    },
    (input) => answer(() => listChangeRequests(call, input)),
  );
  server.registerTool(
    'wrap_change',
    {
      description: 'The code that puts a change behind a flag, for a language, and how to clean it up later.',
      inputSchema: { flag, language: z.enum(GUIDANCE_LANGUAGES) },
      annotations: read,
    },
    (input) => answer(() => wrapChange(input)),
  );
}

function registerWriteTools(server: McpServer, { call, consoleUrl }: McpOptions): void {
  const write = { readOnlyHint: false, destructiveHint: false, openWorldHint: false };
  server.registerTool(
    'create_flag',
    {
      description: 'Create a flag in a project (off in every environment).',
      inputSchema: {
        project,
        name: flag,
        description: z.string().max(2000).optional(),
        type: z.enum(['release', 'experiment', 'operational', 'kill-switch', 'permission']).optional(),
      },
      annotations: write,
    },
    ({ project: id, ...body }) =>
      answer(async () => {
        await expectOk(call, 'POST', `/api/admin/projects/${encodeURIComponent(id)}/features`, body);
        return { text: `Created ${body.name} in ${id}; it is off everywhere.`, data: { name: body.name } };
      }),
  );
  server.registerTool(
    'set_flag_enabled',
    {
      description:
        'Turn a flag on or off in an environment; under change requests, proposes a change request instead.',
      inputSchema: { project, flag, environment, enabled: z.boolean() },
      annotations: write,
    },
    (input) => answer(() => setFlagEnabled(call, { ...input, consoleUrl })),
  );
  server.registerTool(
    'set_rollout',
    {
      description:
        'Serve the flag to a percentage of users in an environment: updates its gradual rollout (or turns the plain default strategy into one). Under change requests, proposes one.',
      inputSchema: {
        project,
        flag,
        environment,
        percent: z.number().int().min(0).max(100),
        stickiness: name
          .optional()
          .describe('Context field the split sticks to (default: userId, then sessionId)'),
        strategyId: name.optional().describe('Which strategy, when the environment has several rollouts'),
      },
      annotations: write,
    },
    (input) => answer(() => setRollout(call, { ...input, consoleUrl })),
  );
  for (const [tool, state, description] of [
    ['approve_change_request', 'Approved', 'Approve a change request in review (not your own).'],
    ['apply_change_request', 'Applied', 'Apply an approved change request.'],
  ] as const) {
    server.registerTool(
      tool,
      { description, inputSchema: { project, id: z.number().int().positive() }, annotations: write },
      (input) => answer(() => moveChangeRequest(call, { ...input, state })),
    );
  }
}

/** Switchyard's MCP tools over the admin API as one caller (permissions, events, change requests). */
export function createSwitchyardMcpServer(options: McpOptions): McpServer {
  const server = new McpServer(
    { name: 'switchyard', version: options.version },
    {
      instructions:
        "Feature flags on a Switchyard server (Unleash-compatible). Writes follow the caller's permissions and change requests.",
    },
  );
  registerReadTools(server, options);
  if (!options.readOnly) registerWriteTools(server, options);
  return server;
}
