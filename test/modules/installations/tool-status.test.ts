import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpServerInstallations } from '../../../src/db/schema/index.js';
import { MAX_DISABLED_TOOLS } from '../../../src/modules/installations/schemas.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createServer, installServer } from '../../helpers/catalogue.js';
import { event, pair, postEvents } from '../../helpers/satellites.js';
import { UNLIMITED_ENV } from '../../helpers/world.js';

/**
 * Switching one tool of an installation off for the team's MCP clients: the route, what the
 * satellites are told (a `configure` command with the protocol's `update_tool_status` action,
 * and the list in every configuration entry), the tools list and the audit log.
 */

type Satellite = Awaited<ReturnType<typeof pair>>;
let t: TestApp;
let alice: Account;
let bob: Account;
let carol: Account;
let team: string;
let installation: string;
let satellite: Satellite;

const send = (method: 'PATCH' | 'POST', url: string, headers: object, payload: unknown) =>
  t.app.inject({ method, url, headers: { ...json, ...headers }, payload: payload as string });
const get = (url: string, headers: object) => t.app.inject({ url, headers: headers as never });
const toolUrl = (name: string, id = installation, teamId = team) =>
  `/api/teams/${teamId}/mcp/installations/${id}/tools/${encodeURIComponent(name)}`;
const setTool = (name: string, isDisabled: unknown, who: Account = alice) =>
  send('PATCH', toolUrl(name), who.headers, { is_disabled: isDisabled });

beforeAll(async () => {
  t = await createTestApp({ env: UNLIMITED_ENV });
  const root = await register(t.app, 'root');
  alice = await register(t.app, 'alice');
  bob = await register(t.app, 'bob');
  carol = await register(t.app, 'carol');
  team = (await send('POST', '/api/teams', alice.headers, { name: 'Acme' })).json().data.team.id;
  await send('POST', `/api/teams/${team}/members`, alice.headers, {
    login: 'bob',
    role: 'team_user',
  });
  await createServer(t.app, root.headers, { name: 'Files', slug: 'files', command: 'npx' });
  installation = (
    await installServer(t.app, team, alice.headers, { server_id: 'files', name: 'Files' })
  ).id;
  satellite = await pair(t.app, alice.headers, { scope: 'team', team_id: team }, 'sat-acme');
  // The satellite reports the installation's tools, as after discovery.
  const reported = await postEvents(t.app, satellite, [
    event('mcp.tools.discovered', {
      installation_id: installation,
      team_id: team,
      server_slug: 'files',
      tool_count: 2,
      total_tokens: 20,
      tools: ['read_file', 'delete_file'].map((tool_name) => ({
        tool_name,
        description: tool_name,
        input_schema: { type: 'object' },
        token_count: 10,
      })),
    }),
  ]);
  expect(reported.statusCode, reported.body).toBeLessThan(300);
  await get(`/api/satellites/${satellite.id}/commands?limit=100`, satellite.headers);
});

afterAll(() => t.close());

describe('switching a tool off', () => {
  it('keeps the list in the installation and marks the tool in the tools list', async () => {
    const res = await setTool('delete_file', true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ tool_name: 'delete_file', is_disabled: true });
    // Twice is the same as once.
    expect((await setTool('delete_file', true)).statusCode).toBe(200);

    const one = await get(`/api/teams/${team}/mcp/installations/${installation}`, bob.headers);
    expect(one.json().data.installation.settings).toEqual({
      request_logging_enabled: false,
      disabled_tools: ['delete_file'],
    });
    const tools = await get(
      `/api/teams/${team}/mcp/installations/${installation}/tools`,
      bob.headers,
    );
    expect(tools.statusCode, tools.body).toBe(200);
    const flags = Object.fromEntries(
      tools
        .json()
        .data.tools.map((tool: { name: string; is_disabled: boolean }) => [
          tool.name,
          tool.is_disabled,
        ]),
    );
    expect(flags).toEqual({ read_file: false, delete_file: true });
  });

  it('tells the serving satellite at once, and lists the tool in its configuration', async () => {
    await get(`/api/satellites/${satellite.id}/commands?limit=100`, satellite.headers);
    await setTool('read_file', true);
    await setTool('read_file', false);
    const polled = await get(
      `/api/satellites/${satellite.id}/commands?limit=100`,
      satellite.headers,
    );
    const payloads = polled
      .json()
      .data.commands.filter(
        (command: { payload: { action?: string } }) =>
          command.payload.action === 'update_tool_status',
      )
      .map((command: { type: string; payload: Record<string, unknown> }) => ({
        type: command.type,
        ...command.payload,
      }));
    expect(payloads).toEqual([
      expect.objectContaining({
        type: 'configure',
        installation_id: installation,
        team_id: team,
        tool_name: 'read_file',
        is_disabled: true,
      }),
      expect.objectContaining({ tool_name: 'read_file', is_disabled: false }),
    ]);

    const config = await get(`/api/satellites/${satellite.id}/config`, satellite.headers);
    expect(config.statusCode, config.body).toBe(200);
    const entries = Object.values(config.json().mcp_servers) as Array<{
      installation_id: string;
      settings: { disabled_tools: string[] };
    }>;
    const ours = entries.filter((entry) => entry.installation_id === installation);
    expect(ours.length).toBeGreaterThan(0);
    for (const entry of ours) expect(entry.settings.disabled_tools).toEqual(['delete_file']);
  });

  it('is audited with the tool name', async () => {
    const res = await get(
      `/api/teams/${team}/audit/entries?action=installation.tool_status_changed`,
      alice.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const details = res.json().data.entries.map((entry: { details: unknown }) => entry.details);
    expect(details).toContainEqual({ tool_name: 'delete_file', is_disabled: true });
  });

  it('is for those who may edit the installation, in its team', async () => {
    expect((await setTool('read_file', true, bob)).statusCode).toBe(403);
    expect((await setTool('read_file', true, carol)).statusCode).toBe(404);
    const elsewhere = await send('PATCH', toolUrl('read_file', 'inst_missing'), alice.headers, {
      is_disabled: true,
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('refuses a body without a boolean, and a list past its limit', async () => {
    for (const body of [{}, { is_disabled: 'yes' }, { is_disabled: true, extra: 1 }]) {
      const res = await send('PATCH', toolUrl('read_file'), alice.headers, body);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect((await setTool('x'.repeat(201), true)).statusCode).toBe(400);

    const full = Array.from({ length: MAX_DISABLED_TOOLS }, (_, i) => `tool_${i}`);
    await t.database.db.orm
      .update(mcpServerInstallations)
      .set({ settings: { request_logging_enabled: false, disabled_tools: full } })
      .where(eq(mcpServerInstallations.id, installation));
    const over = await setTool('one_more', true);
    expect(over.statusCode, over.body).toBe(400);
    // Switching one on is still possible, and nothing was half-written.
    expect((await setTool('tool_0', false)).statusCode).toBe(200);
    const row = await get(`/api/teams/${team}/mcp/installations/${installation}`, alice.headers);
    const list = row.json().data.installation.settings.disabled_tools as string[];
    expect(list).toHaveLength(MAX_DISABLED_TOOLS - 1);
    expect(list).not.toContain('one_more');
  });
});
