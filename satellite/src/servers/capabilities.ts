import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';

/**
 * What the satellite tells the servers it fronts it can do: server-to-client requests
 * (sampling, elicitation, roots) are relayed to the MCP client whose call is running (mcp/relay.ts).
 */
export const RELAYED_CAPABILITIES: { capabilities: ClientCapabilities } = {
  capabilities: { sampling: {}, elicitation: {}, roots: { listChanged: false } },
};
