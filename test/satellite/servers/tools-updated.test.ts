// `mcp.tools.updated` from remote upstreams against real MCP servers on a local port: when the
// server announces a changed tool list (`notifications/tools/list_changed`, over SSE), and when
// a redeploy lists the tools again.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer, type RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerEntry } from '../../../protocol/satellite.js';
import type { UpstreamPool } from '../../../satellite/src/parts.js';
import { createUpstreamPool } from '../../../satellite/src/servers/pool.js';
import { toolChanges } from '../../../satellite/src/servers/tools.js';
import { callJson, fixtureEntry, keyOf, quietLog, Recorder, tempDir } from './helpers.js';

/** The tools the server offers now; a change reaches every connected server instance. */
class Tools {
  names: string[] = ['search', 'fetch'];
  private readonly live = new Set<{ server: McpServer; tools: Map<string, RegisteredTool> }>();

  server(): McpServer {
    const server = new McpServer({ name: 'changing', version: '1.0.0' });
    const tools = new Map<string, RegisteredTool>();
    for (const name of this.names) tools.set(name, register(server, name));
    this.live.add({ server, tools });
    return server;
  }

  /** Changes the list; connected servers announce it (the SDK sends list_changed). */
  set(names: string[]): void {
    this.names = names;
    for (const { server, tools } of this.live) {
      for (const [name, registered] of tools) {
        if (names.includes(name)) continue;
        registered.remove();
        tools.delete(name);
      }
      for (const name of names) if (!tools.has(name)) tools.set(name, register(server, name));
    }
  }
}

function register(server: McpServer, name: string): RegisteredTool {
  return server.registerTool(name, { description: `The ${name} tool` }, async () => ({
    content: [{ type: 'text', text: name }],
  }));
}

async function startServer(tools: Tools): Promise<{ server: Server; base: string }> {
  const sse = new Map<string, SSEServerTransport>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    void (async () => {
      if (url.pathname === '/mcp') {
        const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
        await tools.server().connect(transport);
        await transport.handleRequest(req, res);
      } else if (url.pathname === '/sse') {
        const transport = new SSEServerTransport('/messages', res);
        sse.set(transport.sessionId, transport);
        await tools.server().connect(transport);
      } else if (url.pathname === '/messages') {
        const transport = sse.get(url.searchParams.get('sessionId') ?? '');
        if (transport) await transport.handlePostMessage(req, res);
        else res.writeHead(404).end();
      } else {
        res.writeHead(404).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, base: `http://127.0.0.1:${port}` };
}

let events: Recorder;
let tools: Tools;
let http: { server: Server; base: string };
let pool: UpstreamPool | undefined;
let dir: { dir: string; remove: () => Promise<void> };

beforeEach(async () => {
  events = new Recorder();
  tools = new Tools();
  http = await startServer(tools);
  dir = await tempDir();
});

afterEach(async () => {
  await pool?.close();
  pool = undefined;
  http.server.closeAllConnections();
  await new Promise((resolve) => http.server.close(resolve));
  await dir.remove();
});

async function open(transport: 'http' | 'sse', path: string): Promise<UpstreamPool> {
  const entry: ServerEntry = {
    transport_type: transport,
    url: `${http.base}${path}`,
    installation_id: 'inst_search',
    team_id: 'team_acme',
    user_id: 'usr_a',
    server_slug: 'search',
  };
  pool = createUpstreamPool({ dataDir: dir.dir, events, log: quietLog });
  await pool.apply(new Map([[keyOf('usr_a', 'inst_search'), entry]]));
  return pool;
}

describe('mcp.tools.updated', () => {
  it('reports the tools a server added and removed when it says its list changed', async () => {
    const upstream = (await open('sse', '/sse')).get(keyOf('usr_a', 'inst_search'))!;
    expect((await upstream.tools()).map((tool) => tool.name)).toEqual(['search', 'fetch']);
    expect(events.of('mcp.tools.updated')).toEqual([]);

    tools.set(['search', 'summarize', 'translate']);
    const [updated] = await events.waitFor('mcp.tools.updated', 1, (data) =>
      (data.added_tools as string[]).includes('translate'),
    );
    expect(updated).toEqual({
      server_id: 'inst_search',
      server_slug: 'search',
      team_id: 'team_acme',
      added_tools: ['summarize', 'translate'],
      removed_tools: ['fetch'],
      total_tools: 3,
    });
    // The full definitions go with it, as after every listing.
    expect(events.of('mcp.tools.discovered').at(-1)).toMatchObject({ tool_count: 3 });
    expect((await upstream.tools()).map((tool) => tool.name)).toEqual([
      'search',
      'summarize',
      'translate',
    ]);
  });

  it('reports what changed when a redeploy lists the tools again, and nothing when nothing did', async () => {
    const pool = await open('http', '/mcp');
    const upstream = pool.get(keyOf('usr_a', 'inst_search'))!;
    await upstream.tools();
    await pool.redeploy('inst_search');
    await upstream.tools();
    expect(events.of('mcp.tools.discovered')).toHaveLength(2);
    expect(events.of('mcp.tools.updated')).toEqual([]);

    tools.set(['search']);
    await pool.redeploy('inst_search');
    expect((await upstream.tools()).map((tool) => tool.name)).toEqual(['search']);
    expect(events.of('mcp.tools.updated')).toEqual([
      expect.objectContaining({ added_tools: [], removed_tools: ['fetch'], total_tools: 1 }),
    ]);
  });
});

describe('mcp.tools.updated from a stdio server', () => {
  it('reports the tool a running process added when it says its list changed', async () => {
    pool = createUpstreamPool({ dataDir: dir.dir, events, log: quietLog });
    await pool.apply(new Map([[keyOf('usr_a'), fixtureEntry('usr_a')]]));
    const upstream = pool.get(keyOf('usr_a'))!;
    const client = await upstream.connect();
    await events.waitFor('mcp.tools.discovered', 1);
    expect(events.of('mcp.tools.updated')).toEqual([]);
    await callJson(client, 'add_tool');
    const [updated] = await events.waitFor('mcp.tools.updated', 1);
    expect(updated).toMatchObject({
      server_id: 'inst_files',
      server_slug: 'files',
      team_id: 'team_acme',
      added_tools: ['extra'],
      removed_tools: [],
    });
    expect((await upstream.tools()).map((tool) => tool.name)).toContain('extra');
  });
});

describe('toolChanges', () => {
  it('names the tools added and removed, not those whose definition changed', () => {
    const tool = (name: string, description = '') => ({
      name,
      description,
      inputSchema: { type: 'object' as const },
    });
    expect(
      toolChanges([tool('a'), tool('b', 'old')], [tool('b', 'new'), tool('c'), tool('d')]),
    ).toEqual({ added: ['c', 'd'], removed: ['a'] });
  });
});
