// `switchyard mcp` (issue 36 §4): the MCP tools of a server, on stdio for editors and agents.

/**
 * `mcp`: stdio to the server's Streamable HTTP endpoint, message for message, so the tools, their
 * permissions, events and change requests are the server's own. Runs until stdin closes.
 */
export async function mcpBridge({ base, token, readOnly, io }) {
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const { StreamableHTTPClientTransport } = await import(
    '@modelcontextprotocol/sdk/client/streamableHttp.js'
  );
  const url = new URL(`${base}/api/admin/mcp${readOnly ? '?readOnly=true' : ''}`);
  const upstream = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { authorization: token } },
  });
  const local = new StdioServerTransport();
  local.onmessage = (message) => {
    upstream.send(message).catch((error) => {
      if (message.id === undefined) return io.err(`Switchyard at ${base}: ${error.message}`);
      void local.send({
        jsonrpc: '2.0',
        id: message.id,
        error: { code: -32603, message: `Switchyard at ${base}: ${error.message}` },
      });
    });
  };
  upstream.onmessage = (message) => void local.send(message);
  upstream.onerror = (error) => io.err(`Switchyard at ${base}: ${error.message}`);
  // The editor closing stdin ends the session.
  const closed = new Promise((resolve) => {
    local.onclose = resolve;
    process.stdin.once('end', resolve);
  });
  await upstream.start();
  await local.start();
  await closed;
  await upstream.close();
  return 0;
}
