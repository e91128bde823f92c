// The requests the satellite sent a server and still waits for. A process with none is idle and
// may be stopped to make room for another (process-slots.ts) without cutting a call short; the
// last use alone cannot tell, since a long tool call started long ago is still running.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';

export interface PendingRequests {
  readonly count: number;
}

/**
 * Counts the requests on `transport`. Set up before the client connects: the client keeps the
 * `onmessage` it finds and calls it first, and sends through `send`. A request is over at its
 * answer or when the client cancels it (a timeout or an abort), since a cancelled request may
 * never be answered.
 */
export function countRequests(transport: Transport): PendingRequests {
  const pending = new Set<RequestId>();
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    // Kinds told by their keys: the SDK's guards parse each message with zod again, on every
    // call's path, and the SDK's client sends only well-formed messages.
    if ('method' in message && 'id' in message) pending.add(message.id);
    else {
      const cancelled = cancelledId(message);
      if (cancelled !== undefined) pending.delete(cancelled);
    }
    return send(message, options);
  };
  transport.onmessage = (message: JSONRPCMessage) => {
    // The client's transport has parsed it already.
    if (!('method' in message) && message.id !== undefined) pending.delete(message.id);
  };
  return {
    get count() {
      return pending.size;
    },
  };
}

function cancelledId(message: JSONRPCMessage): RequestId | undefined {
  if (!('method' in message) || 'id' in message || message.method !== 'notifications/cancelled') {
    return undefined;
  }
  const id: unknown = message.params?.requestId;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}
