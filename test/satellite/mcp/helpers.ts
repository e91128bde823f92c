// Test fixtures for the MCP endpoint: an upstream pool whose upstreams are real MCP servers (the
// SDK's low-level Server, reached by a real Client over in-memory transports), a token checker
// over a map of tokens, and the endpoint on a real HTTP server on 127.0.0.1.
import { createServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
  type CallToolResult,
  type ClientCapabilities,
  type Prompt,
  type Resource,
  type ResourceTemplate,
  type ServerNotification,
  type ServerRequest,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { Introspection, ServerEntry } from '../../../protocol/satellite.js';
import type { EventSink, Log, Upstream, UpstreamPool } from '../../../satellite/src/parts.js';
import {
  createMcpEndpoint,
  type McpEndpoint,
  type McpEndpointOptions,
} from '../../../satellite/src/mcp/endpoint.js';
import { createTokenChecker } from '../../../satellite/src/mcp/tokens.js';

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export interface FakeTool {
  tool: Tool;
  run(args: Record<string, unknown>, extra: ToolExtra): Promise<CallToolResult>;
}

export interface FakeServerSpec {
  key: string;
  entry: ServerEntry;
  tools?: FakeTool[];
  resources?: Array<{ resource: Resource; text: string }>;
  templates?: ResourceTemplate[];
  prompts?: Prompt[];
  logging?: boolean;
}

export const text = (value: string): CallToolResult => ({
  content: [{ type: 'text', text: value }],
});

/** A real MCP server for a spec (only what the spec has is declared). */
function fakeServer(spec: FakeServerSpec, seen: FakeUpstream): Server {
  const hasResources = Boolean(spec.resources?.length || spec.templates?.length);
  const server = new Server(
    { name: spec.key, version: '1.0.0' },
    {
      capabilities: {
        tools: {},
        ...(hasResources ? { resources: {} } : {}),
        ...(spec.prompts ? { prompts: {}, completions: {} } : {}),
        ...(spec.logging ? { logging: {} } : {}),
      },
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: (spec.tools ?? []).map((tool) => tool.tool),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const tool = spec.tools?.find((candidate) => candidate.tool.name === request.params.name);
    if (!tool) throw new McpError(-32602, `no tool ${request.params.name}`);
    seen.calls.push({ name: request.params.name, args: request.params.arguments ?? {} });
    return tool.run(request.params.arguments ?? {}, extra);
  });
  if (hasResources) {
    server.setRequestHandler(ListResourcesRequestSchema, () => ({
      resources: (spec.resources ?? []).map((item) => item.resource),
    }));
    server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
      resourceTemplates: spec.templates ?? [],
    }));
    server.setRequestHandler(ReadResourceRequestSchema, (request) => {
      const uri = request.params.uri;
      const found = spec.resources?.find((item) => item.resource.uri === uri);
      const body = found ? found.text : `${spec.key} templated ${uri}`;
      return { contents: [{ uri, text: body }] };
    });
  }
  if (spec.prompts) {
    server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: spec.prompts ?? [] }));
    server.setRequestHandler(GetPromptRequestSchema, (request) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: `${spec.key}:${request.params.name}:${JSON.stringify(request.params.arguments ?? {})}`,
          },
        },
      ],
    }));
    server.setRequestHandler(CompleteRequestSchema, (request) => ({
      completion: { values: [`${spec.key}-${request.params.argument.value}`] },
    }));
  }
  if (spec.logging) {
    server.setRequestHandler(SetLevelRequestSchema, (request) => {
      seen.levels.push(request.params.level);
      return {};
    });
  }
  return server;
}

export class FakeUpstream implements Upstream {
  readonly key: string;
  readonly entry: ServerEntry;
  available = true;
  touches = 0;
  calls: Array<{ name: string; args: Record<string, unknown> }> = [];
  levels: string[] = [];
  private client: Promise<Client> | undefined;

  constructor(
    readonly spec: FakeServerSpec,
    private readonly capabilities: ClientCapabilities = {
      sampling: {},
      elicitation: {},
      roots: {},
    },
  ) {
    this.key = spec.key;
    this.entry = spec.entry;
  }

  connect(): Promise<Client> {
    this.client ??= (async () => {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await fakeServer(this.spec, this).connect(serverSide);
      const client = new Client(
        { name: 'test-pool', version: '1.0.0' },
        { capabilities: this.capabilities },
      );
      await client.connect(clientSide);
      return client;
    })();
    return this.client;
  }

  async tools(): Promise<Tool[]> {
    const client = await this.connect();
    return (await client.listTools()).tools;
  }

