/**
 * The teams pages in Chromium against the real service: creating a team, adding, promoting and
 * removing a member, switching the console's team, deleting; what a plain member sees, and the
 * administrator's list of every team.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, register, type Account } from '../../helpers/accounts.js';
import {
  expectAccessible,
  screenshot,
  signedInPage,
  startConsole,
  watchPageErrors,
  type ConsoleService,
} from '../../helpers/console.js';

let c: ConsoleService;
let alice: Account;
let bob: Account;
let carol: Account;

beforeAll(async () => {
  c = await startConsole();
  alice = await register(c.t.app, 'alice');
  bob = await register(c.t.app, 'bob');
  carol = await register(c.t.app, 'carol');
}, 60_000);

afterAll(async () => {
  await c?.close();
});

async function open(who: Account, path: string) {
  const { context, page } = await signedInPage(c, who);
  context.setDefaultTimeout(10_000);
  const errors = watchPageErrors(page);
  await page.goto(`${c.base}${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return { context, page, errors };
}

/** Once a dialog's opening transition is over (colours are checked as they end up). */
const settled = (page: Page) =>
  page.evaluate('Promise.all(document.getAnimations().map((a) => a.finished)).then(() => true)');

const api = (who: Account, url: string) => c.t.app.inject({ url, headers: who.headers });

const membersOf = async (teamId: string) =>
  (await api(alice, `/api/teams/${teamId}/members?limit=100`)).json().data.members as Array<{
    username: string;
    role: string;
  }>;

