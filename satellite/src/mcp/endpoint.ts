// The satellite's MCP endpoint: MCP clients reach their upstreams here with a Groundstation
// token. Stateless Streamable HTTP: every POST gets a new aggregated server and a transport of
// its own (post-transport.ts), so replicas need no sticky sessions (exchanges.ts says what that
// costs). See README.md.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  type Implementation,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import type { EventSink, Identity, Log, TokenChecker, UpstreamPool } from '../parts.js';
import { BoundedCache } from './cache.js';
import { errorMessage, type Scope } from './catalog.js';
import type { RequestContext } from './context.js';
import { createExchangeHub, type ExchangeHub } from './exchanges.js';
import { createAggregateServer } from './handlers.js';
import {
  BodyError,
  answerForm,
  bearerToken,
  clientAddress,
  guessedClientName,
  headerValue,
  jsonRpcMessages,
  readJsonBody,
  sendJson,
  sendRpcError,
  statedClientName,
  unsupportedVersion,
  userAgent,
} from './http.js';
import { isRequest } from './messages.js';
import { assignPrefixes, slugify, type Member } from './names.js';
import { PostTransport, type AnswerForm } from './post-transport.js';
import { createReporter, type Reporter, type ReporterOptions } from './reporting.js';
import { createResourceDirectory, type ResourceDirectory } from './resources.js';
import { tokenDigest } from './tokens.js';
import {
  MOUNT,
  WELL_KNOWN,
  describedResource,
  metadataUrl,
  publicLocation,
  resourceUrl,
  sendMetadata,
  type PublicLocation,
} from './wellknown.js';

export interface McpEndpointOptions {
  pool: UpstreamPool;
  tokens: TokenChecker;
  events: EventSink;
  log: Log;
  /** This endpoint's public URL, e.g. https://satellite.example.com/mcp. */
  publicUrl: string;
  /** Groundstation's origin: the authorization server of the tokens. */
  authorizationServer: string;
  serverInfo?: Implementation;
  /** An upstream tool call's time limit without progress (default 5 minutes). */
  callTimeoutMs?: number;
  reporting?: Omit<ReporterOptions, 'events'>;
  now?: () => number;
}

export interface McpEndpoint {
  handle(req: IncomingMessage, res: ServerResponse, parsedBody?: unknown): Promise<void>;
  /** Ends the running requests and sends what the reporter holds. */
  close(): Promise<void>;
}

interface Target {
  /** The path's installation segment, on `/mcp/<installation>`. */
  installation?: string;
}

interface EndpointState {
  options: McpEndpointOptions;
  location: PublicLocation;
  hub: ExchangeHub;
  reporter: Reporter;
  resources: ResourceDirectory;
  servers: Set<Server>;
  /** Names clients stated (stateless: only their initialize says it), per user and client. */
  clientNames: BoundedCache<string, string>;
  now: () => number;
}

const DEFAULT_SERVER_INFO: Implementation = { name: 'groundstation-satellite', version: '1.0.0' };
const DEFAULT_CALL_TIMEOUT_MS = 5 * 60_000;
const CLIENT_NAME_TTL_MS = 24 * 60 * 60_000;

export function createMcpEndpoint(options: McpEndpointOptions): McpEndpoint {
  const now = options.now ?? Date.now;
  const state: EndpointState = {
    options,
    location: publicLocation(options.publicUrl),
    hub: createExchangeHub(),
    reporter: createReporter({ ...options.reporting, events: options.events }),
    resources: createResourceDirectory({ now }),
    servers: new Set(),
    clientNames: new BoundedCache({ maxEntries: 10_000, now }),
    now,
  };
  return {
    async handle(req, res, parsedBody) {
      try {
        await route(state, req, res, parsedBody);
      } catch (error) {
        options.log.error({ err: errorMessage(error), url: req.url }, 'MCP request failed');
        if (!res.headersSent) sendRpcError(res, 500, ErrorCode.InternalError, 'Internal error');
        else res.end();
      }
    },
    async close() {
      const servers = [...state.servers];
      state.servers.clear();
      await Promise.allSettled(servers.map((server) => server.close()));
      state.reporter.close();
    },
  };
}

