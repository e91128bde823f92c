import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isJSONRPCRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createExchangeHub } from '../../../satellite/src/mcp/exchanges.js';

/** A transport that records what the server sends and lets the test play the client. */
function fakeInner(): Transport & { sent: JSONRPCMessage[] } {
  const sent: JSONRPCMessage[] = [];
  return {
    sent,
    start: async () => {},
    close: async function (this: Transport) {
      this.onclose?.();
    },
    send: async (message) => {
      sent.push(message);
    },
  };
}

/** The id the server's request went out with. */
function sentId(inner: { sent: JSONRPCMessage[] }, index: number): string {
  const message = inner.sent[index];
  if (!isJSONRPCRequest(message) || typeof message.id !== 'string') throw new Error('no request');
  return message.id;
}

function setup() {
  const hub = createExchangeHub();
  const inner = fakeInner();
  const transport = hub.wrap(inner, 'owner-1');
  const received: JSONRPCMessage[] = [];
  transport.onmessage = (message) => received.push(message);
  // The client's call this POST serves.
  inner.onmessage?.({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'x' } });
  received.length = 0;
  return { hub, inner, transport, received };
}

describe('exchange hub', () => {
  it("hands a client's answer to the server that asked, under the server's own id", async () => {
    const { hub, inner, transport, received } = setup();
    await transport.send({ jsonrpc: '2.0', id: 0, method: 'roots/list' }, { relatedRequestId: 7 });
    const wireId = sentId(inner, 0);
    expect(wireId).toMatch(/^gs-/);

    const answer = { jsonrpc: '2.0' as const, id: wireId, result: { roots: [] } };
    expect(hub.deliver([answer], 'owner-2')).toBe(true);
    expect(received).toEqual([]);
    expect(hub.deliver([answer], 'owner-1')).toBe(true);
    expect(received).toEqual([{ ...answer, id: 0 }]);
    expect(hub.deliver([answer], 'owner-1')).toBe(true);
    expect(received).toHaveLength(1);
  });

  it("passes the owner's cancellation to the call it names, and rewrites the server's own", async () => {
    const { hub, inner, transport, received } = setup();
    const cancel = (requestId: number) => ({
      jsonrpc: '2.0' as const,
      method: 'notifications/cancelled',
      params: { requestId },
    });
    hub.deliver([cancel(7)], 'owner-2');
    hub.deliver([cancel(8)], 'owner-1');
    expect(received).toEqual([]);
    hub.deliver([cancel(7)], 'owner-1');
    expect(received).toEqual([cancel(7)]);

    await transport.send({ jsonrpc: '2.0', id: 3, method: 'sampling/createMessage', params: {} });
    const wireId = sentId(inner, 0);
    await transport.send(cancel(3));
    expect(inner.sent[1]).toEqual({ ...cancel(3), params: { requestId: wireId } });
  });

  it('leaves a POST with a request to a server of its own, and forgets a closed transport', async () => {
    const { hub, inner, transport, received } = setup();
    expect(hub.deliver([{ jsonrpc: '2.0', id: 1, method: 'ping' }], 'owner-1')).toBe(false);
    await transport.send({ jsonrpc: '2.0', id: 0, method: 'roots/list' });
    const wireId = sentId(inner, 0);
    await transport.close();
    hub.deliver([{ jsonrpc: '2.0', id: wireId, result: {} }], 'owner-1');
    expect(received).toEqual([]);
  });
});
