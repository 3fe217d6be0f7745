export { mcpRoutes } from './mcp-routes';
export { createSwitchyardMcpServer } from './mcp-server';