  touch(): void {
    this.touches += 1;
  }

  async close(): Promise<void> {
    if (this.client) await (await this.client).close();
  }
}

/** The pool's one rule that matters here: a user reaches only their own upstreams. */
export class FakePool implements UpstreamPool {
  constructor(readonly upstreams: FakeUpstream[]) {}
  async apply(): Promise<void> {}
  ofUser(userId: string, teamId: string | undefined): Upstream[] {
    return this.upstreams.filter(
      (upstream) =>
        upstream.entry.user_id === userId &&
        (teamId === undefined || upstream.entry.team_id === teamId),
    );
  }
  get(key: string): Upstream | undefined {
    return this.upstreams.find((upstream) => upstream.key === key);
  }
  async redeploy(): Promise<string[]> {
    return [];
  }
  processesByTeam() {
    return {};
  }
  async close(): Promise<void> {
    await Promise.all(this.upstreams.map((upstream) => upstream.close()));
  }
}

export function entry(
  user: string,
  installation: string,
  extra: Partial<ServerEntry> = {},
): ServerEntry {
  return {
    transport_type: 'stdio',
    user_id: user,
    team_id: 'team_1',
    installation_id: `inst_${installation}`,
    installation_name: installation,
    server_slug: installation.toLowerCase(),
    ...extra,
  };
}

export interface Harness {
  url: string;
  endpoint: McpEndpoint;
  events: Array<{ type: string; data: Record<string, unknown> }>;
  introspections: string[];
  forgetUser(userId: string): number;
  close(): Promise<void>;
}

export const silentLog: Log = { info() {}, warn() {}, error() {} };

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.from(chunk));
  const body = Buffer.concat(chunks).toString('utf8');
  return body ? JSON.parse(body) : undefined;
}

/** The endpoint behind a real HTTP server that parses JSON bodies itself, like the satellite. */
export async function startHarness(
  pool: UpstreamPool,
  tokens: Record<string, Introspection>,
  overrides: Partial<McpEndpointOptions> = {},
): Promise<Harness> {
  const events: Harness['events'] = [];
  const introspections: string[] = [];
  const sink: EventSink = { emit: (type, data) => events.push({ type, data }) };
  const checker = createTokenChecker({
    introspect: async (token) => {
      introspections.push(token);
      return tokens[token] ?? { active: false };
    },
  });
  const http: HttpServer = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  if (!address || typeof address === 'string') throw new Error('the test server has no port');
  const url = `http://127.0.0.1:${address.port}`;
  const endpoint = createMcpEndpoint({
    pool,
    tokens: checker,
    events: sink,
    log: silentLog,
    publicUrl: `${url}/mcp`,
    authorizationServer: 'https://groundstation.test',
    ...overrides,
  });
  http.on('request', (req, res) => {
    const parse = req.method === 'POST' ? readJson(req) : Promise.resolve(undefined);
    parse.then((body) => endpoint.handle(req, res, body)).catch(() => res.writeHead(400).end());
  });
  return {
    url,
    endpoint,
    events,
    introspections,
    forgetUser: (userId) => checker.forgetUser(userId),
    async close() {
      await endpoint.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

export interface ConnectOptions {
  path?: string;
  headers?: Record<string, string>;
  capabilities?: ClientCapabilities;
}

/** A real MCP client of the endpoint with a bearer token. */
export async function connectClient(
  harness: Harness,
  token: string,
  options: ConnectOptions = {},
): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(
    new URL(`${harness.url}${options.path ?? '/mcp'}`),
    {
      requestInit: { headers: { Authorization: `Bearer ${token}`, ...options.headers } },
    },
  );
  const client = new Client(
    { name: 'endpoint-test', version: '1.0.0' },
    { capabilities: options.capabilities ?? {} },
  );
  await client.connect(transport);
  return client;
}

export function active(user: string, extra: Partial<Introspection> = {}): Introspection {
  return {
    active: true,
    sub: user,
    team_id: 'team_1',
    client_id: `client_${user}`,
    scope: 'mcp:tools:execute',
    ...extra,
  };
}

/**
 * The JSON-RPC messages of a POST's answer, whichever form the endpoint chose: one JSON body
 * (an object, or an array for a batch) or the `data:` lines of a server-sent event stream.
 */
export async function rpcAnswers(response: Response): Promise<any[]> {
  const body = await response.text();
  if (response.headers.get('content-type')?.startsWith('application/json')) {
    const parsed: unknown = JSON.parse(body);
    return Array.isArray(parsed) ? parsed : [parsed];
  }
  return body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)));
}