/** `/mcp` and `/mcp/<installation>`; anything else is not the endpoint's. */
function targetOf(pathname: string): Target | undefined {
  if (pathname === MOUNT || pathname === `${MOUNT}/`) return {};
  if (!pathname.startsWith(`${MOUNT}/`)) return undefined;
  const segment = pathname.slice(MOUNT.length + 1).replace(/\/$/, '');
  if (!segment || segment.includes('/')) return undefined;
  try {
    return { installation: decodeURIComponent(segment) };
  } catch {
    return undefined;
  }
}

async function route(
  state: EndpointState,
  req: IncomingMessage,
  res: ServerResponse,
  parsedBody: unknown,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://satellite.invalid');
  if (url.pathname === WELL_KNOWN || url.pathname.startsWith(`${WELL_KNOWN}/`)) {
    const resource = describedResource(state.location, url.pathname);
    sendMetadata(res, req.method, resource, state.options.authorizationServer);
    return;
  }
  const target = targetOf(url.pathname);
  if (!target) {
    sendJson(res, 404, { error: 'not_found' });
    return;
  }
  const identity = await authenticate(state, req, res, target);
  if (!identity) return;
  if (req.method !== 'POST') {
    // Stateless: there is no session to stream to (GET) or end (DELETE), as the SDK answers.
    sendRpcError(res, 405, ErrorCode.ConnectionClosed, 'Method not allowed.', { Allow: 'POST' });
    return;
  }
  const form = answerForm(req);
  if (!form) {
    const accepted = 'Not Acceptable: the client must accept application/json or text/event-stream';
    sendRpcError(res, 406, ErrorCode.ConnectionClosed, accepted);
    return;
  }
  const body = parsedBody !== undefined ? parsedBody : await bodyOf(req, res);
  if (body === undefined) return;
  const messages = jsonRpcMessages(body);
  if (!messages) {
    sendRpcError(res, 400, ErrorCode.InvalidRequest, 'Invalid Request: not JSON-RPC 2.0');
    return;
  }
  const version = unsupportedVersion(req, messages);
  if (version) {
    sendRpcError(res, 400, ErrorCode.ConnectionClosed, version);
    return;
  }
  recordActivity(state, req, identity, messages);
  const owner = tokenDigest(identity.token);
  if (state.hub.deliver(messages, owner)) {
    res.writeHead(202).end();
    return;
  }
  const members = membersFor(state, identity, target);
  if (!members) {
    sendRpcError(res, 404, ErrorCode.InvalidRequest, 'No such MCP server');
    return;
  }
  const discovery =
    url.searchParams.get('mode') === 'discovery' ||
    headerValue(req, 'x-groundstation-tools')?.toLowerCase() === 'discovery';
  const scope: Scope = { identity, members, prefixed: target.installation === undefined };
  const post: Post = { messages, batch: Array.isArray(body), form, owner };
  await serve(state, req, res, post, scope, discovery);
}

async function bodyOf(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  try {
    return await readJsonBody(req);
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    sendRpcError(res, error.status, ErrorCode.ParseError, error.message);
    return undefined;
  }
}

/** The identity of the request's bearer token; when there is none, the 401 (or 503) is sent. */
async function authenticate(
  state: EndpointState,
  req: IncomingMessage,
  res: ServerResponse,
  target: Target,
): Promise<Identity | null> {
  const token = bearerToken(req);
  let identity: Identity | null = null;
  try {
    identity = token ? await state.options.tokens.check(token) : null;
  } catch (error) {
    // Groundstation could not be asked: the token may well be good, so no 401 (which would send
    // the client through sign-in again).
    state.options.log.warn({ err: errorMessage(error) }, 'token introspection failed');
    sendJson(res, 503, { error: 'temporarily_unavailable' }, { 'Retry-After': '5' });
    return null;
  }
  if (identity) return identity;
  // A request without a token is how every client starts (it learns where to sign in from the
  // 401), so only a token that is refused counts as a failed authentication.
  if (token !== undefined) {
    state.reporter.authFailed({ reason: 'invalid_token', ipAddress: clientAddress(req) });
  }
  const metadata = metadataUrl(state.location, target.installation);
  const challenge =
    token === undefined
      ? `Bearer resource_metadata="${metadata}"`
      : `Bearer resource_metadata="${metadata}", error="invalid_token", error_description="The token is not valid here"`;
  sendJson(
    res,
    401,
    {
      error: token === undefined ? 'unauthorized' : 'invalid_token',
      error_description:
        token === undefined ? 'A bearer token is required' : 'The token is not valid here',
      resource: resourceUrl(state.location, target.installation),
    },
    { 'WWW-Authenticate': challenge },
  );
  return null;
}

