// Stateless Streamable HTTP gives every POST its own server, but two kinds of message belong to
// a request another POST is still serving: the client's answer to a request the server sent it
// (a relayed sampling or elicitation) and its `notifications/cancelled` for a running call.
// This hub, one per endpoint, hands them to the transport that is waiting for them.
//
// Limits: it works within one process. When replicas share the endpoint without sticky
// sessions, such a message may reach a replica that does not hold the call: an answer is then
// lost (the relayed request times out) and a cancellation has no effect (the call runs to its
// end; a client that drops the connection still cancels it, see endpoint.ts). Ids the server
// sends are rewritten to random ones, so that a client's answer can name only its own request;
// a cancellation names the client's own request id, which is matched per bearer token, and is
// ignored when two calls of one token share the id.
import { randomUUID } from 'node:crypto';
import type {
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/sdk/shared/transport.js';
import type {
  JSONRPCErrorResponse,
  JSONRPCMessage,
  JSONRPCResultResponse,
  MessageExtraInfo,
  RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { isAnswer, isNotification, isRequest } from './messages.js';

/** A POST's transport as the hub wraps it. */
export interface ExchangeTransport extends Transport {
  /** Forgets what the hub holds for this POST, once it has been answered. */
  release(): void;
}

export interface ExchangeHub {
  /** A transport for one POST's server, owned by `owner` (a digest of the bearer token). */
  wrap(inner: Transport, owner: string): ExchangeTransport;
  /**
   * Hands a POST's messages to the transports waiting for them. False when the POST holds a
   * request (it then needs a server of its own); true when it was only answers and
   * notifications, which are now dealt with (the caller answers 202).
   */
  deliver(messages: readonly JSONRPCMessage[], owner: string): boolean;
}

interface Outbound {
  transport: WrappedTransport;
  owner: string;
  originalId: RequestId;
}

interface Registry {
  outbound: Map<string, Outbound>;
  inbound: Map<string, Set<WrappedTransport>>;
}

function inboundKey(owner: string, id: RequestId): string {
  return `${owner}\n${typeof id}:${String(id)}`;
}

class WrappedTransport implements ExchangeTransport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  private readonly wireIds = new Map<RequestId, string>();
  private readonly inboundKeys = new Set<string>();

  constructor(
    private readonly inner: Transport,
    private readonly registry: Registry,
    readonly owner: string,
  ) {
    inner.onmessage = (message, extra) => this.receive(message, extra);
    inner.onerror = (error) => this.onerror?.(error);
    inner.onclose = () => {
      this.release();
      this.onclose?.();
    };
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  close(): Promise<void> {
    this.release();
    return this.inner.close();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (isRequest(message)) {
      const wireId = `gs-${randomUUID()}`;
      this.wireIds.set(message.id, wireId);
      const outbound = { transport: this, owner: this.owner, originalId: message.id };
      this.registry.outbound.set(wireId, outbound);
      return this.inner.send({ ...message, id: wireId }, options);
    }
    if (isAnswer(message) && message.id !== undefined) {
      this.forgetInbound(inboundKey(this.owner, message.id));
    }
    if (isNotification(message) && message.method === 'notifications/cancelled') {
      const requestId = message.params?.requestId;
      const wireId = isRequestId(requestId) ? this.wireIds.get(requestId) : undefined;
      if (wireId)
        return this.inner.send(
          { ...message, params: { ...message.params, requestId: wireId } },
          options,
        );
    }
    return this.inner.send(message, options);
  }

  /** An answer to one of this server's requests, with the id the server gave it. */
  answer(message: JSONRPCResultResponse | JSONRPCErrorResponse, originalId: RequestId): void {
    this.onmessage?.({ ...message, id: originalId });
  }

  pass(message: JSONRPCMessage): void {
    this.onmessage?.(message);
  }

  private receive(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    if (isRequest(message)) {
      const key = inboundKey(this.owner, message.id);
      const set = this.registry.inbound.get(key) ?? new Set<WrappedTransport>();
      set.add(this);
      this.registry.inbound.set(key, set);
      this.inboundKeys.add(key);
    }
    this.onmessage?.(message, extra);
  }

  private forgetInbound(key: string): void {
    const set = this.registry.inbound.get(key);
    set?.delete(this);
    if (set?.size === 0) this.registry.inbound.delete(key);
    this.inboundKeys.delete(key);
  }

  release(): void {
    for (const key of [...this.inboundKeys]) this.forgetInbound(key);
    for (const wireId of this.wireIds.values()) this.registry.outbound.delete(wireId);
    this.wireIds.clear();
  }
}

function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || typeof value === 'number';
}

export function createExchangeHub(): ExchangeHub {
  const registry: Registry = { outbound: new Map(), inbound: new Map() };
  return {
    wrap: (inner, owner) => new WrappedTransport(inner, registry, owner),
    deliver(messages, owner) {
      if (messages.some((message) => isRequest(message))) return false;
      for (const message of messages) {
        if (isAnswer(message)) {
          const waiting =
            message.id === undefined ? undefined : registry.outbound.get(String(message.id));
          if (waiting?.owner !== owner) continue;
          registry.outbound.delete(String(message.id));
          waiting.transport.answer(message, waiting.originalId);
        } else if (isNotification(message) && message.method === 'notifications/cancelled') {
          const requestId = message.params?.requestId;
          if (!isRequestId(requestId)) continue;
          const calls = registry.inbound.get(inboundKey(owner, requestId));
          const only = calls?.size === 1 ? [...calls][0] : undefined;
          only?.pass(message);
        }
      }
      return true;
    },
  };
}
