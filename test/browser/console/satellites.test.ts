/**
 * The satellites pages in Chromium against the real service and its built-in satellite, which
 * runs a real stdio MCP server (server-everything) called through an MCP SDK client: the list
 * with health, pairing (a registration token and the command that uses it; revoking one), and a
 * satellite's page with its processes, heartbeats and the event history following live — with
 * pause and resume, a filter by type, and resuming after the browser lost the network.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
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
let bob: Account;
let team: string;
let installation: string;
let satelliteId: string;
let client: Client;

const get = async (url: string, who = alice) => {
  const res = await c.t.app.inject({ url, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** Calls a tool and waits until the satellite's event about it reached the service. */
async function callAndDeliver(name: string, args: Record<string, unknown> = {}) {
  await client.callTool({ name, arguments: args });
  await expect
    .poll(
      async () => {
        await c.satellite!.flushEvents();
        const { events } = await get(
          `/api/satellites/${satelliteId}/event-history?type=mcp.request.logs&limit=100`,
        );
        return JSON.stringify(events.map((e: { data: unknown }) => e.data));
      },
      { timeout: 15_000, interval: 250 },
    )
    .toContain(`"tool_name":"${name}"`);
}

const eventsTable = (page: Page) => page.getByRole('table', { name: 'Satellite events' });

beforeAll(async () => {
  c = await startConsole({ satellite: true, env: { STREAM_POLL_INTERVAL_MS: '250' } });
  ({ alice, bob, team } = await aliceAndBob(c.t.app));
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
  await client.callTool({ name: 'everything__echo', arguments: { message: 'warm up' } });
  satelliteId = (await get('/api/satellites')).satellites[0].id;
}, 90_000);

afterAll(async () => {
  await client?.close();
  await c?.close();
});

