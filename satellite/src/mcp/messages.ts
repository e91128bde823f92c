// What kind a JSON-RPC message is, for messages that were validated already (the endpoint checks
// every message of a POST once, and the SDK's server sends only well-formed ones). The SDK's own
// guards parse the message again with zod each time, and a failing parse, which most of them
// are, costs more than the rest of the endpoint's routing.
import type {
  JSONRPCErrorResponse,
  JSONRPCMessage,
  JSONRPCNotification,
  JSONRPCRequest,
  JSONRPCResultResponse,
} from '@modelcontextprotocol/sdk/types.js';

export function isRequest(message: JSONRPCMessage): message is JSONRPCRequest {
  return 'method' in message && 'id' in message;
}

export function isNotification(message: JSONRPCMessage): message is JSONRPCNotification {
  return 'method' in message && !('id' in message);
}

/** A result or an error: the answer to a request. */
export function isAnswer(
  message: JSONRPCMessage,
): message is JSONRPCResultResponse | JSONRPCErrorResponse {
  return !('method' in message);
}

/** The client's name, as an initialize request among the messages states it. */
export function initializingClient(messages: readonly JSONRPCMessage[]): string | undefined {
  for (const message of messages) {
    if (!isRequest(message) || message.method !== 'initialize') continue;
    const info = message.params?.clientInfo;
    if (typeof info === 'object' && info !== null && 'name' in info) {
      if (typeof info.name === 'string') return info.name;
    }
  }
  return undefined;
}

export function initializes(messages: readonly JSONRPCMessage[]): boolean {
  return messages.some((message) => isRequest(message) && message.method === 'initialize');
}
