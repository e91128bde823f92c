/**
 * The activity page in Chromium against the real service and its built-in satellite running a
 * real stdio MCP server (server-everything), called through an MCP SDK client: the member's
 * client activity following live (with pause, resume and filters), an installation's request
 * logs a page at a time from the API and following new calls, its server logs, and usage per
 * server, member and tool as charts with tables.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../helpers/accounts.js';
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
let installation: string;
let client: Client;
/** Echo calls made before the tests: more than one page of the request logs. */
const CALLS = 55;

const get = async (url: string) => {
  const res = await c.t.app.inject({ url, headers: alice.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const base = () => `/api/teams/${team}/mcp/installations/${installation}`;

/** Waits (in a hook, where expect.poll is not allowed) until the service holds `n` requests. */
async function requestsReach(n: number) {
  let total = 0;
  for (const started = Date.now(); Date.now() - started < 30_000;) {
    await c.satellite!.flushEvents();
    total = (await get(`${base()}/requests?limit=1`)).pagination.total;
    if (total >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // What the satellite's batches were told, to tell a lost batch from a slow one.
  const history = await c.t.app.inject({
    url: `/api/satellites/${c.satellite!.id}/event-history?limit=20`,
    headers: alice.headers,
  });
  const latest =
    history.statusCode === 200
      ? JSON.stringify(history.json().data.events.map((e: { type: string }) => e.type))
      : `(event history: ${history.statusCode})`;
  throw new Error(`the service recorded ${total} of ${n} requests; latest events: ${latest}`);
}

/** Calls a tool and waits until the member's activity holds it. */
async function callAndRecord(name: string, args: Record<string, unknown> = {}) {
  await client.callTool({ name, arguments: args });
  await expect
    .poll(
      async () => {
        await c.satellite!.flushEvents();
        const { activity } = await get('/api/users/me/mcp/client-activity?limit=20');
        return activity.map((a: { tool_name: string | null }) => a.tool_name);
      },
      { timeout: 15_000, interval: 250 },
    )
    .toContain(name);
}

const table = (page: Page, name: string) => page.getByRole('table', { name });

beforeAll(async () => {
  c = await startConsole({ satellite: true, env: { STREAM_POLL_INTERVAL_MS: '250' } });
  ({ alice, team } = await aliceAndBob(c.t.app));
  await createServer(c.t.app, alice.headers, {
    name: 'Everything',
    slug: 'everything',
    command: process.execPath,
    args: [EVERYTHING, 'stdio'],
  });
  installation = (
    await installServer(c.t.app, team, alice.headers, {
      server_id: 'everything',
      settings: { request_logging_enabled: true },
    })
  ).id;
  await c.satellite!.pollNow();
  client = await connectMcp(
    `${c.base}/mcp`,
    await mcpAccessToken(c.t.app, alice, team, `${c.base}/mcp`),
  );
  for (let n = 0; n < CALLS; n += 1) {
    await client.callTool({ name: 'everything__echo', arguments: { message: `call ${n}` } });
  }
  await requestsReach(CALLS);
}, 90_000);

afterAll(async () => {
  await client?.close();
  await c?.close();
});

describe('the activity page', () => {
  it('shows the member’s client activity live, with pause, resume and filters', async () => {
    const { context, page } = await signedInPage(c, alice);
    const errors = watchPageErrors(page);
    await page.goto(`${c.base}/activity`);
    const activity = table(page, 'Client activity');
    await activity.getByText('everything__echo').first().waitFor();
    await page.getByText('Live').waitFor();
    await expectAccessible(page);

    await callAndRecord('everything__get-sum', { a: 1, b: 2 });
    await activity.getByText('everything__get-sum').first().waitFor();
    await screenshot(page, 'activity-client');

    // Paused, a new call stays out while an unpaused page shows it; resumed, it shows.
    await page.getByRole('button', { name: 'Pause' }).click();
    const watcher = await context.newPage();
    await watcher.goto(`${c.base}/activity`);
    await table(watcher, 'Client activity').getByText('everything__get-sum').first().waitFor();
    await callAndRecord('everything__get-tiny-image');
    await table(watcher, 'Client activity')
      .getByText('everything__get-tiny-image')
      .first()
      .waitFor();
    expect(await activity.getByText('everything__get-tiny-image').count()).toBe(0);
    await watcher.close();
    await page.getByRole('button', { name: 'Resume' }).click();
    await activity.getByText('everything__get-tiny-image').first().waitFor();

    // Filters: by team (the stream is asked for it) and by kind.
    await page.getByRole('combobox', { name: 'Filter by team' }).click();
    await page.getByRole('option', { name: /alice/ }).click();
    await activity.getByText('everything__get-tiny-image').first().waitFor();
    await page.locator('label', { hasText: 'Clients' }).click();
    await page.getByText('No activity yet').waitFor();
    await page.locator('label', { hasText: 'Requests' }).click();
    await expect
      .poll(async () => [
        ...new Set(await activity.locator('tbody tr td:nth-child(2)').allTextContents()),
      ])
      .toEqual(['Request']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pages through the request logs from the API and follows new calls', async () => {
    const { context, page } = await signedInPage(c, alice);
    const errors = watchPageErrors(page);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/requests?')) asked.push(new URL(r.url()).search);
    });
    await page.goto(`${c.base}/activity?tab=requests`);
    const requests = table(page, 'Request logs');
    await requests.getByText('everything__echo').first().waitFor();
    expect(await requests.locator('tbody tr').count()).toBe(50);
    await expect.poll(() => requests.locator('tbody tr').first().textContent()).toContain('alice');
    await expect
      .poll(() => requests.locator('tbody tr').first().textContent())
      .toContain('Succeeded');
    await expectAccessible(page);

    // The second page comes from the API, with the oldest calls.
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => asked).toContain('?limit=50&offset=50');
    await requests.getByText('everything__echo').last().click();
    await requests.getByText('"message": "call 0"').waitFor();

    // Following shows a new call on the first page without a reload.
    await page.getByLabel(/^Follow/).check({ force: true });
    await requests.getByText('everything__get-env').waitFor({ state: 'detached' });
    await client.callTool({ name: 'everything__get-env', arguments: {} });
    await c.satellite!.flushEvents();
    await requests.getByText('everything__get-env').waitFor({ timeout: 15_000 });
    await screenshot(page, 'activity-requests');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the server’s log lines', async () => {
    const { logs } = await get(`${base()}/logs?limit=50`);
    expect(logs.length).toBeGreaterThan(0);
    const { context, page } = await signedInPage(c, alice);
    const errors = watchPageErrors(page);
    await page.goto(`${c.base}/activity?tab=logs`);
    const lines = table(page, 'Server logs');
    await lines.getByText(logs[0].message).first().waitFor();
    expect(await lines.locator('tbody tr').count()).toBe(Math.min(logs.length, 50));
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows usage per server, member and tool as charts with tables', async () => {
    const { pagination } = await get(`${base()}/usage?limit=1`);
    const name = (await get(base())).installation.name as string;
    const { context, page } = await signedInPage(c, alice, { colorScheme: 'dark' });
    const errors = watchPageErrors(page);
    await page.goto(`${c.base}/activity?tab=usage`);
    const servers = table(page, 'Calls per server');
    await expect
      .poll(() => servers.getByRole('row').filter({ hasText: name }).textContent())
      .toBe(`${name}${pagination.total}`);
    await page
      .getByRole('img', { name: `Calls per server. ${name}: ${pagination.total}` })
      .waitFor();
    const members = table(page, 'Calls per member');
    await expect
      .poll(() => members.getByRole('row').filter({ hasText: 'alice' }).textContent())
      .toMatch(new RegExp(`^alice${pagination.total}0$`));
    await table(page, 'Calls per tool').getByText('everything__echo').waitFor();
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    await expectAccessible(page);
    await screenshot(page, 'activity-usage');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone screen', async () => {
    const { context, page } = await signedInPage(c, alice, {
      viewport: { width: 390, height: 844 },
    });
    await page.goto(`${c.base}/activity?tab=requests`);
    await table(page, 'Request logs').getByText('everything__echo').first().waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await context.close();
  });
});
