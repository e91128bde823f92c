// A tool switched off by `configure` with `action: "update_tool_status"`, end to end on the
// satellite: the command's real handler, the saved state, and real MCP clients of the endpoint
// whose upstreams are real MCP servers.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBackend } from '../../../satellite/src/agent/backend.js';
import { runCommand } from '../../../satellite/src/agent/commands.js';
import { createConfiguration } from '../../../satellite/src/agent/configuration.js';
import { loadToolStatus } from '../../../satellite/src/agent/tool-status.js';
import { offeredPool } from '../../../satellite/src/mcp/catalog.js';
import { createTokenChecker } from '../../../satellite/src/mcp/tokens.js';
import type { ToolStatus } from '../../../satellite/src/parts.js';
import { tempDir } from '../servers/helpers.js';
import {
  FakePool,
  FakeUpstream,
  active,
  connectClient,
  entry,
  silentLog,
  startHarness,
  text,
  type ConnectOptions,
  type FakeTool,
  type Harness,
} from './helpers.js';

const creds = { id: 'sat_1', key: 'ssk_test' };

function tool(name: string, description: string): FakeTool {
  return {
    tool: { name, description, inputSchema: { type: 'object' } },
    run: async () => text(`${name} ran`),
  };
}

const files = new FakeUpstream({
  key: 'files-key',
  entry: entry('usr_a', 'files'),
  tools: [tool('read', 'Reads a file'), tool('delete', 'Deletes a file')],
});
// Another installation with a tool of the same name: switching one off leaves the other.
const notes = new FakeUpstream({
  key: 'notes-key',
  entry: entry('usr_a', 'notes'),
  tools: [tool('delete', 'Deletes a note')],
});
const pool = new FakePool([files, notes]);

let dir: { dir: string; remove: () => Promise<void> };
let status: ToolStatus;
let harness: Harness;
const clients: Client[] = [];

async function connect(options?: ConnectOptions, on: Harness = harness) {
  const client = await connectClient(on, 'tokA', options);
  clients.push(client);
  return client;
}

/** The command as Groundstation sends it, run by the satellite's own handler. */
function updateToolStatus(payload: Record<string, unknown>) {
  const parts = {
    pool,
    tokens: createTokenChecker({ introspect: async () => ({ active: false }) }),
    configuration: createConfiguration(
      createBackend('http://127.0.0.1:9'),
      pool,
      { emit() {} },
      silentLog,
    ),
    toolStatus: status,
  };
  const command = {
    id: 'cmd_1',
    command_type: 'configure',
    payload: { action: 'update_tool_status', team_id: 'team_1', ...payload },
  };
  return runCommand(command, creds, parts);
}

const names = async (client: Client) => (await client.listTools()).tools.map((t) => t.name);

beforeAll(async () => {
  dir = await tempDir();
  status = await loadToolStatus(dir.dir, silentLog);
  harness = await startHarness(offeredPool(pool, status), { tokA: active('usr_a') });
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await updateToolStatus({
    installation_id: 'inst_files',
    tool_name: 'delete',
    is_disabled: false,
  });
});

afterAll(async () => {
  await harness.close();
  await pool.close();
  await dir.remove();
});

