// Reaching an http or sse server: its URL, its headers and how a refused authorization shows.
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { SSEClientTransport, SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ServerEntry } from '../../../protocol/satellite.js';

/** The entry's URL with its query parameters (credentials some servers take there) added. */
export function remoteUrl(entry: ServerEntry): URL {
  if (!entry.url) throw new Error('the entry has no url');
  const url = new URL(entry.url);
  for (const [name, value] of Object.entries(entry.url_query_params ?? {})) {
    url.searchParams.set(name, value);
  }
  return url;
}

/** The entry's headers, and the member's access token when the server needs OAuth. */
export function remoteHeaders(entry: ServerEntry, token: string | null): Headers {
  const headers = new Headers(entry.headers ?? {});
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

export function remoteTransport(entry: ServerEntry, headers: Headers): Transport {
  const url = remoteUrl(entry);
  const requestInit = { headers };
  return entry.transport_type === 'sse'
    ? new SSEClientTransport(url, { requestInit })
    : new StreamableHTTPClientTransport(url, { requestInit });
}

/** Whether the server refused the request's authorization (HTTP 401). */
export function isUnauthorized(error: unknown): boolean {
  if (error instanceof UnauthorizedError) return true;
  if (error instanceof StreamableHTTPError || error instanceof SseError) return error.code === 401;
  // The SSE transport's POSTs fail with a plain Error naming the status.
  return error instanceof Error && /\bHTTP 401\b/.test(error.message);
}
