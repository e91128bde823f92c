import type { Logger } from 'pino';
import type { BoundedRequest } from '../../lib/bounded-fetch.js';
import { upstreamRequest, type UpstreamOutboundOptions } from './outbound.js';

/** A catalogue server as the detection sees it. */
export interface ProbedServer {
  id: string;
  transport: string;
  url: string | null;
}

/** RFC 9728 §5.1: a Bearer challenge that names the resource's metadata. */
export function namesResourceMetadata(header: string | string[] | undefined): boolean {
  const values = Array.isArray(header) ? header : header ? [header] : [];
  return values.some((v) => /^\s*bearer\b/i.test(v) && /\bresource_metadata\s*=/i.test(v));
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'groundstation-oauth-detection', version: '1' },
  },
});

/**
 * Whether the server asks for OAuth: an unauthenticated request (an MCP `initialize` for
 * Streamable HTTP, the event stream for SSE) answered 401 with a challenge that names RFC 9728
 * metadata. Only the status and headers are read. A URL with template variables left (filled
 * per team) cannot be asked.
 */
export async function wantsOAuth(
  server: ProbedServer,
  options: UpstreamOutboundOptions,
): Promise<boolean> {
  if (server.transport === 'stdio' || !server.url || /[{}]/.test(server.url)) return false;
  const request: BoundedRequest =
    server.transport === 'sse'
      ? { method: 'GET', headers: { accept: 'text/event-stream' } }
      : {
          method: 'POST',
          headers: {
            accept: 'application/json, text/event-stream',
            'content-type': 'application/json',
          },
          body: INITIALIZE,
        };
  const answer = await upstreamRequest(
    new URL(server.url),
    { ...request, readBody: false },
    options,
  );
  return answer.status === 401 && namesResourceMetadata(answer.headers['www-authenticate']);
}

export interface DetectorDeps {
  outbound: UpstreamOutboundOptions;
  /** Called when a server turns out to want OAuth; marks it (catalogue/instances). */
  onDetected: (server: ProbedServer) => Promise<void>;
  logger: Logger;
  /** Checks run at once; more wait their turn, up to `maxWaiting`, then are dropped. */
  concurrency?: number;
  maxWaiting?: number;
}

/**
 * Checks newly added servers in the background, so that adding or importing one never waits
 * on a remote server. A check that fails (no answer, a private address) leaves the server as
 * it is: an administrator can still set `requires_oauth` by hand.
 */
export function createOAuthDetector(deps: DetectorDeps) {
  const concurrency = deps.concurrency ?? 2;
  const maxWaiting = deps.maxWaiting ?? 1000;
  const waiting: ProbedServer[] = [];
  const running = new Set<Promise<void>>();
  let closed = false;

  async function check(server: ProbedServer) {
    try {
      if (await wantsOAuth(server, deps.outbound)) await deps.onDetected(server);
    } catch (error) {
      deps.logger.info(
        { serverId: server.id, reason: (error as Error).message },
        'could not check whether a server wants OAuth',
      );
    }
  }

  function pump() {
    while (!closed && running.size < concurrency && waiting.length > 0) {
      const task = check(waiting.shift()!).finally(() => {
        running.delete(task);
        pump();
      });
      running.add(task);
    }
  }

  return {
    /** Queues a check of `server` (http/sse with a URL; others are ignored). */
    schedule(server: ProbedServer) {
      if (closed || server.transport === 'stdio' || !server.url) return;
      if (waiting.length >= maxWaiting) {
        deps.logger.warn({ serverId: server.id }, 'OAuth detection queue full; check skipped');
        return;
      }
      waiting.push(server);
      pump();
    },
    /** Resolves once every queued check has finished (tests, shutdown). */
    async settled() {
      while (running.size > 0 || (waiting.length > 0 && !closed)) await Promise.all([...running]);
    },
    /** Drops waiting checks and waits for the running ones. */
    async close() {
      closed = true;
      waiting.length = 0;
      await Promise.all([...running]);
    },
  };
}

export type OAuthDetector = ReturnType<typeof createOAuthDetector>;
