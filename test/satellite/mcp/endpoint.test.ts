// The MCP endpoint end to end: real SDK clients over HTTP, real MCP servers as upstreams.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LONG_NAME, createFixture, type Fixture } from './fixtures.js';
import {
  active,
  connectClient,
  rpcAnswers,
  startHarness,
  type ConnectOptions,
  type Harness,
} from './helpers.js';

const VALID = /^[a-zA-Z0-9_-]{1,64}$/;

/** The first text of a tool's result. */
function textOf(result: object): string {
  const content = 'content' in result && Array.isArray(result.content) ? result.content : [];
  return content[0]?.type === 'text' ? String(content[0].text) : '';
}

describe('MCP endpoint', () => {
  let fixture: Fixture;
  let harness: Harness;
  const clients: Client[] = [];
  const connect = async (token: string, options?: ConnectOptions) => {
    const client = await connectClient(harness, token, options);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    fixture = createFixture();
    harness = await startHarness(
      fixture.pool,
      {
        tokA: active('usr_a'),
        tokA2: active('usr_a', { client_id: 'client_second' }),
        tokB: active('usr_b'),
        tokNoScope: active('usr_a', { scope: 'openid profile' }),
      },
      { reporting: { batchMs: 30, activityMs: 30 } },
    );
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await harness.close();
    await fixture.pool.close();
  });

  describe('authorization', () => {
    it('serves protected-resource metadata for the endpoint and each installation', async () => {
      for (const [path, resource] of [
        ['/.well-known/oauth-protected-resource/mcp', `${harness.url}/mcp`],
        ['/.well-known/oauth-protected-resource', `${harness.url}/mcp`],
        ['/.well-known/oauth-protected-resource/mcp/inst_files', `${harness.url}/mcp/inst_files`],
      ]) {
        const response = await fetch(`${harness.url}${path}`);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({
          resource,
          authorization_servers: ['https://groundstation.test'],
          bearer_methods_supported: ['header'],
          scopes_supported: ['mcp:read', 'mcp:tools:execute'],
        });
      }
      expect(
        (await fetch(`${harness.url}/.well-known/oauth-protected-resource/other`)).status,
      ).toBe(404);
    });

    it('answers 401 with a challenge that points at the metadata', async () => {
      const missing = await fetch(`${harness.url}/mcp`, { method: 'POST', body: '{}' });
      expect(missing.status).toBe(401);
      expect(missing.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${harness.url}/.well-known/oauth-protected-resource/mcp"`,
      );
      expect(await missing.json()).toMatchObject({ error: 'unauthorized' });

      for (const token of ['nope', 'tokNoScope']) {
        const wrong = await fetch(`${harness.url}/mcp/inst_files`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}` },
          body: '{}',
        });
        expect(wrong.status).toBe(401);
        const challenge = wrong.headers.get('www-authenticate') ?? '';
        expect(challenge).toContain(
          `resource_metadata="${harness.url}/.well-known/oauth-protected-resource/mcp/inst_files"`,
        );
        expect(challenge).toContain('error="invalid_token"');
        expect(await wrong.json()).toMatchObject({ error: 'invalid_token' });
      }
    });

    it('answers GET and DELETE 405 (stateless: no session stream)', async () => {
      for (const method of ['GET', 'DELETE']) {
        const response = await fetch(`${harness.url}/mcp`, {
          method,
          headers: { Authorization: 'Bearer tokA', Accept: 'text/event-stream' },
        });
        expect(response.status).toBe(405);
      }
    });

    it('introspects a token once, and again after forgetUser', async () => {
      const count = () => harness.introspections.filter((token) => token === 'tokA2').length;
      const client = await connect('tokA2');
      await client.listTools();
      await client.listTools();
      expect(count()).toBe(1);
      expect(harness.forgetUser('usr_a')).toBeGreaterThanOrEqual(1);
      await client.listTools();
      expect(count()).toBe(2);
    });
  });

  describe('tools', () => {
    it('lists every upstream tool of the user under unique, valid prefixed names', async () => {
      const client = await connect('tokA');
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      for (const name of names) expect(name).toMatch(VALID);
      expect(names).toEqual(
        expect.arrayContaining(['files__read_file', 'files__slow', 'notes__add_note']),
      );
      const archive = names.filter(
        (name) => name.endsWith('__add_note') && name !== 'notes__add_note',
      );
      expect(archive).toHaveLength(1);
      expect(archive[0]).toMatch(/^notes-[0-9a-f]{4}__add_note$/);
      expect(new Set(names).size).toBe(names.length);
      expect(names.some((name) => name.startsWith('files__get_item_'))).toBe(true);
    });

    it('routes a call to the right upstream and returns its result', async () => {
      const client = await connect('tokA');
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(
        textOf(await client.callTool({ name: 'files__read_file', arguments: { path: '/x' } })),
      ).toBe('A read /x');
      expect(
        textOf(await client.callTool({ name: 'notes__add_note', arguments: { note: 'hi' } })),
      ).toBe('noted hi');
      const archive = names.find((name) => /^notes-[0-9a-f]{4}__add_note$/.test(name)) ?? '';
      expect(textOf(await client.callTool({ name: archive, arguments: {} }))).toBe('archived');
      const long = names.find((name) => name.startsWith('files__fetch_very_')) ?? '';
      expect(long.length).toBeLessThanOrEqual(64);
      expect(textOf(await client.callTool({ name: long }))).toBe('long');
      expect(fixture.filesA.calls.some((call) => call.name === LONG_NAME)).toBe(true);
      const dotted = names.find((name) => name.startsWith('files__get_item_')) ?? '';
      expect(textOf(await client.callTool({ name: dotted }))).toBe('dotted');
      expect(fixture.filesA.touches).toBeGreaterThan(0);
    });

    it("never lets a user reach another user's upstream", async () => {
      const clientB = await connect('tokB');
      const names = (await clientB.listTools()).tools.map((tool) => tool.name);
      expect(names).toEqual(['files__read_file']);
      await expect(
        clientB.callTool({ name: 'notes__add_note', arguments: { note: 'x' } }),
      ).rejects.toThrow(/Unknown tool/);
      expect(
        textOf(await clientB.callTool({ name: 'files__read_file', arguments: { path: '/y' } })),
      ).toBe('B read /y');
      expect(fixture.filesA.calls.some((call) => call.args.path === '/y')).toBe(false);
    });

    it('relays progress notifications to the client', async () => {
      const client = await connect('tokA');
      const progress: number[] = [];
      const result = await client.callTool({ name: 'files__slow' }, undefined, {
        onprogress: (update) => progress.push(update.progress),
      });
      expect(textOf(result)).toBe('done');
      expect(progress).toEqual([1, 2, 3]);
    });

    it("passes the client's cancellation on to the upstream", async () => {
      const client = await connect('tokA');
      const controller = new AbortController();
      const call = client.callTool({ name: 'files__wait' }, undefined, {
        signal: controller.signal,
      });
      await fixture.waits.started;
      controller.abort('changed my mind');
      await expect(call).rejects.toThrow();
      await vi.waitFor(() => expect(fixture.waits.aborted).toBe(true));
    });

    it('cancels the upstream call when the client hangs up', async () => {
      fixture.waits.reset();
      const controller = new AbortController();
      const request = fetch(`${harness.url}/mcp`, {
        method: 'POST',
        signal: controller.signal,
        headers: {
          Authorization: 'Bearer tokA',
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'files__wait' },
        }),
      });
      const response = await request;
      await fixture.waits.started;
      controller.abort();
      await response.body?.cancel().catch(() => undefined);
      await vi.waitFor(() => expect(fixture.waits.aborted).toBe(true));
    });

    it("relays an upstream's sampling request to the calling client", async () => {
      const client = await connect('tokA', { capabilities: { sampling: {} } });
      client.setRequestHandler(CreateMessageRequestSchema, () => ({
        role: 'assistant',
        content: { type: 'text', text: 'sampled' },
        model: 'test-model',
      }));
      expect(textOf(await client.callTool({ name: 'files__ask' }))).toBe('model said sampled');
    });
  });

  describe('one installation', () => {
    it('serves /mcp/<installation> with unprefixed names, for the caller only', async () => {
      const clientA = await connect('tokA', { path: '/mcp/inst_files' });
      const names = (await clientA.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain('read_file');
      expect(names.every((name) => !name.startsWith('files__') && VALID.test(name))).toBe(true);
      expect(textOf(await clientA.callTool({ name: 'read_file', arguments: { path: '/a' } }))).toBe(
        'A read /a',
      );

      const clientB = await connect('tokB', { path: '/mcp/files' });
      expect(textOf(await clientB.callTool({ name: 'read_file', arguments: { path: '/b' } }))).toBe(
        'B read /b',
      );
    });

    it('answers 404 for an installation the user has no instance of', async () => {
      const response = await fetch(`${harness.url}/mcp/inst_notes`, {
        method: 'POST',
        headers: {
          Authorization: 'Bearer tokB',
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(response.status).toBe(404);
    });
  });

  describe('resources, prompts, completion, logging', () => {
    it('lists resources, namespacing a URI two upstreams share, and reads each', async () => {
      const client = await connect('tokA');
      const uris = (await client.listResources()).resources.map((resource) => resource.uri);
      expect(uris.sort()).toEqual([
        'files+file:///shared',
        'memo://files-only',
        'notes+file:///shared',
      ]);
      const read = async (uri: string) => {
        const content = (await client.readResource({ uri })).contents[0];
        return content && 'text' in content ? { uri: content.uri, text: content.text } : undefined;
      };
      expect(await read('memo://files-only')).toEqual({
        uri: 'memo://files-only',
        text: 'files only',
      });
      expect(await read('notes+file:///shared')).toEqual({
        uri: 'notes+file:///shared',
        text: 'notes shared',
      });
      expect(await read('files+file:///shared')).toEqual({
        uri: 'files+file:///shared',
        text: 'files shared',
      });
      const templates = (await client.listResourceTemplates()).resourceTemplates;
      expect(templates.map((template) => template.uriTemplate)).toEqual(['file:///docs/{name}']);
      expect((await read('file:///docs/readme'))?.text).toBe(
        'files-usr_a templated file:///docs/readme',
      );
      await expect(client.readResource({ uri: 'memo://nowhere' })).rejects.toThrow(/not found/);
    });

    it('gets prompts, completes their arguments and forwards the log level', async () => {
      const client = await connect('tokA');
      const prompts = (await client.listPrompts()).prompts.map((prompt) => prompt.name);
      expect(prompts).toEqual(['notes__greet']);
      const prompt = await client.getPrompt({ name: 'notes__greet', arguments: { name: 'Al' } });
      expect(prompt.messages[0]?.content).toEqual({
        type: 'text',
        text: 'notes-usr_a:greet:{"name":"Al"}',
      });
      const completion = await client.complete({
        ref: { type: 'ref/prompt', name: 'notes__greet' },
        argument: { name: 'name', value: 'Al' },
      });
      expect(completion.completion.values).toEqual(['notes-usr_a-Al']);
      await client.setLoggingLevel('debug');
      expect(fixture.notesA.levels).toEqual(['debug']);
    });
  });

  describe('discovery mode', () => {
    for (const [label, options] of [
      ['the query parameter', { path: '/mcp?mode=discovery' }],
      ['the header', { headers: { 'X-Groundstation-Tools': 'discovery' } }],
    ] as const) {
      it(`offers search, describe and call instead of every tool (${label})`, async () => {
        const client = await connect('tokA', options);
        const tools = (await client.listTools()).tools.map((tool) => tool.name);
        expect(tools).toEqual(['search_tools', 'describe_tool', 'call_tool']);

        const found = await client.callTool({
          name: 'search_tools',
          arguments: { query: 'note', limit: 5 },
        });
        const matches = (found.structuredContent as { tools: Array<{ name: string }> }).tools;
        expect(matches[0]?.name).toBe('notes__add_note');
        expect(matches.every((match) => match.name.endsWith('add_note'))).toBe(true);

        const described = await client.callTool({
          name: 'describe_tool',
          arguments: { name: 'notes__add_note' },
        });
        expect(described.structuredContent).toMatchObject({
          name: 'notes__add_note',
          inputSchema: { required: ['note'] },
        });

        const called = await client.callTool({
          name: 'call_tool',
          arguments: { name: 'files__read_file', arguments: { path: '/d' } },
        });
        expect(textOf(called)).toBe('A read /d');
        const unknown = await client.callTool({
          name: 'call_tool',
          arguments: { name: 'nope__x' },
        });
        expect(unknown.isError).toBe(true);
      });
    }
  });

  describe('reporting', () => {
    it('batches request logs per installation, and none where logging is off', async () => {
      const client = await connect('tokA');
      await client.callTool({ name: 'files__read_file', arguments: { path: '/logged' } });
      await client.callTool({ name: 'notes__add_note', arguments: { note: 'secret' } });
      await vi.waitFor(() => {
        const logged = harness.events.filter(
          (event) =>
            event.type === 'mcp.request.logs' && JSON.stringify(event.data).includes('/logged'),
        );
        expect(logged).toHaveLength(1);
        expect(logged[0]?.data).toMatchObject({ installation_id: 'inst_files', team_id: 'team_1' });
        const request = (logged[0]?.data.requests as Array<Record<string, unknown>>).find(
          (entry) => JSON.stringify(entry.tool_params) === '{"path":"/logged"}',
        );
        expect(request).toMatchObject({
          user_id: 'usr_a',
          tool_name: 'files__read_file',
          tool_response: { content: [{ type: 'text', text: 'A read /logged' }] },
          success: true,
        });
        expect(typeof request?.response_time_ms).toBe('number');
        expect(typeof request?.timestamp).toBe('string');
      });
      const notes = harness.events.filter(
        (event) => event.type === 'mcp.request.logs' && event.data.installation_id === 'inst_notes',
      );
      expect(notes).toEqual([]);
    });

    it('sums each client’s requests into activity events', async () => {
      await vi.waitFor(() => {
        const activity = harness.events.find(
          (event) =>
            event.type === 'mcp.client.activity' && event.data.oauth_client_id === 'client_usr_a',
        );
        expect(activity?.data).toMatchObject({
          user_id: 'usr_a',
          team_id: 'team_1',
          auth_type: 'oauth',
          client_name: 'endpoint-test',
        });
        expect(activity?.data.request_count).toEqual(expect.any(Number));
        expect(activity?.data.tool_call_count).toEqual(expect.any(Number));
      });
    });
  });

  describe('introspection failure', () => {
    it('answers 503 rather than 401 when Groundstation cannot be asked', async () => {
      const failing = await startHarness(
        fixture.pool,
        {},
        {
          tokens: {
            check: () => Promise.reject(new Error('unreachable')),
            forgetUser: () => 0,
          },
        },
      );
      try {
        const response = await fetch(`${failing.url}/mcp`, {
          method: 'POST',
          headers: { Authorization: 'Bearer tokA' },
          body: '{}',
        });
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('5');
      } finally {
        await failing.close();
      }
    });
  });

  describe('protocol versions', () => {
    it.each(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'])(
      'initializes and lists tools with %s',
      async (version) => {
        const post = async (body: object, headers: Record<string, string> = {}) => {
          const response = await fetch(`${harness.url}/mcp`, {
            method: 'POST',
            headers: {
              Authorization: 'Bearer tokA',
              'Content-Type': 'application/json',
              Accept: 'application/json, text/event-stream',
              ...headers,
            },
            body: JSON.stringify(body),
          });
          return (await rpcAnswers(response))[0];
        };
        const init = await post({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: version,
            capabilities: {},
            clientInfo: { name: 'raw', version: '1' },
          },
        });
        expect(init.result.protocolVersion).toBe(version);
        const listed = await post(
          { jsonrpc: '2.0', id: 2, method: 'tools/list' },
          { 'MCP-Protocol-Version': version },
        );
        expect(listed.result.tools.length).toBeGreaterThan(3);
      },
    );
  });
});
