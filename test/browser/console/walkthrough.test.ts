/**
 * A new team's first ten minutes, in Chromium against a fresh service with its built-in
 * satellite: set the service up with the code from its log and create the administrator; add
 * the starter catalogue and install one of its servers; look at my configuration; connect a real
 * MCP client with the URL the Connect page shows and call a tool through the built-in satellite;
 * then find that call in the activity and the installation in the audit log. The same walk
 * writes the README's screenshots (`npm run console:screenshots`).
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../helpers/accounts.js';
import {
  collectingLogger,
  expectAccessible,
  screenshot,
  startConsole,
  watchPageErrors,
  type ConsoleService,
} from '../../helpers/console.js';
import { connectMcp, mcpAccessToken, textOf } from '../../helpers/mcp-hub.js';

const CODE_LINE = /First-run set-up code: ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}) /;
const ADMIN = { username: 'ada', password: 'a long passphrase for ada' };

let c: ConsoleService;
let page: Page;
let errors: string[];
let client: Client | null = null;
const log: string[] = [];

beforeAll(async () => {
  c = await startConsole({
    satellite: true,
    logger: collectingLogger(log),
    env: { STREAM_POLL_INTERVAL_MS: '250', AUDIT_SEAL_MS: '200' },
  });
  const context = await c.browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  errors = watchPageErrors(page);
}, 60_000);

afterAll(async () => {
  await client?.close();
  await c?.close();
});

/** The signed-in administrator as the test helpers know accounts: their browser's cookie. */
async function adminAccount(): Promise<Account> {
  const cookie = (await page.context().cookies()).find((k) => k.name === 'auth_session')!;
  const header = `auth_session=${cookie.value}`;
  const me = (await c.t.app.inject({ url: '/api/users/me', headers: { cookie: header } })).json();
  return {
    id: me.data.id,
    username: ADMIN.username,
    email: me.data.email,
    cookie: header,
    headers: { cookie: header },
  };
}

