import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeSdk } from './node-sdk';
import { SDK_TEST_ADMIN_TOKEN, type SdkTestServer, startSdkTestServer, waitFor } from './sdk-server';

// Issue 36 §4: the MCP server, driven by the MCP SDK's own client over both transports: Streamable
// HTTP at /api/admin/mcp and stdio through `switchyard mcp`. A flag created and rolled out through
// the tools is picked up by the real unleash-client; production under change requests gets a
// change request, never a bypass; hostile arguments are tool errors.
const CLI = join(__dirname, '../../bin/switchyard.mjs');
const PASSWORD = 'Mcp-Passw0rd-e2e!';

type ToolResult = { content: Array<{ type: string; text?: string }>; isError?: boolean };
const textOf = (result: unknown) => (result as ToolResult).content.map((part) => part.text ?? '').join('\n');

describe('MCP server', () => {
  let s: SdkTestServer;
  const clients: Client[] = [];

  async function httpClient(token: string, query = ''): Promise<Client> {
    const client = new Client({ name: 'switchyard-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${s.url}/api/admin/mcp${query}`), {
      requestInit: { headers: { authorization: token } },
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  /** An Editor's personal access token: no SKIP_CHANGE_REQUEST. */
  async function editorToken(): Promise<string> {
    await s.adminOk(
      'POST',
      '/api/admin/user-admin',
      { username: 'mcp-editor', rootRole: 'Editor', password: PASSWORD },
      201,
    );
    const login = await fetch(`${s.url}/auth/simple/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'mcp-editor', password: PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const pat = await fetch(`${s.url}/api/admin/user/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        description: 'mcp',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    });
    return ((await pat.json()) as { secret: string }).secret;
  }

  beforeAll(async () => {
    s = await startSdkTestServer();
  });

  afterAll(async () => {
    for (const client of clients) await client.close();
    await s?.stop();
  });

  it('over HTTP: lists its tools, creates and rolls out a flag that the Node SDK then serves', async () => {
    const client = await httpClient(SDK_TEST_ADMIN_TOKEN);
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(tools).toEqual(
      expect.arrayContaining([
        'list_flags',
        'get_flag',
        'create_flag',
        'set_flag_enabled',
        'set_rollout',
        'evaluate_flag',
        'wrap_change',
      ]),
    );
    const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });
    expect(
      textOf(
        await call('create_flag', { project: 'default', name: 'mcp-checkout', description: 'From an agent' }),
      ),
    ).toContain('Created mcp-checkout');
    expect(
      textOf(
        await call('set_flag_enabled', {
          project: 'default',
          flag: 'mcp-checkout',
          environment: 'development',
          enabled: true,
        }),
      ),
    ).toContain('now on');
    expect(
      textOf(
        await call('set_rollout', {
          project: 'default',
          flag: 'mcp-checkout',
          environment: 'development',
          percent: 100,
        }),
      ),
    ).toContain('100%');
    // The plain default strategy became the rollout: one strategy, a gradual rollout at 100%.
    const flag = JSON.parse(textOf(await call('get_flag', { project: 'default', flag: 'mcp-checkout' })));
    expect(
      flag.environments.find((environment: { name: string }) => environment.name === 'development')
        .strategies,
    ).toEqual([{ id: expect.any(String), name: 'flexibleRollout', rollout: 100, constraints: 0 }]);
    const evaluated = JSON.parse(
      textOf(
        await call('evaluate_flag', {
          flag: 'mcp-checkout',
          environment: 'development',
          context: { userId: 'u1' },
        }),
      ),
    );
    expect(evaluated).toMatchObject({ flag: 'mcp-checkout', enabled: true });

    const clientToken = await s.createToken({ type: 'client', environment: 'development' });
    const { unleash } = await startNodeSdk({ url: s.url, token: clientToken, appName: 'mcp-test' });
    try {
      expect(unleash.isEnabled('mcp-checkout', { userId: 'anyone' })).toBe(true);
    } finally {
      unleash.destroy();
    }
  });

  it('refuses hostile arguments as tool errors, and answers refusals with the API message', async () => {
    const client = await httpClient(SDK_TEST_ADMIN_TOKEN);
    const badPercent = (await client.callTool({
      name: 'set_rollout',
      arguments: { project: 'default', flag: 'mcp-checkout', environment: 'development', percent: 150 },
    })) as ToolResult;
    expect(badPercent.isError).toBe(true);
    const unknown = (await client.callTool({
      name: 'get_flag',
      arguments: { project: 'default', flag: 'x'.repeat(5000) },
    })) as ToolResult;
    expect(unknown.isError).toBe(true);
    const missing = (await client.callTool({
      name: 'get_flag',
      arguments: { project: 'default', flag: 'nope' },
    })) as ToolResult;
    expect(missing).toMatchObject({ isError: true });
    expect(textOf(missing)).toMatch(/^404: /);
  });

  it('proposes a change request for production under change requests, and offers reads only when asked', async () => {
    await s.adminOk(
      'PUT',
      '/api/admin/projects/default/environments/production/change-requests/config',
      { changeRequestsEnabled: true, requiredApprovals: 1 },
      200,
    );
    const client = await httpClient(await editorToken());
    const result = await client.callTool({
      name: 'set_flag_enabled',
      arguments: { project: 'default', flag: 'mcp-checkout', environment: 'production', enabled: true },
    });
    expect(textOf(result)).toMatch(/change request \d+ holds this change \(In review\)/);
    const view = await s.adminOk<{ environments: Array<{ name: string; enabled: boolean }> }>(
      'GET',
      '/api/admin/projects/default/features/mcp-checkout',
      undefined,
      200,
    );
    expect(view.environments.find((environment) => environment.name === 'production')?.enabled).toBe(false);

    const readOnly = await httpClient(SDK_TEST_ADMIN_TOKEN, '?readOnly=true');
    const names = (await readOnly.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('list_flags');
    expect(names).not.toContain('set_rollout');
  });

  it('over stdio through `switchyard mcp`: the same tools with the token from the environment', async () => {
    const client = new Client({ name: 'switchyard-stdio-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [CLI, 'mcp', '--read-only'],
        env: { PATH: process.env.PATH ?? '', SWITCHYARD_URL: s.url, SWITCHYARD_TOKEN: SDK_TEST_ADMIN_TOKEN },
        stderr: 'pipe',
      }),
    );
    clients.push(client);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('list_flags');
    expect(names).not.toContain('create_flag');
    const listed = await waitFor('the flag listed over stdio', async () => {
      const text = textOf(
        await client.callTool({ name: 'list_flags', arguments: { query: 'mcp-checkout' } }),
      );
      return text.includes('"name": "mcp-checkout"') ? text : undefined;
    });
    expect(listed).toContain('1 flag(s)');
  });
});
