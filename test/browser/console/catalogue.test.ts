/**
 * The catalogue pages in Chromium against the real service: browsing 1,000+ servers a page at a
 * time, ranked search, the category filter, a server's page (versions, configuration fields),
 * administrators managing categories and servers, a member who only browses, and the registry
 * page: the starter catalogue, an import, and a sync against a registry on loopback with its
 * progress and history.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createCategory, createServer } from '../../helpers/catalogue.js';
import {
  expectAccessible,
  screenshot,
  signedInPage,
  startConsole,
  watchPageErrors,
  type ConsoleService,
} from '../../helpers/console.js';
import { entry, npmDoc } from '../../modules/registry/fixtures.js';

const BULK = 1000;

// ---- a registry on loopback: pages of two entries, each answered after a pause, so a sync
// takes long enough to watch its progress.
const PAGE_DELAY_MS = 500;
const upstream = [
  ...Array.from({ length: 7 }, (_, i) =>
    entry(npmDoc(`com.example.synced/tool-${i}`, '1.0.0', { title: `Synced tool ${i}` }), {
      updatedAt: `2025-10-0${i + 1}T00:00:00Z`,
    }),
  ),
  // Refused by the importer's checks: a failure of the run, not of the page.
  entry(npmDoc('com.example.synced/too-wordy', '1.0.0', { description: 'x'.repeat(120) }), {
    updatedAt: '2025-10-09T00:00:00Z',
  }),
];
let registryRequests = 0;
const registry = http.createServer((req, res) => {
  registryRequests += 1;
  const url = new URL(req.url!, 'http://registry');
  const offset = Number(url.searchParams.get('cursor') ?? '0');
  const page = upstream.slice(offset, offset + 2);
  const next = offset + 2 < upstream.length ? String(offset + 2) : null;
  setTimeout(() => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        servers: page,
        metadata: { ...(next ? { nextCursor: next } : {}), count: page.length },
      }),
    );
  }, PAGE_DELAY_MS);
});

let c: ConsoleService;
let admin: Account;
let member: Account;
let registryBase: string;
let teamId: string;
const ids: Record<string, string> = {};

async function api(who: Account, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await c.t.app.inject({
    method,
    url,
    headers: { ...json, ...who.headers },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  return { status: res.statusCode, body: res.json() };
}

/** 1,000 servers in one import call (the API takes up to 1,000 documents at once). */
async function seedBulk() {
  const docs = Array.from({ length: BULK }, (_, i) => {
    const n = String(i).padStart(4, '0');
    return npmDoc(`com.example.bulk/server-${n}`, '1.0.0', {
      title: `Bulk server ${n}`,
      // A tenth of them mention notes, so ranking (not the name order) puts the best match first.
      description: i % 10 === 0 ? `Takes notes for team ${n}` : `Bulk entry number ${n}`,
    });
  });
  const res = await api(admin, 'POST', '/api/registry/import', docs);
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  expect(res.body.data.result.created).toBe(BULK);
}

async function seedNamed() {
  const databases = await createCategory(c.t.app, admin.headers, 'Databases');
  const files = await createCategory(c.t.app, admin.headers, 'Files');
  ids.databases = databases.id;
  const notes = await createServer(c.t.app, admin.headers, {
    name: 'Notes Keeper',
    description: 'Keeps notes for models, searchable by tag.',
    category_id: files.id,
    repository_url: 'https://github.com/acme/notes-keeper',
    homepage: 'https://notes.example.com',
    command: 'npx',
    package: '@acme/notes-keeper@1.2.0',
    args: ['serve'],
    config_schema: {
      template: { env: [{ name: 'NOTES_LOG', default: 'info' }] },
      team: { env: [{ name: 'NOTES_API_URL', required: true, description: 'Where notes live' }] },
      user: {
        env: [{ name: 'NOTES_TOKEN', required: true, secret: true, description: 'Your token' }],
      },
    },
  });
  ids.notes = notes.id;
  for (const version of ['1.1.0', '1.2.0']) {
    const res = await api(admin, 'POST', `/api/mcp/servers/${notes.id}/versions`, {
      version,
      is_latest: true,
      changelog: `Release ${version}`,
    });
    expect(res.status).toBe(201);
  }
  const pg = await createServer(c.t.app, admin.headers, {
    name: 'Postgres Explorer',
    description: 'Query PostgreSQL databases read-only.',
    category_id: databases.id,
  });
  ids.postgres = pg.id;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  registryBase = `http://127.0.0.1:${(registry.address() as AddressInfo).port}`;
  c = await startConsole({ env: { REGISTRY_ALLOW_PRIVATE_ADDRESSES: 'true' } });
  admin = await register(c.t.app, 'admin');
  member = await register(c.t.app, 'tess');
  teamId = (await api(admin, 'GET', '/api/teams/me/default')).body.data.team.id;
  const added = await api(admin, 'POST', `/api/teams/${teamId}/members`, { login: 'tess' });
  expect(added.status).toBe(201);
  await Promise.all([seedBulk(), seedNamed()]);
}, 60_000);

