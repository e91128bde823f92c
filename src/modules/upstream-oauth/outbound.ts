import {
  boundedRequest,
  BoundedFetchError,
  describeFailure,
  type BoundedRequest,
  type BoundedResponse,
} from '../../lib/bounded-fetch.js';

/** Limits of every request Groundstation makes to remote servers and their OAuth servers. */
export interface UpstreamOutboundOptions {
  allowPrivateAddresses: boolean;
  timeoutMs: number;
  maxBytes: number;
}

export class UpstreamOutboundError extends Error {
  override name = 'UpstreamOutboundError';
}

/** One request under the limits (src/lib/bounded-fetch.ts): private addresses, size, deadline. */
export async function upstreamRequest(
  url: URL,
  request: BoundedRequest,
  options: UpstreamOutboundOptions,
): Promise<BoundedResponse> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new UpstreamOutboundError(`${url.protocol} URLs are not fetched`);
  try {
    return await boundedRequest(url, request, { ...options, userAgent: 'Groundstation' });
  } catch (error) {
    if (error instanceof BoundedFetchError)
      throw new UpstreamOutboundError(
        `${url.origin}: ${describeFailure(error.failure, 'UPSTREAM_OAUTH_ALLOW_PRIVATE_ADDRESSES')}`,
      );
    throw error;
  }
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

function bodyOf(init: RequestInit | undefined): string | undefined {
  const body = init?.body;
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  throw new UpstreamOutboundError('only text and form bodies are sent');
}

/**
 * A `fetch` for the MCP SDK's OAuth client functions that keeps to the same limits: they see
 * an ordinary Response, and redirects come back to them unfollowed.
 */
export function upstreamFetch(options: UpstreamOutboundOptions) {
  return async (input: string | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const body = bodyOf(init);
    const headers = headersOf(init);
    if (body !== undefined && !headers['content-type'])
      headers['content-type'] =
        init?.body instanceof URLSearchParams
          ? 'application/x-www-form-urlencoded'
          : 'text/plain;charset=UTF-8';
    const answer = await upstreamRequest(
      url,
      { method: init?.method ?? 'GET', headers, ...(body !== undefined ? { body } : {}) },
      options,
    );
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
        responseHeaders.append(name, item);
    }
    if (answer.status < 200 || answer.status > 599)
      throw new UpstreamOutboundError(`${url.origin}: answered ${answer.status}`);
    // A Response cannot carry a body with these statuses.
    const empty = [101, 204, 205, 304].includes(answer.status);
    return new Response(empty ? null : answer.body, {
      status: answer.status,
      headers: responseHeaders,
    });
  };
}

export type UpstreamFetch = ReturnType<typeof upstreamFetch>;
