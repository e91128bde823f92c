// How the endpoint answers a POST on the wire (post-transport.ts): JSON when it has nothing to
// say first, a stream of server-sent events when it does or when the answer takes a while, as
// the client's Accept header allows; and the requests it refuses before any server sees them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_AFTER_MS } from '../../../satellite/src/mcp/post-transport.js';
import { createFixture, type Fixture } from './fixtures.js';
import { active, rpcAnswers, startHarness, type Harness } from './helpers.js';

const BOTH = 'application/json, text/event-stream';

describe('MCP endpoint answers', () => {
  let fixture: Fixture;
  let harness: Harness;

  beforeAll(async () => {
    fixture = createFixture();
    harness = await startHarness(
      fixture.pool,
      { tokA: active('usr_a') },
      { reporting: { authFailureWindowMs: 30 } },
    );
  });

  afterAll(async () => {
    await harness.close();
    await fixture.pool.close();
  });

  const post = (body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    fetch(`${harness.url}/mcp`, {
      method: 'POST',
      signal,
      headers: {
        Authorization: 'Bearer tokA',
        'Content-Type': 'application/json',
        Accept: BOTH,
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const call = (id: number, name: string, meta?: object) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: { path: '/p' }, ...(meta ? { _meta: meta } : {}) },
  });

  it('answers a quick call with one JSON body, and a batch with an array', async () => {
    const single = await post(call(1, 'files__read_file'));
    expect(single.status).toBe(200);
    expect(single.headers.get('content-type')).toBe('application/json');
    expect(await single.json()).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: 'A read /p' }] },
    });

    const batch = await post([
      call(7, 'files__read_file'),
      { jsonrpc: '2.0', id: 8, method: 'ping' },
    ]);
    expect(batch.headers.get('content-type')).toBe('application/json');
    const answers: unknown = await batch.json();
    expect(answers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 7 }),
        expect.objectContaining({ id: 8 }),
      ]),
    );
    expect(answers).toHaveLength(2);
  });

  it('streams when the server sends something first: progress before the answer', async () => {
    const response = await post(call(2, 'files__slow', { progressToken: 'p1' }));
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const messages = await rpcAnswers(response);
    expect(messages.map((message) => message.method ?? `answer ${message.id}`)).toEqual([
      'notifications/progress',
      'notifications/progress',
      'notifications/progress',
      'answer 2',
    ]);
    expect(messages[0].params).toMatchObject({ progressToken: 'p1', progress: 1, total: 3 });
  });

  it('sends a JSON-only client its answer and nothing before it', async () => {
    const response = await post(call(3, 'files__slow', { progressToken: 'p2' }), {
      Accept: 'application/json',
    });
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toMatchObject({ id: 3, result: { content: [{ text: 'done' }] } });
  });

  it('answers a stream-only client with events', async () => {
    const response = await post(call(4, 'files__read_file'), { Accept: 'text/event-stream' });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await rpcAnswers(response)).toMatchObject([{ id: 4, result: {} }]);
  });

  it('starts the stream when the answer takes a while, so the client has its headers', async () => {
    fixture.waits.reset();
    const controller = new AbortController();
    const started = performance.now();
    const response = await post(call(5, 'files__wait'), {}, controller.signal);
    // The headers came while the call was still running (it waits until cancelled).
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(performance.now() - started).toBeGreaterThanOrEqual(STREAM_AFTER_MS - 20);
    controller.abort();
    await response.body?.cancel().catch(() => undefined);
  });

  it('answers a POST of notifications only with 202 and no body', async () => {
    const response = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
  });

  it('refuses what no server should see, with a JSON-RPC error', async () => {
    const refusals: Array<[unknown, Record<string, string>, number]> = [
      [call(6, 'files__read_file'), { Accept: 'image/png' }, 406],
      [{ hello: 'world' }, {}, 400],
      [[], {}, 400],
      [call(6, 'files__read_file'), { 'MCP-Protocol-Version': '1999-01-01' }, 400],
    ];
    const calls = () => fixture.filesA.calls.length;
    const before = calls();
    for (const [body, headers, status] of refusals) {
      const response = await post(body, headers);
      expect(response.status).toBe(status);
      const answer = await response.json();
      expect(answer).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: expect.any(Number) },
      });
    }
    expect(calls()).toBe(before);
  });

  it('serves an initialize that states a version the header does not', async () => {
    const response = await post(
      {
        jsonrpc: '2.0',
        id: 9,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      },
      { 'MCP-Protocol-Version': '1999-01-01' },
    );
    expect(response.status).toBe(200);
    expect((await rpcAnswers(response))[0].result.protocolVersion).toBe('2025-06-18');
  });

  it('reports refused tokens as security.auth.failed, but not the tokenless first request', async () => {
    const failures = () => harness.events.filter((event) => event.type === 'security.auth.failed');
    const before = failures().length;
    expect((await post(call(10, 'files__read_file'), { Authorization: '' })).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(failures()).toHaveLength(before);
    for (const token of ['forged-1', 'forged-2']) {
      expect(
        (await post(call(11, 'files__read_file'), { Authorization: `Bearer ${token}` })).status,
      ).toBe(401);
    }
    await expect.poll(() => failures().length).toBe(before + 1);
    expect(failures().at(-1)?.data).toMatchObject({
      reason: 'invalid_token',
      ip_address: '127.0.0.1',
      failure_count: 2,
    });
  });
});