const nav = (name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

describe('a new team, from first run to a tool call', () => {
  it('sets the service up and creates the administrator', async () => {
    const code = CODE_LINE.exec(log.find((l) => CODE_LINE.test(l)) ?? '')?.[1];
    expect(code, 'the set-up code in the log').toBeTruthy();
    await page.goto(c.base);
    await page.getByRole('link', { name: 'Set it up' }).click();
    if (c.t.database.url) {
      await page.getByRole('radio', { name: 'PostgreSQL' }).check();
      await page.getByLabel(/^Connection URL/).fill(c.t.database.url);
    }
    await page.getByLabel(/^Set-up code/).fill(code!);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByLabel(/^Username/).fill(ADMIN.username);
    await page.getByLabel(/^Email address/).fill('ada@example.com');
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByLabel(/^Repeat the password/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Create the administrator account' }).click();
    await page.waitForURL(`${c.base}/`);
    await nav('Catalogue').waitFor();
    const me = await adminAccount();
    expect(
      (await c.t.app.inject({ url: '/api/users/me', headers: me.headers })).json().data,
    ).toMatchObject({ username: 'ada', global_role: 'global_admin' });
  });

  it('adds the starter catalogue and installs its Memory server', async () => {
    await nav('Catalogue').click();
    await page.getByRole('link', { name: 'Registry & sync' }).click();
    await page.getByRole('button', { name: 'Add the starter catalogue' }).click();
    await page
      .getByText(/added|created/i)
      .first()
      .waitFor();
    await nav('Catalogue').click();
    await page.getByLabel('Search').fill('memory');
    await page.getByRole('link', { name: 'Memory', exact: true }).click();
    await page.getByRole('heading', { name: 'Memory', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Install Memory' }).first().click();
    await page.waitForURL(/\/installations\?install=/);
    // The memory file is the team's choice here; it lives in the satellite's folder.
    const file = path.join(c.satelliteDir!, 'team-memory.json');
    await page.getByLabel(/^MEMORY_FILE_PATH/).fill(file);
    await page.getByRole('button', { name: 'Install', exact: true }).click();
    await page.getByRole('link', { name: /^Open / }).click();
    await page.waitForURL(/\/installations\/[^/?]+/);
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'My configuration' }).click();
    // The starter's Memory has nothing personal to fill in; the page says so.
    await page.getByText('Nothing to fill in.').waitFor();
    await expectAccessible(page);
  });

  it('connects an MCP client with the URL the Connect page shows and calls a tool', async () => {
    await nav('Connect').click();
    const shown = (await page
      .locator('pre')
      .filter({ hasText: /\/mcp$/ })
      .first()
      .textContent())!;
    expect(shown).toBe(`${c.base}/mcp`);
    const admin = await adminAccount();
    const team = (await c.t.app.inject({ url: '/api/users/me', headers: admin.headers })).json()
      .data.teams[0].id;
    client = await connectMcp(shown, await mcpAccessToken(c.t.app, admin, team, shown));
    const tools = async () => (await client!.listTools()).tools.map((t) => t.name);
    await expect
      .poll(tools, { timeout: 20_000, interval: 300 })
      .toEqual(expect.arrayContaining([expect.stringMatching(/__read_graph$/)]));
    const prefix = (await tools()).find((n) => n.endsWith('__read_graph'))!.split('__')[0]!;
    const created = await client.callTool({
      name: `${prefix}__create_entities`,
      arguments: {
        entities: [{ name: 'Groundstation', entityType: 'service', observations: ['runs MCP'] }],
      },
    });
    expect(created.isError ?? false).toBe(false);
    const graph = textOf(await client.callTool({ name: `${prefix}__read_graph`, arguments: {} }));
    expect(graph).toContain('Groundstation');
    // npx ran the server from the installed package: nothing was downloaded into its home.
    const instances = path.join(c.satelliteDir!, 'instances');
    for (const folder of await readdir(instances)) {
      expect(existsSync(path.join(instances, folder, '.npm', '_npx')), folder).toBe(false);
    }

    // The satellite reports the tools it discovered in its next event batch: test until then.
    const tested = async () => {
      await page.getByRole('button', { name: 'Test connection' }).click();
      await page.getByText('The MCP endpoint is up').waitFor();
      const table = page.getByRole('table', { name: 'Tools your client sees' });
      return (await table.count()) > 0 ? table.textContent() : '';
    };
    await expect
      .poll(tested, { timeout: 20_000, interval: 500 })
      .toContain(`${prefix}__read_graph`);
    await expectAccessible(page);
    await screenshot(page, 'connect');
  });

  it('shows the call in the activity and the installation in the audit log', async () => {
    await nav('Activity').click();
    await expect
      .poll(() => page.getByRole('tabpanel').textContent(), { timeout: 15_000 })
      .toContain('read_graph');
    await expectAccessible(page);
    await screenshot(page, 'activity');

    await nav('Audit log').click();
    await expect
      .poll(() => page.getByRole('main').textContent(), { timeout: 15_000 })
      .toContain('installation.created');
    await page.getByRole('button', { name: /verify/i }).click();
    await page
      .getByText(/intact/i)
      .first()
      .waitFor();
    await expectAccessible(page);
    await screenshot(page, 'audit');

    await nav('Installations').click();
    await page.getByRole('link', { name: 'Memory' }).first().click();
    await page.getByRole('tab', { name: 'Tools' }).click();
    await page.getByText('read_graph').first().waitFor();
    await screenshot(page, 'installation');

    await nav('Catalogue').click();
    await page.getByRole('link', { name: 'Filesystem', exact: true }).waitFor();
    await screenshot(page, 'catalogue');
    expect(errors).toEqual([]);
  });

  it('works at phone width in the dark scheme', async () => {
    const admin = await adminAccount();
    const context = await c.browser.newContext({
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
    });
    await context.addCookies([
      { name: 'auth_session', value: admin.cookie.split('=')[1]!, url: c.base },
    ]);
    const phone = await context.newPage();
    const phoneErrors = watchPageErrors(phone);
    await phone.goto(`${c.base}/connect`);
    await phone.getByRole('heading', { level: 1 }).waitFor();
    expect(await phone.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    // The navigation folds behind the menu button, and nothing scrolls sideways.
    const onScreen = async () => {
      const box = await phone.getByRole('link', { name: 'Audit log' }).boundingBox();
      return box !== null && box.x + box.width > 0;
    };
    await expect.poll(onScreen).toBe(false);
    await phone.getByRole('button', { name: 'Menu' }).click();
    await expect.poll(onScreen).toBe(true);
    await phone.getByRole('button', { name: 'Menu' }).click();
    await expect.poll(onScreen).toBe(false);
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(phone);
    await screenshot(phone, 'phone-dark');
    expect(phoneErrors).toEqual([]);
    await context.close();
  });
});