async function createTeamAs(who: Account, name: string) {
  const res = await c.t.app.inject({
    method: 'POST',
    url: '/api/teams',
    headers: { ...json, ...who.headers },
    payload: { name },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.team.id as string;
}

describe('teams', () => {
  it('creates a team, adds a member, changes the role, removes them, switches to it and deletes it', async () => {
    const { context, page, errors } = await open(bob, '/teams');
    const mine = page.getByRole('table', { name: 'Your teams' });
    await mine.getByText('Current team').waitFor();
    expect(await page.getByRole('table', { name: 'Every team' }).count()).toBe(0);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Create a team' }).click();
    const create = page.getByRole('form', { name: 'Create a team' });
    await create.getByLabel(/^Name/).fill('Platform');
    await create.getByLabel(/^Description/).fill('Servers for the platform group');
    await settled(page);
    await expectAccessible(page);
    await create.getByRole('button', { name: 'Create team' }).click();
    await page.waitForURL(/\/teams\/[^/]+$/);
    const teamId = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByRole('heading', { level: 1, name: 'Platform' }).waitFor();
    const mineNow = (await api(bob, '/api/users/me/teams')).json().data.teams;
    expect(mineNow).toContainEqual(
      expect.objectContaining({ id: teamId, name: 'Platform', role: 'team_admin' }),
    );
    await page.getByText('Groundstation sends no invitations').waitFor();
    await expectAccessible(page);

    const add = page.getByRole('form', { name: 'Add a member' });
    await add.getByLabel(/^Username or email/).fill('nobody-here');
    await add.getByRole('button', { name: 'Add member' }).click();
    await expect
      .poll(() => add.getByRole('alert').textContent())
      .toContain('No account has that username or email');
    await add.getByLabel(/^Username or email/).fill('carol@example.com');
    await add.getByRole('button', { name: 'Add member' }).click();
    const members = page.getByRole('table', { name: 'Members' });
    await members.getByRole('button', { name: 'Remove carol' }).waitFor();
    expect(await membersOf(teamId)).toContainEqual(
      expect.objectContaining({ username: 'carol', role: 'team_user' }),
    );
    await screenshot(page, 'team');

    await members.getByLabel('Role of carol').selectOption('team_admin');
    await expect
      .poll(async () => (await membersOf(teamId)).find((m) => m.username === 'carol')?.role)
      .toBe('team_admin');

    await members.getByRole('button', { name: 'Remove carol' }).click();
    await page.getByRole('dialog', { name: 'Remove carol from Platform?' }).waitFor();
    await page.getByRole('button', { name: 'Remove member' }).click();
    await expect.poll(() => members.getByText('carol@example.com').count()).toBe(0);
    expect((await membersOf(teamId)).map((m) => m.username)).toEqual(['bob']);

    const details = page.getByRole('form', { name: 'Team details' });
    await details.getByLabel(/^Name/).fill('Platform team');
    await details.getByRole('button', { name: 'Save team' }).click();
    await page.getByRole('heading', { level: 1, name: 'Platform team' }).waitFor();
    expect((await api(bob, `/api/teams/${teamId}`)).json().data.team.name).toBe('Platform team');

    await page.getByRole('link', { name: 'All your teams' }).click();
    await mine.getByRole('button', { name: 'Switch to Platform team' }).click();
    await mine
      .getByRole('row')
      .filter({ hasText: 'Platform team' })
      .getByText('Current team')
      .waitFor();
    expect(await page.locator('header input[aria-label="Team"]').inputValue()).toBe(
      'Platform team',
    );

    await mine.getByRole('link', { name: 'Platform team' }).click();
    await page.getByRole('button', { name: 'Delete team' }).click();
    await page.getByRole('dialog', { name: 'Delete Platform team?' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete team' }).click();
    await page.waitForURL(`${c.base}/teams`);
    expect((await api(bob, `/api/teams/${teamId}`)).statusCode).toBe(404);
    await expect.poll(() => mine.getByText('Platform team').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a team_user the team without management controls, and lets them leave', async () => {
    const teamId = await createTeamAs(bob, 'Ops');
    const added = await c.t.app.inject({
      method: 'POST',
      url: `/api/teams/${teamId}/members`,
      headers: { ...json, ...bob.headers },
      payload: { login: 'carol' },
    });
    expect(added.statusCode, added.body).toBe(201);

    const { context, page, errors } = await open(carol, `/teams/${teamId}`);
    await page.getByRole('heading', { level: 1, name: 'Ops' }).waitFor();
    const members = page.getByRole('table', { name: 'Members' });
    await members.getByText('bob@example.com').waitFor();
    await page.getByText('You: Member').waitFor();
    expect(await page.getByRole('form', { name: 'Add a member' }).count()).toBe(0);
    expect(await page.getByRole('form', { name: 'Team details' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete team' }).count()).toBe(0);
    expect(await members.getByRole('combobox').count()).toBe(0);
    expect(await members.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    await expectAccessible(page);

    await members.getByRole('button', { name: 'Leave team' }).click();
    await page.getByRole('dialog', { name: 'Leave Ops?' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Leave team' }).click();
    await page.waitForURL(`${c.base}/teams`);
    expect((await membersOf(teamId)).map((m) => m.username)).toEqual(['bob']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a global administrator every team, a page at a time, and lets them manage any', async () => {
    const crews: string[] = [];
    for (let i = 1; i <= 20; i += 1) crews.push(await createTeamAs(carol, `Crew ${i}`));
    const all = (await api(alice, '/api/admin/teams?limit=1')).json().data.pagination.total;
    expect(all).toBeGreaterThan(20);

    const { context, page, errors } = await open(alice, '/teams');
    const every = page.getByRole('table', { name: 'Every team' });
    await expect.poll(() => every.getByRole('row').count()).toBe(21);
    await page.getByText(`${all} teams`).waitFor();
    await expectAccessible(page);
    const firstPage = await every.getByRole('row').nth(1).textContent();
    await page
      .getByRole('navigation', { name: 'Pages of every team' })
      .getByLabel('Page 2')
      .click();
    await expect.poll(() => every.getByRole('row').count()).toBe(all - 20 + 1);
    expect(await every.getByRole('row').nth(1).textContent()).not.toBe(firstPage);

    // Alice is no member of carol's crews, yet as an administrator she manages them.
    await page.goto(`${c.base}/teams/${crews[0]}`);
    await page.getByRole('heading', { level: 1, name: 'Crew 1' }).waitFor();
    await page.getByText('You are not a member').waitFor();
    await page.getByRole('form', { name: 'Add a member' }).waitFor();
    await page.getByRole('form', { name: 'Team details' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
