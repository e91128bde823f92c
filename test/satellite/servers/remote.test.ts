// http and sse upstreams against real MCP servers on a local port: the entry's URL parameters
// and headers, the member's OAuth token, and what a refused authorization does.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerEntry } from '../../../protocol/satellite.js';
import type { UpstreamPool, UpstreamTokens } from '../../../satellite/src/parts.js';
import { createUpstreamPool } from '../../../satellite/src/servers/pool.js';
import { keyOf, quietLog, Recorder, tempDir } from './helpers.js';

const TOKEN = 'member-access-token';
/** The token the server takes; a test changes it to make the member's token expire. */
let accepted = TOKEN;

/** Every request the server saw: the URL and the headers the satellite sent. */
interface Seen {
  url: string;
  authorization: string | undefined;
  workspace: string | undefined;
}

function mcpServer(): McpServer {
  const server = new McpServer({ name: 'remote-fixture', version: '1.0.0' });
  server.registerTool('ping', { description: 'Answers pong' }, async () => ({
    content: [{ type: 'text', text: 'pong' }],
  }));
  return server;
}

/** Streamable HTTP at /mcp (stateless) and SSE at /sse + /messages; a wrong token is a 401. */
async function startServer(seen: Seen[]): Promise<{ server: Server; base: string }> {
  const sse = new Map<string, SSEServerTransport>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const header = (name: string) => req.headers[name]?.toString();
    seen.push({
      url: req.url ?? '',
      authorization: header('authorization'),
      workspace: header('x-workspace'),
    });
    if (header('authorization') !== `Bearer ${accepted}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_token"}');
      return;
    }
    void (async () => {
      if (url.pathname === '/mcp') {
        const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
        await mcpServer().connect(transport);
        await transport.handleRequest(req, res);
      } else if (url.pathname === '/sse') {
        const transport = new SSEServerTransport('/messages', res);
        sse.set(transport.sessionId, transport);
        await mcpServer().connect(transport);
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
let pool: UpstreamPool | undefined;
let http: { server: Server; base: string };
let seen: Seen[];
let removeDir: () => Promise<void>;
let dataDir: string;

beforeEach(async () => {
  events = new Recorder();
  seen = [];
  accepted = TOKEN;
  http = await startServer(seen);
  ({ dir: dataDir, remove: removeDir } = await tempDir());
});

afterEach(async () => {
  await pool?.close();
  pool = undefined;
  http.server.closeAllConnections();
  await new Promise((resolve) => http.server.close(resolve));
  await removeDir();
});

function remoteEntry(transport: 'http' | 'sse', path: string): ServerEntry {
  return {
    transport_type: transport,
    url: `${http.base}${path}`,
    url_query_params: { workspace: 'acme' },
    headers: { 'X-Workspace': 'acme' },
    requires_oauth: true,
    installation_id: 'inst_files',
    team_id: 'team_acme',
    user_id: 'usr_a',
    server_slug: 'notion',
    enabled: true,
  };
}

async function openWith(entry: ServerEntry, tokens: UpstreamTokens): Promise<UpstreamPool> {
  pool = createUpstreamPool({ dataDir, events, log: quietLog, tokens });
  await pool.apply(new Map([[keyOf('usr_a'), entry]]));
  return pool;
}

describe('remote upstreams', () => {
  for (const [transport, path] of [
    ['http', '/mcp'],
    ['sse', '/sse'],
  ] as const) {
    it(`reaches a ${transport} server with the entry's parameters, headers and the member's token`, async () => {
      const asked: ServerEntry[] = [];
      const pool = await openWith(remoteEntry(transport, path), async (entry) => {
        asked.push(entry);
        return { token: TOKEN };
      });
      expect(seen).toEqual([]);
      const upstream = pool.get(keyOf('usr_a'))!;
      const tools = await upstream.tools();
      expect(tools.map((tool) => tool.name)).toEqual(['ping']);
      const client = await upstream.connect();
      const result = await client.callTool({ name: 'ping', arguments: {} });
      expect(result.content).toEqual([{ type: 'text', text: 'pong' }]);

      expect(asked).toHaveLength(1);
      expect(asked[0]!.user_id).toBe('usr_a');
      expect(seen.length).toBeGreaterThan(1);
      for (const request of seen) {
        expect(request.authorization).toBe(`Bearer ${TOKEN}`);
        expect(request.workspace).toBe('acme');
      }
      expect(seen[0]!.url).toContain('workspace=acme');
      expect(events.of('mcp.tools.discovered')[0]).toMatchObject({
        installation_name: keyOf('usr_a'),
        server_slug: 'notion',
        tool_count: 1,
      });
      expect(events.of('mcp.server.status_changed')).toEqual([
        expect.objectContaining({ status: 'online', user_id: 'usr_a' }),
      ]);
      expect(events.of('mcp.server.started')).toEqual([]);
      expect(pool.processesByTeam()).toEqual({});
    });
  }

  it('fails without a token and asks the member to authorize again', async () => {
    const pool = await openWith(remoteEntry('http', '/mcp'), async () => null);
    await expect(pool.get(keyOf('usr_a'))!.connect()).rejects.toThrow(/authorization/i);
    expect(seen).toEqual([]);
    expect(events.of('mcp.server.status_changed')).toEqual([
      expect.objectContaining({ status: 'requires_reauth', installation_id: 'inst_files' }),
    ]);
  });

  it('reports a token the server refuses (401) as requires_reauth', async () => {
    const pool = await openWith(remoteEntry('http', '/mcp'), async () => ({
      token: 'expired-token',
    }));
    await expect(pool.get(keyOf('usr_a'))!.connect()).rejects.toThrow();
    expect(seen[0]!.authorization).toBe('Bearer expired-token');
    expect(events.of('mcp.server.status_changed')).toEqual([
      expect.objectContaining({ status: 'requires_reauth', user_id: 'usr_a' }),
    ]);
  });

  it('drops the client when the server starts refusing the token, and asks for a new one', async () => {
    let issued = 0;
    const pool = await openWith(remoteEntry('http', '/mcp'), async () => {
      issued += 1;
      return { token: issued === 1 ? TOKEN : 'fresh-token' };
    });
    const upstream = pool.get(keyOf('usr_a'))!;
    const client = await upstream.connect();
    accepted = 'fresh-token';
    await expect(client.callTool({ name: 'ping', arguments: {} })).rejects.toThrow();
    expect(events.of('mcp.server.status_changed').at(-1)).toMatchObject({
      status: 'requires_reauth',
    });
    const again = await upstream.connect();
    expect(again).not.toBe(client);
    expect(issued).toBe(2);
    const result = await again.callTool({ name: 'ping', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'pong' }]);
  });

  it('takes a fresh token before the current one expires, without a 401 on the way', async () => {
    let issued = 0;
    const pool = await openWith(remoteEntry('http', '/mcp'), async () => {
      issued += 1;
      // The first expires within the satellite's margin; the second has an hour.
      return issued === 1
        ? { token: TOKEN, expiresAt: Date.now() + 1_000 }
        : { token: 'fresh-token', expiresAt: Date.now() + 3_600_000 };
    });
    const upstream = pool.get(keyOf('usr_a'))!;
    const first = await upstream.connect();
    accepted = 'fresh-token';
    const again = await upstream.connect();
    expect(again).not.toBe(first);
    expect(issued).toBe(2);
    const result = await again.callTool({ name: 'ping', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'pong' }]);
    expect(await upstream.connect()).toBe(again);
    expect(events.of('mcp.server.status_changed').map((event) => event.status)).not.toContain(
      'requires_reauth',
    );
  });
});
