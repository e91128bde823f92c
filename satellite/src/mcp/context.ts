// What every request handler of one request's server needs.
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Log } from '../parts.js';
import type { Scope } from './catalog.js';
import type { Reporter } from './reporting.js';
import type { ResourceDirectory } from './resources.js';

export interface RequestContext {
  scope: Scope;
  /** Discovery mode: three meta-tools instead of every tool (discovery.ts). */
  discovery: boolean;
  log: Log;
  reporter: Reporter;
  resources: ResourceDirectory;
  /** An upstream tool call's time limit without progress (an entry's `timeout` has no known unit). */
  callTimeoutMs: number;
  now: () => number;
}

/** The SDK's extra argument of a server's request handler. */
export type HandlerExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;
