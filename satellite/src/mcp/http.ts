// Small HTTP helpers of the endpoint (node:http, no framework: the caller mounts `handle`).
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { initializes, initializingClient } from './messages.js';
import type { AnswerForm } from './post-transport.js';

// The SDK transport's own limit for a body it reads.
const MAX_BODY_BYTES = 4 * 1024 * 1024;

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/** A JSON-RPC error answer outside any server (no request id is known). */
export function sendRpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { jsonrpc: '2.0', error: { code, message }, id: null }, headers);
}

/** The bearer token of the Authorization header; undefined when none is given. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  // A header that is not a bearer token counts as a wrong token, not a missing one.
  return match?.[1] ?? '';
}

export class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The request's JSON body, for a caller that did not parse it. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new BodyError(413, 'The body is too large');
    chunks.push(buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new BodyError(400, 'Parse error: the body is not JSON');
  }
}

/**
 * How the client takes answers, from its Accept header; undefined when it takes neither JSON
 * nor a stream. The specification has clients list both, but some list one (or none, which
 * HTTP reads as anything): they get the one they take.
 */
export function answerForm(req: IncomingMessage): AnswerForm | undefined {
  const accept = req.headers.accept?.toLowerCase();
  if (!accept || accept.includes('*/*')) return 'either';
  const json = accept.includes('application/json') || accept.includes('application/*');
  const stream = accept.includes('text/event-stream') || accept.includes('text/*');
  if (json && stream) return 'either';
  if (json) return 'json';
  return stream ? 'stream' : undefined;
}

/** The body's JSON-RPC messages (one, or a non-empty batch); undefined when any is not one. */
export function jsonRpcMessages(body: unknown): JSONRPCMessage[] | undefined {
  const items = Array.isArray(body) ? body : [body];
  if (items.length === 0) return undefined;
  const messages: JSONRPCMessage[] = [];
  for (const item of items) {
    const parsed = JSONRPCMessageSchema.safeParse(item);
    if (!parsed.success) return undefined;
    messages.push(parsed.data);
  }
  return messages;
}

/**
 * Why the request's MCP-Protocol-Version cannot be served, as the SDK words it; undefined when
 * it can (or is absent, or the POST initializes, which states its version in the body).
 */
export function unsupportedVersion(
  req: IncomingMessage,
  messages: readonly JSONRPCMessage[],
): string | undefined {
  const version = header(req, 'mcp-protocol-version');
  if (version === undefined || SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return undefined;
  if (initializes(messages)) return undefined;
  const supported = SUPPORTED_PROTOCOL_VERSIONS.join(', ');
  return `Bad Request: Unsupported protocol version: ${version} (supported versions: ${supported})`;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** For activity reports only (never for access), so a proxy's forwarding header is believed. */
export function clientAddress(req: IncomingMessage): string | undefined {
  const forwarded = header(req, 'x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || req.socket.remoteAddress;
}

const KNOWN_AGENTS: Array<[RegExp, string]> = [
  [/claude[- ]code/i, 'Claude Code'],
  [/claude/i, 'Claude'],
  [/cursor/i, 'Cursor'],
  [/windsurf|codeium/i, 'Windsurf'],
  [/vscode|visual studio code/i, 'VS Code'],
  [/codex/i, 'Codex'],
  [/inspector/i, 'MCP Inspector'],
];

/** The name the client gives: the X-MCP-Client-Name header, or an initialize request's. */
export function statedClientName(
  req: IncomingMessage,
  messages: readonly JSONRPCMessage[],
): string | undefined {
  return header(req, 'x-mcp-client-name') || initializingClient(messages);
}

/** A client's name guessed from its User-Agent, for clients that never state one. */
export function guessedClientName(req: IncomingMessage): string | undefined {
  const agent = header(req, 'user-agent');
  if (!agent) return undefined;
  const known = KNOWN_AGENTS.find(([pattern]) => pattern.test(agent));
  return known?.[1] ?? /^([^/\s]+)/.exec(agent)?.[1];
}

export function userAgent(req: IncomingMessage): string | undefined {
  return header(req, 'user-agent');
}

export function headerValue(req: IncomingMessage, name: string): string | undefined {
  return header(req, name);
}
