// Requests an upstream server sends its client (sampling, elicitation, roots) are passed on to
// the MCP client whose tool call is running on that upstream, and its answer goes back.
//
// The pool owns the upstream's Client and shares it between the user's calls, so handlers are
// installed on it once and send to whichever call is running; with several calls running at
// once on one upstream the latest one gets the request (all are the same user's). An upstream
// only sends these when the pool's Client declared the capability; where it did not, nothing is
// installed. Outside a tool call there is nobody to ask and the upstream gets an error.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CreateMessageRequestSchema,
  CreateMessageResultSchema,
  ElicitRequestSchema,
  ElicitResultSchema,
  ErrorCode,
  ListRootsRequestSchema,
  ListRootsResultSchema,
  McpError,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';

/** What a downstream request handler can send its client. */
export type Downstream = Pick<
  RequestHandlerExtra<ServerRequest, ServerNotification>,
  'sendRequest' | 'sendNotification'
>;

// A person may have to answer (sampling, elicitation): longer than the SDK's 60 s default.
const RELAY_TIMEOUT_MS = 10 * 60_000;

const running = new WeakMap<Client, Downstream[]>();
const prepared = new WeakSet<Client>();

function current(client: Client): Downstream {
  const calls = running.get(client);
  const latest = calls?.[calls.length - 1];
  if (!latest) {
    throw new McpError(ErrorCode.InvalidRequest, 'No MCP client call is in progress to ask');
  }
  return latest;
}

/** Installs a handler unless the pool's Client lacks the capability (the SDK then refuses). */
function tryInstall(install: () => void): void {
  try {
    install();
  } catch {
    // The capability is not declared: the upstream will not send this request.
  }
}

function prepare(client: Client): void {
  if (prepared.has(client)) return;
  prepared.add(client);
  tryInstall(() =>
    client.setRequestHandler(CreateMessageRequestSchema, (request, extra) =>
      current(client).sendRequest(request, CreateMessageResultSchema, {
        signal: extra.signal,
        timeout: RELAY_TIMEOUT_MS,
      }),
    ),
  );
  tryInstall(() =>
    client.setRequestHandler(ElicitRequestSchema, (request, extra) =>
      current(client).sendRequest(request, ElicitResultSchema, {
        signal: extra.signal,
        timeout: RELAY_TIMEOUT_MS,
      }),
    ),
  );
  tryInstall(() =>
    client.setRequestHandler(ListRootsRequestSchema, (request, extra) =>
      current(client).sendRequest(request, ListRootsResultSchema, { signal: extra.signal }),
    ),
  );
}

/** Routes the upstream's requests to this downstream call until the returned function runs. */
export function relayDuring(client: Client, downstream: Downstream): () => void {
  prepare(client);
  const calls = running.get(client) ?? [];
  calls.push(downstream);
  running.set(client, calls);
  return () => {
    const index = calls.indexOf(downstream);
    if (index >= 0) calls.splice(index, 1);
  };
}
