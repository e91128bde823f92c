/**
 * The audit log page in Chromium against the real service: a global administrator reads,
 * filters, pages, follows (live tail with pause), verifies and exports the whole log and can
 * switch to the current team's entries; a team administrator reads only their team's entries.
 */
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries as auditTable } from '../../../src/db/schema/index.js';
import { json, register, type Account } from '../../helpers/accounts.js';
import { auditEntries, verifyReport } from '../../helpers/audit.js';
import {
  expectAccessible,
  screenshot,
  signedInPage,
  startConsole,
  watchPageErrors,
  type ConsoleService,
} from '../../helpers/console.js';

let c: ConsoleService;
let root: Account;
let alice: Account;
let aliceTeam: string;
let rootTeam: string;
let opsTeam: string;

const call = async (
  method: 'POST' | 'PATCH',
  url: string,
  who: Account,
  payload: Record<string, unknown>,
) => {
  const res = await c.t.app.inject({
    method,
    url,
    headers: { ...json, ...who.headers },
    payload,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};
const createTeam = async (name: string) =>
  (await call('POST', '/api/teams', root, { name })).data.team.id as string;
const defaultTeamOf = async (who: Account) =>
  (await c.t.app.inject({ url: '/api/teams/me/default', headers: who.headers })).json().data.team
    .id as string;

beforeAll(async () => {
  // Entries are sealed into the log and reach live streams within a fraction of a second.
  c = await startConsole({ env: { AUDIT_SEAL_MS: '200', STREAM_POLL_INTERVAL_MS: '250' } });
  root = await register(c.t.app, 'root');
  alice = await register(c.t.app, 'alice');
  await register(c.t.app, 'bob');
  await register(c.t.app, 'carol');
  rootTeam = await defaultTeamOf(root);
  aliceTeam = await defaultTeamOf(alice);
  opsTeam = await createTeam('Ops');
  await call('POST', `/api/teams/${aliceTeam}/members`, alice, { login: 'bob' });
  await call('POST', `/api/teams/${rootTeam}/members`, root, { login: 'carol' });
  // Enough entries for more than one page of 50.
  for (let i = 0; i < 50; i++) {
    await call('PATCH', '/api/settings', root, { values: { 'docs.enabled': i % 2 === 0 } });
  }
}, 60_000);

afterAll(async () => {
  await c?.close();
});

const entriesTable = (page: Page) => page.getByRole('table', { name: 'Audit entries' });
const rowsWith = (page: Page, text: string, table = entriesTable(page)) =>
  table.getByRole('row').filter({ hasText: text });
const summary = (page: Page) => page.getByRole('status').filter({ hasText: /^Entries / });
// Two rendered frames: by then React has shown whatever the page was given before.
const nextFrames = (page: Page) =>
  page.evaluate(
    'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null))))',
  );

describe('the audit log for a global administrator', () => {
  it('lists what was done through the API, pages it, filters and exports it, opens an entry', async () => {
    const { page, context } = await signedInPage(c, root);
    const errors = watchPageErrors(page);
    await page.goto(`${c.base}/audit`);
    await rowsWith(page, 'settings.changed').first().waitFor();
    const total = (
      await c.t.app.inject({ url: '/api/audit/entries?limit=1', headers: root.headers })
    ).json().data.pagination.total as number;
    expect(total).toBeGreaterThan(50);
    await expect.poll(() => summary(page).textContent()).toBe(`Entries 1–50 of ${total}`);
    await expectAccessible(page);
    await screenshot(page, 'audit');

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect
      .poll(() => summary(page).textContent())
      .toBe(`Entries 51–${Math.min(100, total)} of ${total}`);
    expect(page.url()).toContain('page=2');

    const action = page.getByLabel('Action', { exact: true }).and(page.locator('input'));
    await action.click();
    await action.fill('team.crea');
    await page.getByRole('option', { name: 'team.created' }).click();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const created = await auditEntries(c.t.app, root.headers, '&action=team.created');
    await expect
      .poll(() => summary(page).textContent())
      .toBe(`Entries 1–${created.length} of ${created.length}`);
    expect(await rowsWith(page, 'settings.changed').count()).toBe(0);
    expect(await rowsWith(page, 'team.created').count()).toBe(created.length);
    expect(page.url()).toContain('action=team.created');
    expect(page.url()).not.toContain('page=');
    // The export holds what the filtered list shows, not only its page.
    const href = await page.getByRole('link', { name: 'Export (JSON Lines)' }).getAttribute('href');
    expect(href).toContain('action=team.created');
    const exported = (await (await context.request.get(`${c.base}${href}`)).text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { seq: number });
    expect(exported.map((e) => e.seq)).toEqual(created.map((e) => e.seq).reverse());

    const ops = created.find((e) => e.target_id === opsTeam)!;
    await page.getByRole('button', { name: `Show details of entry ${ops.seq}` }).click();
    const full = page.getByLabel(`Entry ${ops.seq} in full`);
    await full.waitFor();
    expect(JSON.parse((await full.textContent())!)).toEqual(ops);
    await page.getByRole('button', { name: `Hide details of entry ${ops.seq}` }).click();
    await full.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => summary(page).textContent()).toMatch(/^Entries 1–50 of /);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('narrows by time range and exports that range as JSON Lines', async () => {
    const { page, context } = await signedInPage(c, root);
    const errors = watchPageErrors(page);
    await page.goto(`${c.base}/audit`);
    await rowsWith(page, 'settings.changed').first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export (JSON Lines)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-.+\.jsonl$/);
    const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\n');
    const exported = lines.map((line) => JSON.parse(line) as { action: string; target_id: string });
    expect(exported.some((e) => e.action === 'team.created' && e.target_id === opsTeam)).toBe(true);
    expect(exported.filter((e) => e.action === 'settings.changed')).toHaveLength(50);

    // From an hour ahead: nothing matches, in the list or in the export.
    const ahead = new Date(Date.now() + 60 * 60_000);
    const local = new Date(ahead.getTime() - ahead.getTimezoneOffset() * 60_000)
      .toISOString()
      .slice(0, 16);
    await page.getByLabel('From').fill(local);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('No entries match these filters').waitFor();
    const href = await page.getByRole('link', { name: 'Export (JSON Lines)' }).getAttribute('href');
    expect(href).toMatch(/^\/api\/audit\/export\?since=/);
    const res = await context.request.get(`${c.base}${href}`);
    expect(res.status()).toBe(200);
    expect(await res.text()).toBe('');
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows new entries live, holds them back while paused and shows them on resume', async () => {
    const { page, context } = await signedInPage(c, root);
    const errors = watchPageErrors(page);
    // What the page's EventSource receives, to know an entry has arrived while paused.
    const received: string[] = [];
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    cdp.on('Network.eventSourceMessageReceived', (m) => received.push(m.data));
    await page.goto(`${c.base}/audit`);
    await rowsWith(page, 'settings.changed').first().waitFor();
    await page.getByLabel('Live tail').check();
    await page
      .getByRole('status')
      .filter({ hasText: /^Live$/ })
      .waitFor();
    const live = page.getByRole('table', { name: 'Live audit entries' });
    await rowsWith(page, 'settings.changed', live).first().waitFor();

    const fresh = await createTeam('Live one');
    await rowsWith(page, fresh, live).waitFor();
    expect(await rowsWith(page, 'team.created', live).first().textContent()).toContain(fresh);

    await page.getByRole('button', { name: 'Pause' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Paused$/ })
      .waitFor();
    const held = await createTeam('Held back');
    await expect.poll(() => received.some((d) => d.includes(held)), { timeout: 10_000 }).toBe(true);
    await nextFrames(page);
    expect(await rowsWith(page, held, live).count()).toBe(0);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Resume' }).click();
    await rowsWith(page, held, live).waitFor();
    expect(await rowsWith(page, fresh, live).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('verifies the chain: intact, then broken at an edited entry', async () => {
    const { page, context } = await signedInPage(c, root);
    const errors = watchPageErrors(page);
    await page.goto(`${c.base}/audit`);
    await rowsWith(page, 'settings.changed').first().waitFor();
    await page.getByRole('button', { name: 'Verify the chain' }).click();
    const intact = page.getByRole('status').filter({ hasText: 'The chain is intact' });
    await intact.waitFor();
    const report = await verifyReport(c.t.app, root.headers);
    expect(await intact.textContent()).toContain(`${report.checked} entries checked`);
    expect(await intact.textContent()).toContain(report.head.head_hash);
    await expectAccessible(page);

    const [victim] = await auditEntries(c.t.app, root.headers, '&action=team.member_added');
    const orm = c.t.database.db.orm;
    await orm.update(auditTable).set({ outcome: 'failure' }).where(eq(auditTable.id, victim!.id));
    try {
      await page.getByRole('button', { name: 'Verify the chain' }).click();
      const broken = page.getByRole('alert').filter({ hasText: 'The chain is broken' });
      await broken.waitFor();
      const text = await broken.textContent();
      expect(text).toContain(`The chain is broken at entry ${victim!.seq}`);
      expect(text).toContain(victim!.id);
      expect(text).toContain('modified');
      await expectAccessible(page);
    } finally {
      await orm
        .update(auditTable)
        .set({ outcome: victim!.outcome })
        .where(eq(auditTable.id, victim!.id));
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches to the current team’s entries', async () => {
    const { page, context } = await signedInPage(c, root);
    const errors = watchPageErrors(page);
    await page.goto(`${c.base}/audit`);
    await rowsWith(page, 'settings.changed').first().waitFor();
    await page.getByText("Team root's team").click();
    await page.waitForURL(/scope=team/);
    await rowsWith(page, 'team.member_added').first().waitFor();
    const team = await c.t.app.inject({
      url: `/api/teams/${rootTeam}/audit/entries?limit=100`,
      headers: root.headers,
    });
    const entries = team.json().data.entries as Array<{ action: string }>;
    await expect
      .poll(() => summary(page).textContent())
      .toBe(`Entries 1–${entries.length} of ${entries.length}`);
    expect(await rowsWith(page, 'settings.changed').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Export (JSON Lines)' }).getAttribute('href')).toBe(
      `/api/teams/${rootTeam}/audit/export`,
    );
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the audit log for a team administrator', () => {
  it('shows only the team’s entries, on a phone in dark mode, without verify', async () => {
    const { page, context } = await signedInPage(c, alice, {
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
    });
    const errors = watchPageErrors(page);
    await page.goto(`${c.base}/audit`);
    await rowsWith(page, 'team.member_added').first().waitFor();
    const mine = await c.t.app.inject({
      url: `/api/teams/${aliceTeam}/audit/entries?limit=100`,
      headers: alice.headers,
    });
    const entries = mine.json().data.entries as Array<{ team_id: string; actor_type: string }>;
    expect(entries.every((e) => e.team_id === aliceTeam)).toBe(true);
    await expect
      .poll(() => summary(page).textContent())
      .toBe(`Entries 1–${entries.length} of ${entries.length}`);
    expect(await rowsWith(page, 'settings.changed').count()).toBe(0);
    expect(await rowsWith(page, opsTeam).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Verify the chain' }).count()).toBe(0);
    expect(await page.getByText('Whole service').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Export (JSON Lines)' }).getAttribute('href')).toBe(
      `/api/teams/${aliceTeam}/audit/export`,
    );
    // On a phone the filters start folded; opened, they narrow her team's log too.
    const toggle = page.getByRole('button', { name: 'Show filters' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await page.getByLabel('Actor type', { exact: true }).and(page.locator('input')).click();
    await page.getByRole('option', { name: 'The service itself' }).click();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/actor_type=system/);
    expect(entries.filter((e) => e.actor_type === 'system')).toEqual([]);
    await page.getByText('No entries match these filters').waitFor();
    // The global log stays closed to her: the API says so.
    const global = await c.t.app.inject({ url: '/api/audit/entries', headers: alice.headers });
    expect(global.statusCode).toBe(403);
    await expectAccessible(page);
    await screenshot(page, 'audit-team-phone-dark');
    expect(errors).toEqual([]);
    await context.close();
  });
});
