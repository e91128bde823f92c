/**
 * The installation pages in Chromium against the real service and its built-in satellite running
 * a real stdio MCP server: installing through the form built from the server's schema (a secret
 * team value that is never shown again), following the instance, the member's own configuration
 * (a secret shown only as set), the tools and an administrator's switch, the per-member OAuth
 * sign-in to a real OAuth-protected server on loopback, and removing an installation.
 */
import type { Locator, Page } from 'playwright-core';
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
import { startUpstream, type Upstream } from '../../helpers/upstream-oauth.js';

let c: ConsoleService;
let upstream: Upstream;
let alice: Account;
let bob: Account;
let team: string;
let everythingId: string;
let installationId: string;
const TEAM_SECRET = 'team-secret-4f1c9a';
const MY_SECRET = 'member-secret-77b2e0';

const get = async (who: Account, path: string) => {
  const res = await c.t.app.inject({
    url: `/api/teams/${team}/mcp/installations${path}`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, data: res.json().data };
};

/** A page signed in as `who`, working in the team under test (bob's default team is his own). */
async function open(who: Account, path: string, options: Parameters<typeof signedInPage>[2] = {}) {
  const { context, page } = await signedInPage(c, who, options);
  await context.addInitScript((id) => localStorage.setItem('groundstation.team', id), team);
  const errors = watchPageErrors(page);
  await page.goto(`${c.base}${path}`);
  return { context, page, errors };
}

/** Waits for an opening transition to end (axe measures colours as they are shown). */
const settled = (dialog: Locator) =>
  expect.poll(() => dialog.evaluate((e) => getComputedStyle(e).opacity)).toBe('1');

const tab = (page: Page, name: string) => page.getByRole('tab', { name }).click();

beforeAll(async () => {
  upstream = await startUpstream();
  c = await startConsole({
    satellite: true,
    env: { UPSTREAM_OAUTH_ALLOW_PRIVATE_ADDRESSES: 'true' },
  });
  ({ alice, bob, team } = await aliceAndBob(c.t.app));
  everythingId = (
    await createServer(c.t.app, alice.headers, {
      name: 'Everything',
      slug: 'everything',
      description: 'Every MCP feature, for testing',
      command: process.execPath,
      args: [EVERYTHING, 'stdio'],
      config_schema: {
        team: {
          env: [{ name: 'TEAM_KEY', secret: true, required: true, description: 'Shared key' }],
        },
        user: { env: [{ name: 'MEMBER_TOKEN', secret: true, required: true }] },
      },
    })
  ).id;
}, 60_000);

afterAll(async () => {
  await c?.close();
  await upstream?.close();
});

describe('installations', () => {
  it('installs a server through the form built from its schema; the secret is never shown again', async () => {
    const { context, page, errors } = await open(alice, '/installations');
    await page.getByText('Nothing is installed in this team yet.').waitFor();
    await expectAccessible(page);
    // Choose the server by searching the catalogue.
    await page.getByRole('button', { name: 'Install a server' }).first().click();
    await page.getByRole('heading', { name: 'Install a server' }).waitFor();
    await page.getByLabel('Catalogue server').and(page.locator('input')).fill('every');
    await page.getByRole('option', { name: 'Everything' }).click();
    await page.waitForURL(`${c.base}/installations?install=${everythingId}`);
    // The catalogue links here the same way: the form opens for the server it names.
    await page.reload();
    const secret = page.getByLabel(/^TEAM_KEY/);
    await secret.waitFor();
    await page.getByRole('form', { name: 'Install Everything' }).waitFor();
    expect(await secret.getAttribute('type')).toBe('password');
    await expectAccessible(page);
    // The API refuses a missing required team value, in its own words.
    await page.getByRole('button', { name: 'Install', exact: true }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(/missing required env\.TEAM_KEY/);
    await secret.fill(TEAM_SECRET);
    await page.getByRole('button', { name: 'Install', exact: true }).click();
    await page.getByText('is installed').waitFor();
    // MEMBER_TOKEN is required of each member: the progress points to my part.
    await page.getByRole('link', { name: 'Fill in your configuration or sign in' }).waitFor();
    await page
      .getByRole('table', { name: 'Installations' })
      .getByRole('link', { name: 'Everything' })
      .first()
      .waitFor();
    const list = await get(alice, '');
    const installation = list.data.installations[0];
    installationId = installation.id;
    expect(installation.team_config.env.TEAM_KEY).toBe('********');
    expect(installation.my_instance.status).toBe('awaiting_user_config');
    expect(list.body).not.toContain(TEAM_SECRET);
    expect(await page.content()).not.toContain(TEAM_SECRET);
    await expectAccessible(page);
    await screenshot(page, 'installations-installed');
    await page.getByRole('link', { name: 'Open Everything' }).click();
    await page.waitForURL(`${c.base}/installations/${installationId}`);
    await page.getByRole('heading', { level: 1, name: 'Everything' }).waitFor();
    await page.getByText('Needs your part').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves my configuration; a secret shows only as set, and the instance is provisioned', async () => {
    const { context, page, errors } = await open(alice, `/installations/${installationId}`);
    await tab(page, 'My configuration');
    const field = page.getByLabel(/^MEMBER_TOKEN/);
    await field.waitFor();
    await page.getByText('not set', { exact: true }).waitFor();
    await page.getByText('Still needed before it can start').waitFor();
    await field.fill(MY_SECRET);
    await screenshot(page, 'installation-my-config');
    await page.getByRole('button', { name: 'Save my configuration' }).click();
    await page
      .getByRole('status')
      .getByText(/^Saved/)
      .waitFor();
    await page.getByText('set', { exact: true }).waitFor();
    expect(await field.inputValue()).toBe('');
    expect(await page.content()).not.toContain(MY_SECRET);
    const mine = await get(alice, `/${installationId}/user-config`);
    expect(mine.data.user_config.values.env.MEMBER_TOKEN).toBe('********');
    expect(mine.data.user_config.missing_required).toEqual([]);
    expect(mine.body).not.toContain(MY_SECRET);
    expect((await get(alice, `/${installationId}/status`)).data.instance.status).not.toBe(
      'awaiting_user_config',
    );
    await expectAccessible(page);
    // The team's secret, to an administrator: set, never its value.
    await tab(page, 'Team configuration');
    await page.getByLabel(/^TEAM_KEY/).waitFor();
    await page.getByText('set', { exact: true }).waitFor();
    expect(await page.getByLabel(/^TEAM_KEY/).inputValue()).toBe('');
    expect(await page.content()).not.toContain(TEAM_SECRET);
    await expectAccessible(page);
    // An administrator changes a setting; the secret left empty keeps its value.
    await page.getByLabel('Log requests and results').check({ force: true });
    await page.getByRole('button', { name: 'Save team configuration' }).click();
    await page
      .getByRole('status')
      .getByText(/^Saved/)
      .waitFor();
    const saved = (await get(alice, `/${installationId}`)).data.installation;
    expect(saved.settings.request_logging_enabled).toBe(true);
    expect(saved.team_config.env.TEAM_KEY).toBe('********');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the instance online and its tools once a client used it; an administrator switches a tool off', async () => {
    const { context, page, errors } = await open(alice, `/installations/${installationId}`);
    await page.getByRole('heading', { name: 'My instance' }).waitFor();
    // A member's MCP client uses the server: the satellite starts it and lists its tools.
    const client = await connectMcp(
      `${c.base}/mcp`,
      await mcpAccessToken(c.t.app, alice, team, `${c.base}/mcp`),
    );
    try {
      // Once the satellite has fetched the member's configuration.
      await expect
        .poll(async () => (await client.listTools()).tools.map((t) => t.name), { timeout: 10_000 })
        .toContain('everything__echo');
    } finally {
      await client.close();
    }
    // The page follows the status while it moves.
    await page.getByText('Online', { exact: true }).waitFor({ timeout: 15_000 });
    await tab(page, 'Tools');
    const tools = page.getByRole('table', { name: 'Tools' });
    // The tools arrive as the satellite reports them; the empty list looks again by itself.
    await tools.getByText('echo', { exact: true }).waitFor({ timeout: 10_000 });
    await screenshot(page, 'installation-tools');
    const echo = page.getByRole('switch', { name: 'echo enabled' });
    expect(await echo.isChecked()).toBe(true);
    await echo.click({ force: true });
    await expect
      .poll(async () => {
        const { data } = await get(alice, `/${installationId}/tools?limit=100`);
        return data.tools.find((t: { name: string }) => t.name === 'echo')?.is_disabled;
      })
      .toBe(true);
    expect(
      (await get(alice, `/${installationId}`)).data.installation.settings.disabled_tools,
    ).toContain('echo');
    await expect.poll(() => echo.isChecked()).toBe(false);
    await expectAccessible(page);
    // Every member's instance, for administrators.
    await tab(page, 'Instances');
    const instances = page.getByRole('table', { name: 'Instances' });
    await instances.getByText('bobby').waitFor();
    await instances.getByText('alice').waitFor();
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives a member read-only tools and team values, no administrator actions', async () => {
    const { context, page, errors } = await open(bob, `/installations/${installationId}`, {
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
    });
    await page.getByRole('heading', { level: 1, name: 'Everything' }).waitFor();
    await page.getByText('Needs your part').first().waitFor();
    expect(await page.getByRole('button', { name: 'Remove' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Instances' }).count()).toBe(0);
    await expectAccessible(page);
    await tab(page, 'Tools');
    const tools = page.getByRole('table', { name: 'Tools' });
    await tools.getByText('echo', { exact: true }).waitFor();
    expect(await page.getByRole('switch').count()).toBe(0);
    await tools.getByText('Off', { exact: true }).waitFor();
    await tab(page, 'Team configuration');
    const values = page.getByRole('table', { name: 'Team values' });
    await values.getByText('set', { exact: true }).waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    await expectAccessible(page);
    // A link from the catalogue offers a member no form, and says why.
    await page.goto(`${c.base}/installations?install=${everythingId}`);
    await page.getByRole('table', { name: 'Installations' }).waitFor();
    await page
      .getByRole('alert')
      .getByText(/needs the permission mcp\.installations\.create/)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Install a server' }).count()).toBe(0);
    expect(await page.getByLabel('Catalogue server').count()).toBe(0);
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('connects to a server that needs each member’s own sign-in, and disconnects', async () => {
    const tracker = await createServer(c.t.app, alice.headers, {
      name: 'Tracker',
      slug: 'tracker',
      transport: 'http',
      command: null,
      url: upstream.mcpUrl,
      requires_oauth: true,
    });
    const id = (await installServer(c.t.app, team, alice.headers, { server_id: tracker.id })).id;
    const { context, page, errors } = await open(alice, `/installations/${id}`);
    await page.getByRole('heading', { name: 'Sign-in to Tracker' }).waitFor();
    await page.getByText('Not connected').waitFor();
    await page.getByText('Needs your part').first().waitFor();
    await expectAccessible(page);
    await screenshot(page, 'installation-oauth');
    // Declined at the server: back here, told so, and still not connected.
    upstream.state.denyNext = true;
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.waitForURL(/upstream_oauth=refused/, { timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe(`/installations/${id}`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Tracker did not sign you in: the sign-in was declined' })
      .waitFor();
    await page.getByText('Not connected').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.waitForURL((url) => !url.searchParams.has('upstream_oauth'));
    // Connect: the browser goes to the server's authorization server and comes back here.
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.waitForURL(/upstream_oauth=connected/, { timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe(`/installations/${id}`);
    await page.getByText('You are signed in to Tracker').waitFor();
    await page.getByText('Connected', { exact: true }).waitFor();
    expect(upstream.state.authorizations.length).toBeGreaterThan(0);
    expect((await get(alice, `/${id}/oauth`)).data.connected).toBe(true);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('Not connected').waitFor();
    expect((await get(alice, `/${id}/oauth`)).data.connected).toBe(false);
    expect(upstream.state.revoked.length).toBeGreaterThan(0);

    // Removing it, after a confirmation.
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Remove Tracker?' }).waitFor();
    await settled(page.getByRole('dialog', { name: 'Remove Tracker?' }));
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Remove installation' }).click();
    await page.waitForURL(`${c.base}/installations`);
    const gone = await c.t.app.inject({
      url: `/api/teams/${team}/mcp/installations/${id}`,
      headers: alice.headers,
    });
    expect(gone.statusCode).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });
});
