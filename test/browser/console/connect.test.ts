/**
 * The connect page (the console's start page) in Chromium against the real service and its
 * built-in satellite: the team's MCP URL and copy-ready configurations, and "Test connection",
 * whose endpoint check and tool list must match what a real MCP client signed in as the member
 * gets at that URL (names as the hub gives them, disabled tools left out).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createServer, installServer } from '../../helpers/catalogue.js';
import {
  expectAccessible,
  screenshot,
  signedInPage,
  startConsole,
  watchPageErrors,
  type ConsoleService,
} from '../../helpers/console.js';
import { aliceAndBob, connectMcp, EVERYTHING, mcpAccessToken } from '../../helpers/mcp-hub.js';

let c: ConsoleService;
let alice: Account;
let team: string;
let notes: string;
let client: Client;

const mcpUrl = () => `${c.base}/mcp`;
const listed = async (mcp: Client) => (await mcp.listTools()).tools.map((t) => t.name).sort();

beforeAll(async () => {
  c = await startConsole({ satellite: true });
  ({ alice, team } = await aliceAndBob(c.t.app));
  const run = { command: process.execPath, args: [EVERYTHING, 'stdio'] };
  await createServer(c.t.app, alice.headers, { name: 'Everything', slug: 'everything', ...run });
  await createServer(c.t.app, alice.headers, {
    name: 'Notes',
    slug: 'notes',
    ...run,
    config_schema: { user: { env: [{ name: 'NOTES_TOKEN', secret: true, required: true }] } },
  });
  // Two installations of one server: the hub tells their tools apart with a hashed prefix.
  const first = await installServer(c.t.app, team, alice.headers, { server_id: 'everything' });
  await installServer(c.t.app, team, alice.headers, {
    server_id: 'everything',
    name: 'Everything 2',
  });
  notes = (await installServer(c.t.app, team, alice.headers, { server_id: 'notes' })).id;
  // An administrator switches one tool off (before the first start, which would restart it).
  const off = await c.t.app.inject({
    method: 'PATCH',
    url: `/api/teams/${team}/mcp/installations/${first.id}/tools/echo`,
    headers: { ...json, ...alice.headers },
    payload: { is_disabled: true },
  });
  expect(off.statusCode, off.body).toBe(200);
  // The member's client starts both servers once the satellite has their configuration, and
  // the satellite reports their tools to the service.
  client = await connectMcp(mcpUrl(), await mcpAccessToken(c.t.app, alice, team, mcpUrl()));
  const known = async () => {
    const started = (await listed(client)).filter((n) => n.endsWith('__get-env')).length;
    const res = await c.t.app.inject({
      url: `/api/teams/${team}/mcp/installations`,
      headers: alice.headers,
    });
    const reported = res.json().data.installations.filter((i: any) => i.tool_count > 0).length;
    return Math.min(started, reported);
  };
  for (let tries = 0; (await known()) < 2; tries++) {
    expect(tries, 'the servers never started, or their tools were not reported').toBeLessThan(100);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 60_000);

afterAll(async () => {
  await client?.close();
  await c?.close();
});

async function open(
  who: Account,
  options: Parameters<typeof signedInPage>[2] = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { context, page } = await signedInPage(c, who, options);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: c.base });
  const errors = watchPageErrors(page);
  await page.goto(`${c.base}/`);
  return { context, page, errors };
}

const codeIn = (page: Page, region: string) =>
  page.getByRole('region', { name: region }).locator('pre:visible').innerText();

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label).and(page.locator('input')).click();
  await page.getByRole('option', { name: option }).click();
}

describe('connecting an MCP client', () => {
  it('shows the MCP URL and copy-ready configuration for each client', async () => {
    const { context, page, errors } = await open(alice);
    await page.getByRole('heading', { level: 1, name: 'Connect an MCP client' }).waitFor();
    await page.getByRole('region', { name: 'Your MCP URL' }).getByText(mcpUrl()).waitFor();
    await page.getByRole('button', { name: 'Copy MCP URL' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(mcpUrl());
    const url = mcpUrl();
    expect(JSON.parse(await codeIn(page, 'Set up your client'))).toEqual({
      servers: { groundstation: { type: 'http', url } },
    });
    await page.getByRole('button', { name: 'Copy VS Code configuration' }).click();
    expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual({
      servers: { groundstation: { type: 'http', url } },
    });
    for (const name of ['Cursor', 'Windsurf']) {
      await page.getByRole('tab', { name }).click();
      expect(JSON.parse(await codeIn(page, 'Set up your client'))).toEqual({
        mcpServers: { groundstation: { url } },
      });
    }
    await page.getByRole('tab', { name: 'Claude Code' }).click();
    expect(await codeIn(page, 'Set up your client')).toBe(
      `claude mcp add --transport http groundstation ${url}`,
    );
    await expectAccessible(page);
    await screenshot(page, 'connect');

    await choose(page, 'What your client reaches', 'Discovery mode');
    await page
      .getByRole('region', { name: 'Your MCP URL' })
      .getByText(`${url}?mode=discovery`)
      .waitFor();
    await choose(page, 'What your client reaches', 'Only Everything 2');
    const one = await codeIn(page, 'Your MCP URL');
    expect(one).toBe(`${url}/everything-2`);
    // The one-installation URL serves that installation, with its tools' own names.
    const single = await connectMcp(one, await mcpAccessToken(c.t.app, alice, team, one));
    try {
      expect(await listed(single)).toContain('get-env');
    } finally {
      await single.close();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tests the connection: the endpoint asks for a sign-in, and the tools are those a client gets', async () => {
    const { context, page, errors } = await open(alice);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByText('The MCP endpoint is up').waitFor();
    await page.getByText(`asks clients to sign in at ${c.base}`).waitFor();
    const table = page.getByRole('table', { name: 'Tools your client sees' });
    await table.waitFor();
    const expected = await listed(client);
    // Both installations have an echo tool; the one switched off is left out.
    expect(expected.filter((n) => /^everything(-[0-9a-f]{4})?__echo$/.test(n))).toHaveLength(1);
    expect(expected.some((n) => /^everything-[0-9a-f]{4}__/.test(n))).toBe(true);
    const shown = async () => {
      const names: string[] = [];
      for (;;) {
        names.push(...(await table.locator('tbody tr td:first-child').allInnerTexts()));
        const next = page.getByRole('button', { name: 'Next page' });
        if ((await next.count()) === 0 || (await next.isDisabled())) return names.sort();
        await next.click();
      }
    };
    expect(await shown()).toEqual(expected);
    await expectAccessible(page);

    // Notes waits for this member's own value: the page says so and links to it.
    const attention = page.getByRole('region', { name: 'Needs your attention' });
    await attention.getByRole('link', { name: 'Notes' }).click();
    await page.waitForURL(`${c.base}/installations/${notes}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells a member whose team has nothing installed where to go, on a phone in dark mode', async () => {
    const carol = await register(c.t.app, 'carol');
    const { context, page, errors } = await open(carol, {
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
    });
    await page.getByText('No servers are installed in this team yet.').waitFor();
    const link = page.getByRole('link', { name: 'Browse the catalogue' });
    expect(await link.getAttribute('href')).toBe('/catalogue');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByText('The MCP endpoint is up').waitFor();
    await page.getByText('0 tools from 0 servers.').waitFor();
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