describe('update_tool_status', () => {
  it('hides the tool from tools/list and refuses to call it until it is switched on again', async () => {
    const client = await connect();
    expect(await names(client)).toEqual(['files__read', 'files__delete', 'notes__delete']);

    const outcome = await updateToolStatus({
      installation_id: 'inst_files',
      tool_name: 'delete',
      is_disabled: true,
    });
    expect(outcome).toEqual({
      status: 'completed',
      result: { tool_name: 'delete', is_disabled: true, message: 'Tool disabled successfully' },
    });
    expect(await names(client)).toEqual(['files__read', 'notes__delete']);
    await expect(client.callTool({ name: 'files__delete', arguments: {} })).rejects.toThrow(
      'Unknown tool: files__delete',
    );
    expect(files.calls).toEqual([]);
    // The same name of another installation is untouched.
    expect(await client.callTool({ name: 'notes__delete', arguments: {} })).toEqual(
      text('delete ran'),
    );

    const single = await connect({ path: '/mcp/inst_files' });
    expect(await names(single)).toEqual(['read']);

    expect(
      await updateToolStatus({
        installation_id: 'inst_files',
        tool_name: 'delete',
        is_disabled: false,
      }),
    ).toMatchObject({ status: 'completed', result: { is_disabled: false } });
    expect(await names(client)).toEqual(['files__read', 'files__delete', 'notes__delete']);
    await client.callTool({ name: 'files__delete', arguments: {} });
    expect(files.calls.map((call) => call.name)).toEqual(['delete']);
  });

  it('hides it from discovery mode: search, describe and call', async () => {
    await updateToolStatus({
      installation_id: 'inst_files',
      tool_name: 'delete',
      is_disabled: true,
    });
    const client = await connect({ path: '/mcp?mode=discovery' });
    const found = await client.callTool({ name: 'search_tools', arguments: { query: 'delete' } });
    expect(found.structuredContent).toEqual({
      tools: [{ name: 'notes__delete', description: 'Deletes a note' }],
    });
    for (const meta of ['describe_tool', 'call_tool']) {
      const answer = await client.callTool({ name: meta, arguments: { name: 'files__delete' } });
      expect(answer.isError).toBe(true);
    }
  });

  it('keeps a switched-off tool off after a restart', async () => {
    await updateToolStatus({
      installation_id: 'inst_files',
      tool_name: 'delete',
      is_disabled: true,
    });
    const restarted = await startHarness(
      offeredPool(pool, await loadToolStatus(dir.dir, silentLog)),
      {
        tokA: active('usr_a'),
      },
    );
    try {
      expect(await names(await connect({}, restarted))).toEqual(['files__read', 'notes__delete']);
    } finally {
      await Promise.all(clients.splice(0).map((client) => client.close()));
      await restarted.close();
    }
  });

  it('fails without an installation, a tool name or a boolean is_disabled', async () => {
    const complete = { installation_id: 'inst_files', tool_name: 'delete', is_disabled: true };
    for (const [missing, error] of [
      ['installation_id', 'payload.installation_id is required'],
      ['tool_name', 'payload.tool_name is required'],
      ['is_disabled', 'payload.is_disabled must be true or false'],
    ] as const) {
      const payload: Record<string, unknown> = { ...complete };
      delete payload[missing];
      expect(await updateToolStatus(payload)).toEqual({ status: 'failed', error });
    }
    expect(await updateToolStatus({ ...complete, is_disabled: 'yes' })).toMatchObject({
      status: 'failed',
    });
    expect(status.isDisabled('inst_files', 'delete')).toBe(false);
  });

  it('refuses to switch off more tools than its limit, and starts with none from a bad file', async () => {
    const other = await tempDir();
    try {
      const limited = await loadToolStatus(other.dir, silentLog, 2);
      await limited.set('inst_a', 'one', true);
      await limited.set('inst_b', 'two', true);
      await expect(limited.set('inst_a', 'three', true)).rejects.toThrow(
        '2 tools are switched off',
      );
      await limited.set('inst_a', 'one', false);
      await limited.set('inst_a', 'three', true);
      expect(limited.isDisabled('inst_a', 'three')).toBe(true);

      await writeFile(path.join(other.dir, 'disabled-tools.json'), '{"installations": [1]}');
      const warnings: string[] = [];
      const log = { ...silentLog, warn: (_: object, message: string) => warnings.push(message) };
      const reloaded = await loadToolStatus(other.dir, log);
      expect(reloaded.isDisabled('inst_a', 'three')).toBe(false);
      expect(warnings).toHaveLength(1);
    } finally {
      await other.remove();
    }
  });
});
