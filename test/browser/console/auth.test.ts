/**
 * The pages for people who are not signed in, in Chromium against a fresh service: first-run
 * set-up with the code from the service's log, sign-up, email confirmation and a password reset
 * through a real SMTP server.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, login, PASSWORD, sessionCookieOf } from '../../helpers/accounts.js';
import {
  collectingLogger,
  expectAccessible,
  screenshot,
  startConsole,
  watchPageErrors,
  type ConsoleService,
} from '../../helpers/console.js';
import { startSmtpServer } from '../../helpers/smtp.js';

const CODE_LINE = /First-run set-up code: ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}) /;

let c: ConsoleService;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const log: string[] = [];
let adminCookie = '';

beforeAll(async () => {
  smtp = await startSmtpServer();
  // A fresh service (no database chosen, no account); its log is kept, as the operator reads it.
  c = await startConsole({ logger: collectingLogger(log) });
}, 60_000);

afterAll(async () => {
  await c?.close();
  await smtp?.close();
});

const status = async () => (await c.t.app.inject({ url: '/api/db/status' })).json().data;

async function anonymousPage() {
  const context = await c.browser.newContext({ viewport: { width: 1280, height: 800 } });
  // A step that does not happen fails with its locator named, well inside the test's time.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  return { context, page, errors: watchPageErrors(page) };
}

async function settings(values: Record<string, unknown>) {
  const res = await c.t.app.inject({
    method: 'PATCH',
    url: '/api/settings',
    headers: { ...json, cookie: adminCookie },
    payload: { values },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const lastMailTo = async (address: string, count: number) => {
  await expect.poll(() => smtp.received.filter((m) => m.to.includes(address)).length).toBe(count);
  return smtp.received.filter((m) => m.to.includes(address)).at(-1)!;
};

async function fillNewAccount(page: Page, username: string, repeat = PASSWORD) {
  await page.getByLabel(/^Username/).fill(username);
  await page.getByLabel(/^Email address/).fill(`${username}@example.com`);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel(/^Repeat the password/).fill(repeat);
}

describe('first run', () => {
  it('refuses a wrong code, sets up the database with the logged one, then creates the administrator', async () => {
    expect(await status()).toMatchObject({ configured: false });
    const code = CODE_LINE.exec(log.find((l) => CODE_LINE.test(l)) ?? '')?.[1];
    expect(code, 'the set-up code in the log').toBeTruthy();

    const { context, page, errors } = await anonymousPage();
    await page.goto(`${c.base}/sign-in`);
    await page.getByRole('link', { name: 'Set it up' }).click();
    await page.waitForURL(`${c.base}/setup`);
    await page.getByText("Printed in the service's log at start").waitFor();
    await expectAccessible(page);
    // A second browser that opens set-up now submits after the first finished it.
    const late = await anonymousPage();
    await late.page.goto(`${c.base}/setup`);
    await late.page.getByLabel(/^Set-up code/).waitFor();

    await page.getByLabel(/^Set-up code/).fill('AAAA-BBBB-CCCC');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('The set-up code is not valid');
    expect(await status()).toMatchObject({ configured: false });

    if (c.t.database.url) {
      // On PostgreSQL the service keeps its database: choose it, with its connection URL.
      await page.getByRole('radio', { name: 'PostgreSQL' }).check();
      await page.getByLabel(/^Connection URL/).fill(c.t.database.url);
    }
    await page.getByLabel(/^Set-up code/).fill(code!.toLowerCase());
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('form', { name: 'Create the administrator' }).waitFor();
    expect(await status()).toMatchObject({
      configured: true,
      source: 'default',
      dialect: c.t.database.url ? 'postgresql' : 'pglite',
    });
    await expectAccessible(page);
    await screenshot(page, 'setup');

    // The late browser's set-up is answered 409: it goes on to the account step.
    await late.page.getByLabel(/^Set-up code/).fill('AAAA-BBBB-CCCC');
    await late.page.getByRole('button', { name: 'Save and continue' }).click();
    await late.page.getByText('The database is already set up').waitFor();
    await late.page.getByRole('form', { name: 'Create the administrator' }).waitFor();
    // Opened afresh once the database is set up, the page starts at the account step.
    await late.page.reload();
    await late.page.getByRole('form', { name: 'Create the administrator' }).waitFor();
    expect(await late.page.getByLabel(/^Set-up code/).count()).toBe(0);
    expect(late.errors).toEqual([]);
    await late.context.close();

    await fillNewAccount(page, 'root');
    await page.getByRole('button', { name: 'Create the administrator account' }).click();
    await page.waitForURL(`${c.base}/`);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await page.getByLabel('Signed in as').textContent()).toBe('root');
    const signedIn = await login(c.t.app, 'root');
    expect(signedIn.json().data.user.global_role).toBe('global_admin');
    adminCookie = sessionCookieOf(signedIn);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('sign-up and email', () => {
  it('signs up a second member, who confirms the address with the emailed link', async () => {
    await settings(smtp.settings);
    const { context, page, errors } = await anonymousPage();
    await page.goto(`${c.base}/sign-in`);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL(`${c.base}/sign-up`);
    await expectAccessible(page);

    await fillNewAccount(page, 'mia', 'not the same password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('The two passwords differ').waitFor();
    expect((await login(c.t.app, 'mia')).statusCode).toBe(401);

    await page.getByLabel(/^Repeat the password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Your account is ready').waitFor();
    await page.getByText('a confirmation link is on its way to').waitFor();
    await expectAccessible(page);
    const mia = await login(c.t.app, 'mia');
    expect(mia.json().data.user).toMatchObject({
      global_role: 'global_user',
      email_verified: false,
    });

    const mail = await lastMailTo('mia@example.com', 1);
    const token = /\/verify-email\?token=(\S+)/.exec(mail.text)![1]!;
    await page.goto(`${c.base}/verify-email?token=${encodeURIComponent(token)}`);
    await page.getByText('Email address verified').waitFor();
    await expectAccessible(page);
    const me = await c.t.app.inject({
      url: '/api/users/me',
      headers: { cookie: sessionCookieOf(mia) },
    });
    expect(me.json().data.email_verified).toBe(true);
    // The token worked once: opened again, the page shows the API's refusal.
    await page.reload();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('The verification token is invalid or has expired');

    await page.getByRole('link', { name: 'Open the console' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the API refusing sign-up when registration is switched off', async () => {
    await settings({ 'auth.registration_enabled': false });
    const { context, page, errors } = await anonymousPage();
    await page.goto(`${c.base}/sign-up`);
    await fillNewAccount(page, 'noah');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Registration is switched off on this service');
    expect((await login(c.t.app, 'noah')).statusCode).toBe(401);
    await settings({ 'auth.registration_enabled': true });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('forgotten password', () => {
  it('mails a reset token, which chooses a new password; the old one stops working', async () => {
    const { context, page, errors } = await anonymousPage();
    await page.goto(`${c.base}/sign-in`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(`${c.base}/forgot-password`);
    await expectAccessible(page);
    await page.getByLabel(/^Email address/).fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send the reset email' }).click();
    const neutral = 'If an account has that address, a reset email is on its way';
    await page.getByText(neutral).waitFor();

    await page.reload();
    await page.getByLabel(/^Email address/).fill('mia@example.com');
    await page.getByRole('button', { name: 'Send the reset email' }).click();
    await page.getByText(neutral).waitFor();
    const mail = await lastMailTo('mia@example.com', 2);
    expect(smtp.received.filter((m) => m.to.includes('nobody@example.com'))).toEqual([]);
    const token = /\n(etk_\S+)\n/.exec(mail.text)![1]!;

    await page.getByRole('link', { name: 'I have the token: choose a new password' }).click();
    await page.waitForURL(`${c.base}/reset-password`);
    await expectAccessible(page);
    const fresh = 'a fresh password for mia';
    await page.getByLabel(/^Reset token/).fill('etk_not.a-real-token');
    await page.getByLabel(/^New password/).fill(fresh);
    await page.getByLabel(/^Repeat the new password/).fill(fresh);
    await page.getByRole('button', { name: 'Change the password' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('The reset token is invalid or has expired');

    await page.getByLabel(/^Reset token/).fill(token);
    await page.getByRole('button', { name: 'Change the password' }).click();
    await page.getByText('Your password is changed').waitFor();
    expect((await login(c.t.app, 'mia')).statusCode).toBe(401);

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Username or email').fill('mia');
    await page.getByLabel(/^Password/).fill(fresh);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes the token from the link it is opened with', async () => {
    const { context, page } = await anonymousPage();
    await page.goto(`${c.base}/reset-password?token=etk_from.link`);
    expect(await page.getByLabel(/^Reset token/).inputValue()).toBe('etk_from.link');
    await context.close();
  });
});