/**
 * The upstreams this request may reach: the pool's answer for the token's user and team, and
 * on `/mcp/<installation>` the one among them that the segment names (installation id, its
 * prefix, or its installation name). Undefined when the segment names none of them.
 */
function membersFor(
  state: EndpointState,
  identity: Identity,
  target: Target,
): Member[] | undefined {
  const upstreams = state.options.pool
    .ofUser(identity.userId, identity.teamId)
    // The pool answers for this user; an entry of someone else's would be a bug, not a grant.
    .filter((upstream) => {
      const owner = upstream.entry.user_id;
      if (owner === undefined || owner === identity.userId) return true;
      state.options.log.error({ upstream: upstream.key }, 'the pool offered another user’s server');
      return false;
    });
  const members = assignPrefixes(upstreams);
  if (target.installation === undefined) return members;
  const wanted = target.installation;
  const named = (member: Member) => member.upstream.entry.installation_name;
  const match =
    members.find((member) => member.upstream.entry.installation_id === wanted) ??
    members.find((member) => member.prefix === wanted.toLowerCase()) ??
    members.find((member) => named(member)?.toLowerCase() === wanted.toLowerCase()) ??
    members.find((member) => slugify(named(member) ?? '') === slugify(wanted));
  return match ? [match] : undefined;
}

function recordActivity(
  state: EndpointState,
  req: IncomingMessage,
  identity: Identity,
  messages: readonly JSONRPCMessage[],
): void {
  const requests = messages.filter(isRequest);
  if (requests.length === 0) return;
  const key = `${identity.userId}\n${identity.clientId ?? ''}`;
  const stated = statedClientName(req, messages);
  if (stated) state.clientNames.set(key, stated, state.now() + CLIENT_NAME_TTL_MS);
  state.reporter.activity({
    userId: identity.userId,
    teamId: identity.teamId,
    clientId: identity.clientId,
    clientName: stated ?? state.clientNames.get(key) ?? guessedClientName(req),
    userAgent: userAgent(req),
    ipAddress: clientAddress(req),
    sessionId: headerValue(req, 'mcp-session-id'),
    requests: requests.length,
    toolCalls: requests.filter((request) => request.method === 'tools/call').length,
    at: state.now(),
  });
}

/** A POST's valid JSON-RPC messages and how the client takes answers. */
interface Post {
  messages: JSONRPCMessage[];
  batch: boolean;
  form: AnswerForm;
  /** Whose POST it is: the digest of its bearer token (exchanges.ts). */
  owner: string;
}

/** One POST, served by a server and transport of its own that end with its response. */
async function serve(
  state: EndpointState,
  req: IncomingMessage,
  res: ServerResponse,
  post: Post,
  scope: Scope,
  discovery: boolean,
): Promise<void> {
  const { options } = state;
  const context: RequestContext = {
    scope,
    discovery,
    log: options.log,
    reporter: state.reporter,
    resources: state.resources,
    callTimeoutMs: options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
    now: state.now,
  };
  const server = createAggregateServer(options.serverInfo ?? DEFAULT_SERVER_INFO, context);
  const transport = new PostTransport(req, res, post.messages, post.form, post.batch);
  const wrapped = state.hub.wrap(transport, post.owner);
  state.servers.add(server);
  // A POST answered in full leaves nothing running: the server is dropped, not closed (closing
  // rejects what is pending with an error, built with its stack, on every request). A client
  // that hangs up early closes the transport instead, which aborts its running calls, and with
  // them the upstream calls (their signal): the cancellation that works across replicas.
  res.on('close', () => {
    state.servers.delete(server);
    wrapped.release();
  });
  await server.connect(wrapped);
  transport.dispatch();
}