afterAll(async () => {
  await c?.close();
  registry.closeAllConnections();
  registry.close();
});

const rowNames = (page: Page) =>
  page
    .getByRole('table', { name: /^Servers/ })
    .locator('tbody tr td:first-child a')
    .allTextContents();

/** A signed-in page that fails fast (a wait that cannot succeed says so long before the test's end). */
async function open(who: Account, options: Parameters<typeof signedInPage>[2] = {}) {
  const opened = await signedInPage(c, who, options);
  opened.page.setDefaultTimeout(10_000);
  return { ...opened, errors: watchPageErrors(opened.page) };
}

/** Chooses in a Mantine Select (its options open in a layer of the page). */
async function pickOption(
  page: Page,
  within: Page | Locator,
  label: string,
  option: string | RegExp,
) {
  await within.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('the catalogue', () => {
  it('pages through 1,000+ servers, ranks a search and filters by category', async () => {
    const { context, page, errors } = await open(admin);
    const total = (await api(admin, 'GET', '/api/mcp/servers?limit=1')).body.data.pagination.total;
    expect(total).toBeGreaterThanOrEqual(BULK + 2);
    await page.goto(`${c.base}/catalogue`);
    await page.getByRole('heading', { level: 1, name: 'Catalogue' }).waitFor();
    await expect
      .poll(() => page.getByText(`1–20 of ${total.toLocaleString('en-US')} servers`).count())
      .toBe(1);
    const first = await rowNames(page);
    expect(first).toHaveLength(20);
    expect(first[0]).toBe('Bulk server 0000');
    await expectAccessible(page);
    await screenshot(page, 'catalogue');

    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => rowNames(page).then((n) => n[0])).toBe('Bulk server 0020');
    const second = await rowNames(page);
    expect(second.filter((n) => first.includes(n))).toEqual([]);
    await expect.poll(() => page.getByText(`21–40 of`, { exact: false }).count()).toBe(1);

    // Typing is debounced: one ranked search for the words, not one per key.
    const searches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/mcp/servers/search')) searches.push(r.url());
    });
    await page.getByLabel('Search').pressSequentially('notes', { delay: 40 });
    // The search for the whole word is the last one sent (a busy machine may send one between).
    await expect
      .poll(() => (searches.length ? new URL(searches.at(-1)!).searchParams.get('q') : null))
      .toBe('notes');
    await expect.poll(() => rowNames(page).then((n) => n[0])).toBe('Notes Keeper');
    // (Five keys 40 ms apart; a busy machine may split them once, never into one call per key.)
    expect(searches.length).toBeGreaterThanOrEqual(1);
    expect(searches.length).toBeLessThanOrEqual(2);
    expect(new URL(searches.at(-1)!).searchParams.get('q')).toBe('notes');
    // Bulk servers mentioning notes come after (they sort before it by name).
    expect((await rowNames(page)).slice(1)).toContain('Bulk server 0000');
    expect(page.url()).not.toContain('page=2');

    await page.getByLabel('Search').fill('');
    await pickOption(page, page, 'Category', /^Databases/);
    await expect.poll(() => rowNames(page)).toEqual(['Postgres Explorer']);
    expect(page.url()).toContain(`category=${ids.databases}`);
    await expect.poll(() => page.getByText('1–1 of 1 server').count()).toBe(1);

    // Searching within the category; then the navigation's link starts over, box and all.
    await page.getByLabel('Search').fill('postgres');
    await page.waitForURL(/q=postgres/);
    await expect.poll(() => rowNames(page)).toEqual(['Postgres Explorer']);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Catalogue' })
      .click();
    await expect.poll(() => rowNames(page).then((n) => n[0])).toBe('Bulk server 0000');
    expect(await page.getByLabel('Search').inputValue()).toBe('');
    expect(page.url()).toBe(`${c.base}/catalogue`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a server's versions and configuration fields, and links to install it", async () => {
    const { context, page, errors } = await open(admin);
    await page.goto(`${c.base}/catalogue?q=notes`);
    await page.getByRole('link', { name: 'Notes Keeper', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Notes Keeper' }).waitFor();
    expect(page.url()).toBe(`${c.base}/catalogue/${ids.notes}`);
    await expect.poll(() => page.getByText('Files', { exact: true }).count()).toBe(1);
    expect(await page.getByText('npx @acme/notes-keeper@1.2.0 serve').count()).toBe(1);
    expect(
      await page.getByRole('link', { name: 'https://github.com/acme/notes-keeper' }).count(),
    ).toBe(1);

    const versions = page.getByRole('table', { name: 'Versions' });
    await versions.waitFor();
    const rows = await versions.locator('tbody tr').allInnerTexts();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/1\.2\.0\s+Latest/i);
    expect(rows[1]).toContain('1.1.0');
    expect(rows[1]).not.toMatch(/latest/i);

    const team = page.getByRole('table', { name: 'Filled in by the team' });
    expect(await team.innerText()).toMatch(/NOTES_API_URL\s+Environment variable\s+Required/i);
    const user = page.getByRole('table', { name: 'Filled in by each member' });
    expect(await user.innerText()).toMatch(/NOTES_TOKEN[\s\S]*Required\s+Secret[\s\S]*Your token/i);
    const fixed = page.getByRole('table', { name: 'Fixed by the catalogue' });
    expect(await fixed.innerText()).toMatch(/NOTES_LOG[\s\S]*info/);

    const install = page.getByRole('link', { name: 'Install Notes Keeper' });
    expect(await install.getAttribute('href')).toBe(`/installations?install=${ids.notes}`);
    await expectAccessible(page);
    await screenshot(page, 'catalogue-server');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets an administrator manage categories', async () => {
    const { context, page, errors } = await open(admin);
    await page.goto(`${c.base}/catalogue`);
    await page.getByRole('button', { name: 'Manage categories' }).click();
    const dialog = page.getByRole('dialog', { name: 'Categories' });
    await dialog.getByRole('table', { name: 'Categories' }).waitFor();
    await dialog.getByLabel(/^Name/).fill('Search engines');
    await dialog.getByRole('button', { name: 'Create category' }).click();
    await dialog.getByRole('cell', { name: 'Search engines', exact: true }).waitFor();
    const categories = async () =>
      (await api(admin, 'GET', '/api/mcp/categories')).body.data.categories as Array<{
        id: string;
        name: string;
      }>;
    expect((await categories()).map((x) => x.name)).toContain('Search engines');
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Rename Search engines' }).click();
    await dialog.getByLabel(/^New name for Search engines/).fill('Web search');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByRole('cell', { name: 'Web search', exact: true }).waitFor();
    expect((await categories()).map((x) => x.name)).toContain('Web search');

    // One that servers use: the servers must go somewhere first.
    await dialog.getByRole('button', { name: 'Delete Databases' }).click();
    await dialog.getByRole('button', { name: 'Yes, delete Databases' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').innerText())
      .toMatch(/The category has 1 servers; move them first/);
    await pickOption(page, dialog, 'Move its servers to', 'Web search');
    await dialog.getByRole('button', { name: 'Yes, delete Databases' }).click();
    await expect
      .poll(async () => (await categories()).map((x) => x.name))
      .not.toContain('Databases');
    const web = (await categories()).find((x) => x.name === 'Web search')!;
    const pg = (await api(admin, 'GET', `/api/mcp/servers/${ids.postgres}`)).body.data.server;
    expect(pg.category_id).toBe(web.id);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets an administrator add a server by hand, change it and delete it', async () => {
    const { context, page, errors } = await open(admin);
    await page.goto(`${c.base}/catalogue`);
    await page.getByRole('button', { name: 'Add a server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a server' });
    await dialog.getByLabel(/^Name/).first().fill('Weather Desk');
    await dialog.getByLabel('Description').first().fill('Forecasts for any city.');
    await pickOption(page, dialog, 'Category', 'Files');
    await dialog.getByLabel('Command').fill('uvx');
    await dialog.getByLabel('Package').fill('weather-desk==2.0.0');
    await dialog.getByLabel('Arguments').fill('--units\nmetric');
    await dialog.getByRole('button', { name: 'Add a configuration field' }).click();
    const field = dialog.getByRole('group', { name: /^Field 1/ });
    await field.getByLabel(/^Name/).fill('WEATHER_KEY');
    await pickOption(page, field, 'Filled in by', /^User/);
    await field.getByLabel('Secret').check();
    await field.getByLabel('Required').check();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Add server' }).click();

    await page.getByRole('heading', { level: 1, name: 'Weather Desk' }).waitFor();
    const id = page.url().split('/').pop()!;
    const created = (await api(admin, 'GET', `/api/mcp/servers/${id}`)).body.data.server;
    expect(created).toMatchObject({
      name: 'Weather Desk',
      transport: 'stdio',
      command: 'uvx',
      package: 'weather-desk==2.0.0',
      args: ['--units', 'metric'],
      description: 'Forecasts for any city.',
    });
    expect(created.config_schema.user.env).toEqual([
      { name: 'WEATHER_KEY', description: null, required: true, secret: true, default: null },
    ]);
    await page.getByRole('table', { name: 'Filled in by each member' }).waitFor();

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Weather Desk' });
    await edit.getByLabel('Description').first().fill('Forecasts and warnings.');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByText('Forecasts and warnings.').count()).toBe(1);
    const changed = (await api(admin, 'GET', `/api/mcp/servers/${id}`)).body.data.server;
    expect(changed.description).toBe('Forecasts and warnings.');
    expect(changed.config_schema).toEqual(created.config_schema);

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete Weather Desk?' }).waitFor();
    await page.getByRole('button', { name: 'Delete server' }).click();
    await page.waitForURL(`${c.base}/catalogue`);
    expect((await api(admin, 'GET', `/api/mcp/servers/${id}`)).status).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a team member no administrator actions, on a phone in dark mode', async () => {
    const { context, page, errors } = await open(member, {
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
    });
    // Tess works in the admin's team, where she is a plain member (in her own she is its admin).
    await context.addInitScript(
      `localStorage.setItem('groundstation.team', ${JSON.stringify(teamId)})`,
    );
    await page.goto(`${c.base}/catalogue`);
    await page.getByRole('table', { name: 'Servers' }).waitFor();
    await expect.poll(() => rowNames(page).then((n) => n.length)).toBe(20);
    for (const name of ['Manage categories', 'Add a server']) {
      expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    }
    expect(await page.getByRole('link', { name: 'Registry & sync' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Install / }).count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'catalogue-phone-dark');

    await page.goto(`${c.base}/catalogue/${ids.notes}`);
    await page.getByRole('table', { name: 'Versions' }).waitFor();
    for (const name of ['Edit', 'Delete', 'Add a version']) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    expect(await page.getByRole('link', { name: /^Install / }).count()).toBe(0);
    await expectAccessible(page);

    await page.goto(`${c.base}/catalogue/registry`);
    await page.getByText('For administrators').waitFor();
    expect(await page.getByRole('button', { name: 'Sync now' }).count()).toBe(0);
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the registry page', () => {
  it('adds the starter catalogue and imports a server.json', async () => {
    const { context, page, errors } = await open(admin);
    await page.goto(`${c.base}/catalogue`);
    await page.getByRole('link', { name: 'Registry & sync' }).click();
    await page.getByRole('heading', { level: 1, name: 'Registry & sync' }).waitFor();
    await expect
      .poll(() => page.getByText('No registry is set yet', { exact: false }).count())
      .toBe(1);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add the starter catalogue' }).click();
    const starter = page.getByRole('status').filter({ hasText: 'created' }).first();
    await expect.poll(() => starter.innerText()).toMatch(/6\s+created/);
    const filesystem = await api(admin, 'GET', '/api/mcp/servers/search?q=filesystem');
    expect(filesystem.body.data.servers[0].name).toBe('Filesystem');

    const doc = npmDoc('io.github.acme/tickets', '3.1.0', {
      title: 'Acme Tickets',
      description: 'File and triage tickets.',
    });
    await page.getByLabel('server.json document').fill(JSON.stringify(doc));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'created' }).allInnerTexts())
      .toEqual(expect.arrayContaining([expect.stringMatching(/^1\s+created/)]));
    const tickets = (await api(admin, 'GET', '/api/mcp/servers/io-github-acme-tickets')).body.data;
    expect(tickets.server).toMatchObject({ name: 'Acme Tickets', package: '@test/tickets@3.1.0' });

    // A document the importer refuses: the API's reason, in its words.
    await page.getByLabel('server.json document').fill(JSON.stringify({ name: 'no-namespace' }));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/Could not import/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sets the source, syncs with progress shown, and lists the run in the history', async () => {
    const { context, page, errors } = await open(admin);
    await page.goto(`${c.base}/catalogue/registry`);
    await page.getByLabel(/^Registry URL/).fill(registryBase);
    await page.getByRole('button', { name: 'Save source' }).click();
    await page.getByText('Saved.').waitFor();
    const source = (await api(admin, 'GET', '/api/registry/source')).body.data.source;
    expect(source).toMatchObject({ base_url: registryBase, version_mode: 'latest', enabled: true });

    await page.getByRole('button', { name: 'Sync now' }).click();
    // Four slow pages: the run shows while it is under way, with its pages read so far.
    const underway = page.getByRole('status').filter({ hasText: 'Sync under way' });
    await underway.waitFor();
    expect(await page.getByRole('progressbar', { name: 'Sync in progress' }).count()).toBe(1);
    await expect.poll(() => underway.innerText()).toMatch(/[1-3] page\(s\) read/);
    const history = page.getByRole('table', { name: 'Sync runs' });
    await expect.poll(() => history.innerText()).toMatch(/Administrator\s+Running/i);
    await expectAccessible(page);

    const finished = page.getByRole('status').filter({ hasText: 'Sync finished' });
    await finished.waitFor({ timeout: 15_000 });
    expect(await finished.innerText()).toMatch(
      /Completed with failures[\s\S]*4 page\(s\) read[\s\S]*7\s+created[\s\S]*1\s+failed/i,
    );
    expect(
      await finished.getByRole('table', { name: 'Entries the sync did not apply' }).innerText(),
    ).toContain('com.example.synced/too-wordy');
    expect(registryRequests).toBe(4);
    expect((await api(admin, 'GET', '/api/mcp/servers/com-example-synced-tool-6')).status).toBe(
      200,
    );

    await expect.poll(() => history.locator('tbody tr').count()).toBe(1);
    expect(await history.innerText()).toMatch(
      /Administrator\s+Completed with failures\s+4\s+7 \/ 0 \/ 0 \/ 1/i,
    );
    await history.getByRole('button', { name: /^Details of the run/ }).click();
    const details = page.getByRole('dialog', { name: /^Sync run of/ });
    await details.waitFor();
    expect(await details.innerText()).toMatch(/Pages read\s+4/);
    expect(await details.getByRole('table', { name: 'Entries not applied' }).innerText()).toMatch(
      /too-wordy/,
    );
    await expectAccessible(page);
    await screenshot(page, 'catalogue-registry');
    expect(errors).toEqual([]);
    await context.close();
  });
});
