/**
 * The global settings page in Chromium against the real service: groups as the API groups
 * them, an input for each type, saving per group, the API's validation errors, reset to the
 * default, write-only secrets, a test email through a real SMTP server on loopback, and a
 * member without the permission turned away.
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
import { startSmtpServer } from '../../helpers/smtp.js';

let c: ConsoleService;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let root: Account;
let alice: Account;

beforeAll(async () => {
  smtp = await startSmtpServer();
  c = await startConsole();
  root = await register(c.t.app, 'root');
  alice = await register(c.t.app, 'alice');
}, 60_000);

afterAll(async () => {
  await c?.close();
  await smtp?.close();
});

const setting = async (key: string) => {
  const res = await c.t.app.inject({ url: `/api/settings/${key}`, headers: root.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.setting as { value: unknown; is_set: boolean };
};
const section = (page: Page, title: string) => page.getByRole('region', { name: title });
const smtpSection = (page: Page) => section(page, 'Email (SMTP)');

async function openSettings(who: Account, options: Parameters<typeof signedInPage>[2] = {}) {
  const { page, context } = await signedInPage(c, who, options);
  const errors = watchPageErrors(page);
  await page.goto(`${c.base}/settings`);
  return { page, context, errors };
}

describe('global settings for an administrator', () => {
  it('groups the settings as the API does, with an input for each type', async () => {
    const { page, context, errors } = await openSettings(root);
    await page.getByRole('heading', { level: 2, name: 'Email (SMTP)' }).waitFor();
    const list = await c.t.app.inject({ url: '/api/settings', headers: root.headers });
    const groups = list.json().data.groups as Array<{ group: string; settings: unknown[] }>;
    expect(groups.map((g) => g.group)).toEqual(['auth', 'general', 'smtp']);
    const headings = page.getByRole('main').getByRole('heading', { level: 2 });
    expect(await headings.allTextContents()).toEqual([
      'Accounts and sign-in',
      'General',
      'Email (SMTP)',
      'Send a test email',
    ]);
    expect(await smtpSection(page).getByRole('switch').count()).toBe(1);
    expect(await page.getByRole('switch', { name: 'docs.enabled' }).isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: 'registry.public_access' }).isChecked()).toBe(
      false,
    );
    expect(await page.getByLabel('smtp.port', { exact: true }).inputValue()).toBe('587');
    expect(await page.getByText('SMTP server port. Default: 587.').count()).toBe(1);
    expect(await page.getByLabel('smtp.host', { exact: true }).inputValue()).toBe('');
    expect(await page.getByText('not set', { exact: true }).count()).toBe(1);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Settings' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'settings');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves a boolean and a number, each group on its own, and the API keeps them', async () => {
    const { page, context, errors } = await openSettings(root);
    await page.getByRole('switch', { name: 'registry.public_access' }).check();
    await page.getByLabel('smtp.port', { exact: true }).fill('2525');
    const general = section(page, 'General');
    await general.getByRole('status').filter({ hasText: '1 unsaved change' }).waitFor();
    await general.getByRole('button', { name: 'Save General' }).click();
    await general
      .getByRole('status')
      .filter({ hasText: /^Saved$/ })
      .waitFor();
    expect(await setting('registry.public_access')).toMatchObject({ value: true, is_set: true });
    // The other group's draft stays a draft until its own Save.
    expect(await setting('smtp.port')).toMatchObject({ value: 587, is_set: false });
    await smtpSection(page).getByRole('button', { name: 'Save Email (SMTP)' }).click();
    await smtpSection(page)
      .getByRole('status')
      .filter({ hasText: /^Saved$/ })
      .waitFor();
    expect(await setting('smtp.port')).toMatchObject({ value: 2525, is_set: true });

    await page.reload();
    await page.getByLabel('smtp.port', { exact: true }).waitFor();
    expect(await page.getByLabel('smtp.port', { exact: true }).inputValue()).toBe('2525');
    expect(await page.getByRole('switch', { name: 'registry.public_access' }).isChecked()).toBe(
      true,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the API’s words for an invalid value and keeps the stored one', async () => {
    const { page, context, errors } = await openSettings(root);
    const direct = await c.t.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: { ...json, ...root.headers },
      payload: { values: { 'smtp.port': 70000 } },
    });
    expect(direct.statusCode).toBe(400);
    const words = direct.json().error as string;
    expect(words).toContain('smtp.port');
    await page.getByLabel('smtp.port', { exact: true }).fill('70000');
    await smtpSection(page).getByRole('button', { name: 'Save Email (SMTP)' }).click();
    const alert = smtpSection(page).getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(words);
    expect(await setting('smtp.port')).toMatchObject({ value: 2525 });
    await expectAccessible(page);
    await smtpSection(page).getByRole('button', { name: 'Discard changes' }).click();
    expect(await page.getByLabel('smtp.port', { exact: true }).inputValue()).toBe('2525');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('resets a setting to its default, on a phone in dark mode', async () => {
    const { page, context, errors } = await openSettings(root, {
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
    });
    await page.getByLabel('smtp.port', { exact: true }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'settings-phone-dark');
    await page.getByRole('button', { name: 'Reset to default: smtp.port' }).click();
    await expect.poll(() => page.getByLabel('smtp.port', { exact: true }).inputValue()).toBe('587');
    expect(await setting('smtp.port')).toMatchObject({ value: 587, is_set: false });
    await page.getByRole('button', { name: 'Reset to default: smtp.port' }).waitFor({
      state: 'detached',
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes a secret without ever showing it', async () => {
    const secret = 'hunter2-never-shown';
    const { page, context, errors } = await openSettings(root);
    const password = page.getByLabel(/^smtp\.password/);
    await password.fill(secret);
    await smtpSection(page).getByRole('button', { name: 'Save Email (SMTP)' }).click();
    await smtpSection(page).getByText('set', { exact: true }).waitFor();
    expect(await setting('smtp.password')).toEqual(
      expect.objectContaining({ value: null, is_set: true }),
    );
    expect(await password.inputValue()).toBe('');
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await smtpSection(page).getByText('set', { exact: true }).waitFor();
    expect(await page.content()).not.toContain(secret);
    expect(await page.getByLabel(/^smtp\.password/).inputValue()).toBe('');

    await page.getByRole('button', { name: 'Reset to default: smtp.password' }).click();
    await smtpSection(page).getByText('not set', { exact: true }).waitFor();
    expect(await setting('smtp.password')).toMatchObject({ is_set: false });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a test email: the API’s error without SMTP, then the mail arrives', async () => {
    const { page, context, errors } = await openSettings(root);
    const test = section(page, 'Send a test email');
    await test.getByLabel(/^Recipient/).fill('ops@example.com');
    await test.getByRole('button', { name: 'Send a test email' }).click();
    const refused = test.getByRole('alert');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('Email is not available: SMTP is not configured');

    // Configured through the page: a text, a number and a text, saved together.
    await page.getByLabel('smtp.host', { exact: true }).fill(smtp.settings['smtp.host']);
    await page.getByLabel('smtp.port', { exact: true }).fill(String(smtp.port));
    await page.getByLabel('smtp.from', { exact: true }).fill(smtp.settings['smtp.from']);
    await smtpSection(page).getByRole('button', { name: 'Save Email (SMTP)' }).click();
    await smtpSection(page)
      .getByRole('status')
      .filter({ hasText: /^Saved$/ })
      .waitFor();
    expect(await setting('smtp.host')).toMatchObject({ value: '127.0.0.1' });

    await test.getByRole('button', { name: 'Send a test email' }).click();
    const sent = test.getByRole('status').filter({ hasText: 'Test email sent to' });
    await sent.waitFor();
    expect(await sent.textContent()).toContain('Test email sent to ops@example.com');
    expect(await refused.count()).toBe(0);
    const mail = smtp.received.find((m) => m.to.includes('ops@example.com'));
    expect(mail?.subject).toBe('Groundstation test email');
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('global settings for a member without the permission', () => {
  it('hides the page from the navigation and shows the API’s refusal', async () => {
    const refusal = await c.t.app.inject({ url: '/api/settings', headers: alice.headers });
    expect(refusal.statusCode).toBe(403);
    const words = refusal.json().error as string;
    const { page, context, errors } = await openSettings(alice);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Not permitted');
    expect(await alert.textContent()).toContain(words);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Account' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Settings' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Save/ }).count()).toBe(0);
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