describe('the satellites page', () => {
  it('lists the built-in satellite as online with its last heartbeat and version', async () => {
    const { context, page } = await signedInPage(c, alice);
    const errors = watchPageErrors(page);
    await page.goto(`${c.base}/satellites`);
    const row = page
      .getByRole('table', { name: 'Satellites' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'built-in' }) });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toMatch(/Global.*online.*s ago.*1\.0\.0/);
    await expectAccessible(page);
    await screenshot(page, 'satellites');
    expect(errors).toEqual([]);
    await context.close();

    // On a phone, in dark mode: nothing wider than the screen, still accessible.
    const phone = await signedInPage(c, alice, {
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
    });
    await phone.page.goto(`${c.base}/satellites`);
    await phone.page.getByRole('link', { name: 'built-in' }).waitFor();
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(phone.page);
    await phone.context.close();
  });

  it('pairs: creates a token and shows the command that uses it, once', async () => {
    const { context, page } = await signedInPage(c, alice);
    const errors = watchPageErrors(page);
    await page.goto(`${c.base}/satellites`);
    await page.getByRole('button', { name: 'Pair a satellite' }).click();
    await page.locator('label', { hasText: 'One team' }).click();
    await page.getByLabel('Satellite name').fill('edge-satellite-1');
    await page.getByRole('combobox', { name: 'Token expires after' }).click();
    await page.getByRole('option', { name: '7 days' }).click();
    await page.getByRole('button', { name: 'Create token' }).click();
    const command = page.getByTestId('satellite-command');
    await command.waitFor();
    const text = (await command.textContent())!;
    expect(text).toContain(`GROUNDSTATION_URL=${c.base}`);
    expect(text).toContain('SATELLITE_NAME=edge-satellite-1');
    expect(text).toContain('npx groundstation satellite');
    const token = /SATELLITE_REGISTRATION_TOKEN=(\S+)/.exec(text)![1]!;
    expect(token).toMatch(/^service_satellite_team_/);
    await expectAccessible(page);
    await screenshot(page, 'satellite-pairing');

    // The API holds it as an active team token of that name, expiring in a week.
    const { tokens } = await get('/api/satellites/registration-tokens?state=active');
    const listed = tokens.find((t: { name: string }) => t.name === 'edge-satellite-1');
    expect(listed).toMatchObject({ scope: 'team', team_id: team, state: 'active' });
    const week = new Date(listed.expires_at).getTime() - Date.now();
    expect(week).toBeGreaterThan(6.9 * 86_400_000);
    await page.getByRole('button', { name: 'Done' }).click();
    await page
      .getByRole('table', { name: 'Registration tokens' })
      .getByText('edge-satellite-1')
      .waitFor();

    // The command's token pairs a satellite: a new one shows in the list, the token as used.
    const paired = await c.t.app.inject({
      method: 'POST',
      url: '/api/satellites/register',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: { name: 'edge-satellite-1' },
    });
    expect(paired.statusCode, paired.body).toBe(201);
    await page.reload();
    await page.getByRole('link', { name: 'edge-satellite-1' }).waitFor();
    await page.getByLabel('Only tokens that can still pair').uncheck({ force: true });
    const used = page
      .getByRole('table', { name: 'Registration tokens' })
      .getByRole('row')
      .filter({ hasText: 'edge-satellite-1' });
    await expect.poll(() => used.textContent()).toContain('used');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('revokes a pending token after asking', async () => {
    const { context, page } = await signedInPage(c, alice);
    const errors = watchPageErrors(page);
    await page.goto(`${c.base}/satellites`);
    await page.getByRole('button', { name: 'Pair a satellite' }).click();
    await page.getByLabel('Satellite name').fill('to-be-revoked');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByTestId('satellite-command').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    const tokens = page.getByRole('table', { name: 'Registration tokens' });
    await tokens.getByText('to-be-revoked').waitFor();
    await page.getByRole('button', { name: 'Revoke token to-be-revoked' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
    await tokens.getByText('to-be-revoked').waitFor({ state: 'detached' });
    const all = (await get('/api/satellites/registration-tokens?limit=100')).tokens;
    expect(all.find((t: { name: string }) => t.name === 'to-be-revoked').state).toBe('revoked');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers no pairing to a member without satellites.manage', async () => {
    // bob administers his own default team; in alice's team he is a plain member.
    const { context, page } = await signedInPage(c, bob);
    await context.addInitScript((id) => localStorage.setItem('groundstation.team', id), team);
    await page.goto(`${c.base}/satellites`);
    await page.getByRole('heading', { name: 'Satellites', level: 1 }).waitFor();
    await page.getByText('No satellites yet').waitFor();
    expect(await page.getByRole('button', { name: 'Pair a satellite' }).count()).toBe(0);
    expect(
      await page.getByRole('navigation', { name: 'Main' }).getByText('Satellites').count(),
    ).toBe(0);
    await context.close();
  });
});

describe('a satellite’s page', () => {
  it('shows its details, the running process and its heartbeats', async () => {
    const { context, page } = await signedInPage(c, alice);
    const errors = watchPageErrors(page);
    await page.goto(`${c.base}/satellites/${satelliteId}`);
    await page.getByRole('heading', { name: 'built-in', level: 1 }).waitFor();
    await page.getByText(`${c.base}/mcp`).waitFor();
    const { name } = (await get(`/api/teams/${team}/mcp/installations/${installation}`))
      .installation;
    const process = page
      .getByRole('table', { name: 'Processes' })
      .getByRole('row')
      .filter({ hasText: name });
    await expect.poll(() => process.textContent(), { timeout: 10_000 }).toMatch(/running.*stdio/);
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Metrics' }).click();
    await page
      .getByRole('table', { name: 'Recent heartbeats' })
      .getByText('healthy')
      .first()
      .waitFor();
    await page.getByRole('img', { name: /CPU use over the last/ }).waitFor();
    await page.getByText('Live').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'satellite-metrics');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renames it and sets its URL through the edit form', async () => {
    const { context, page } = await signedInPage(c, alice);
    const errors = watchPageErrors(page);
    const { satellites } = await get('/api/satellites?limit=100');
    const edge = satellites.find((s: { name: string }) => s.name === 'edge-satellite-1');
    await page.goto(`${c.base}/satellites/${edge.id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel(/^Name/).fill('edge-eu-1');
    await page.getByLabel('MCP URL').fill('https://mcp-eu.example.com/mcp');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'edge-eu-1', level: 1 }).waitFor();
    const { satellite } = await get(`/api/satellites/${edge.id}`);
    expect(satellite).toMatchObject({
      name: 'edge-eu-1',
      satellite_url: 'https://mcp-eu.example.com/mcp',
    });

    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove satellite' }).click();
    await page.waitForURL(`${c.base}/satellites`);
    const gone = await c.t.app.inject({
      url: `/api/satellites/${edge.id}`,
      headers: alice.headers,
    });
    expect(gone.statusCode).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows the event history live, pauses and resumes, and filters by type', async () => {
    const { context, page } = await signedInPage(c, alice);
    const errors = watchPageErrors(page);
    await page.goto(`${c.base}/satellites/${satelliteId}?tab=events`);
    await eventsTable(page).getByText('everything__echo').first().waitFor({ timeout: 15_000 });
    await page.getByText('Live').waitFor();

    // A new call shows without a reload.
    await callAndDeliver('everything__get-sum', { a: 2, b: 3 });
    await eventsTable(page).getByText('everything__get-sum').first().waitFor();
    await expectAccessible(page);
    await screenshot(page, 'satellite-events');

    // Paused, a new event stays out while an unpaused page already shows it; resumed, it shows.
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByText('Paused: new events are held').waitFor();
    const watcher = await context.newPage();
    await watcher.goto(`${c.base}/satellites/${satelliteId}?tab=events`);
    await eventsTable(watcher).getByText('everything__get-sum').first().waitFor();
    await callAndDeliver('everything__get-tiny-image');
    await eventsTable(watcher).getByText('everything__get-tiny-image').first().waitFor();
    expect(await eventsTable(page).getByText('everything__get-tiny-image').count()).toBe(0);
    await watcher.close();
    await page.getByRole('button', { name: 'Resume' }).click();
    await eventsTable(page).getByText('everything__get-tiny-image').first().waitFor();

    // Filtered by type, only that type shows (the stream is asked for it).
    await page.getByRole('combobox', { name: 'Event type' }).fill('mcp.server.logs');
    await page.getByRole('option', { name: 'mcp.server.logs' }).click();
    await expect
      .poll(async () => [
        ...new Set(await eventsTable(page).locator('tbody tr td:nth-child(2)').allTextContents()),
      ])
      .toEqual(['mcp.server.logs']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('resumes the event history after a network drop without losing the event', async () => {
    // The drop: the service end of the stream's connection is cut while the browser is offline
    // (Chromium's offline mode holds back new requests but leaves an open stream alone).
    const sockets = new Set<Socket>();
    const resumedFrom: string[] = [];
    const track = (req: IncomingMessage) => {
      if (!req.url?.includes('/event-history/stream')) return;
      sockets.add(req.socket);
      const last = req.headers['last-event-id'];
      if (typeof last === 'string') resumedFrom.push(last);
    };
    c.t.app.server.on('request', track);
    const { context, page } = await signedInPage(c, alice);
    await page.goto(`${c.base}/satellites/${satelliteId}?tab=events`);
    await eventsTable(page).getByText('everything__echo').first().waitFor({ timeout: 15_000 });
    await page.getByText('Live').waitFor();
    expect(sockets.size).toBeGreaterThan(0);

    await context.setOffline(true);
    for (const socket of sockets) socket.destroy();
    await page.getByText('Reconnecting…').waitFor({ timeout: 15_000 });
    await callAndDeliver('everything__get-env');
    expect(await eventsTable(page).getByText('everything__get-env').count()).toBe(0);
    await context.setOffline(false);
    await eventsTable(page).getByText('everything__get-env').first().waitFor({ timeout: 20_000 });
    await page.getByText('Live').waitFor();
    c.t.app.server.off('request', track);
    // The browser's EventSource came back asking for what followed the last event it had.
    expect(resumedFrom.length).toBeGreaterThan(0);
    await context.close();
  });
});
