/**
 * The account page in Chromium against the real service: profile, email and password changes
 * land in the API, and apps approved through the real OAuth flow are listed and revoked.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, login, PASSWORD, register, type Account } from '../../helpers/accounts.js';
import {
  expectAccessible,
  screenshot,
  signedInPage,
  startConsole,
  watchPageErrors,
  type ConsoleService,
} from '../../helpers/console.js';
import {
  approveThroughConsent,
  authorizeQuery,
  CLIENT_ID,
  pkce,
  REDIRECT_URI,
  tokenRequest,
} from '../../helpers/oauth.js';

let c: ConsoleService;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  c = await startConsole();
  alice = await register(c.t.app, 'alice');
  bob = await register(c.t.app, 'bob');
}, 60_000);

afterAll(async () => {
  await c?.close();
});

const meOf = async (who: Account) =>
  (await c.t.app.inject({ url: '/api/users/me', headers: who.headers })).json().data;

async function openAccount(who: Account, options: Parameters<typeof signedInPage>[2] = {}) {
  const { context, page } = await signedInPage(c, who, options);
  context.setDefaultTimeout(10_000);
  const errors = watchPageErrors(page);
  await page.goto(`${c.base}/account`);
  await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
  return { context, page, errors };
}

/** Once the dialog's opening transition is over (colours are checked as they end up). */
const settled = (page: Page) =>
  page.evaluate('Promise.all(document.getAnimations().map((a) => a.finished)).then(() => true)');

const alertIn = (page: Page, form: string) =>
  page.getByRole('form', { name: form }).getByRole('alert').textContent();

/** An access token from the real flow: consent in the member's session, code, PKCE. */
async function approve(who: Account, clientId: string, redirectUri: string, scope: string) {
  const { verifier, challenge } = pkce();
  const callback = await approveThroughConsent(
    c.t.app,
    who.cookie,
    authorizeQuery({ client_id: clientId, redirect_uri: redirectUri, scope }, challenge),
  );
  const res = await tokenRequest(c.t.app, {
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code')!,
    redirect_uri: redirectUri,
    client_id: clientId,
    code_verifier: verifier,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

/** What an access token may still read: 200 while its approval stands. */
const useToken = async (token: string) =>
  (await c.t.app.inject({ url: '/api/teams', headers: { authorization: `Bearer ${token}` } }))
    .statusCode;

describe('account page', () => {
  it('changes the profile, the email address and the password', async () => {
    const { context, page, errors } = await openAccount(bob);
    await expectAccessible(page);

    const profile = page.getByRole('form', { name: 'Profile' });
    await profile.getByLabel(/^Display name/).fill('Bob Builder');
    await profile.getByLabel(/^Username/).fill('bob-b');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await profile.getByText('Profile saved.').waitFor();
    expect(await meOf(bob)).toMatchObject({ display_name: 'Bob Builder', username: 'bob-b' });
    // The session is read again: the header greets the new name.
    await expect.poll(() => page.getByLabel('Signed in as').textContent()).toBe('Bob Builder');

    const email = page.getByRole('form', { name: 'Change email address' });
    await email.getByLabel(/^New email address/).fill('builder@example.com');
    await email.getByLabel(/^Current password/).fill('not my password');
    await email.getByRole('button', { name: 'Change email address' }).click();
    await expect
      .poll(() => alertIn(page, 'Change email address'))
      .toContain('body.current_password is not correct');
    expect((await meOf(bob)).email).toBe('bob@example.com');
    await email.getByLabel(/^Current password/).fill(PASSWORD);
    await email.getByRole('button', { name: 'Change email address' }).click();
    await email.getByText('Email address changed to builder@example.com.').waitFor();
    expect(await meOf(bob)).toMatchObject({ email: 'builder@example.com', email_verified: false });
    await page.getByText('Not confirmed').waitFor();

    const password = page.getByRole('form', { name: 'Change password' });
    const fresh = 'a newer password for bob';
    await password.getByLabel(/^Current password/).fill(PASSWORD);
    await password.getByLabel(/^New password/).fill(fresh);
    await password.getByLabel(/^Repeat the new password/).fill('something else entirely');
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.getByText('The two passwords differ').waitFor();
    await password.getByLabel(/^Repeat the new password/).fill(fresh);
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.getByText('Password changed; other sessions were signed out.').waitFor();
    expect((await login(c.t.app, 'bob-b', PASSWORD)).statusCode).toBe(401);
    expect((await login(c.t.app, 'bob-b', fresh)).statusCode).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists approved apps and their approvals, ends one approval, then revokes an app', async () => {
    const registered = await c.t.app.inject({
      method: 'POST',
      url: '/api/oauth2/register',
      headers: json,
      payload: {
        client_name: 'Desk assistant',
        redirect_uris: ['http://127.0.0.1:7777/callback'],
        token_endpoint_auth_method: 'none',
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const desk = registered.json().client_id as string;
    const deskToken = await approve(alice, desk, 'http://127.0.0.1:7777/callback', 'teams:read');
    await approve(alice, CLIENT_ID, REDIRECT_URI, 'teams:read offline_access');
    await approve(alice, CLIENT_ID, REDIRECT_URI, 'teams:read offline_access');
    const clients = async () =>
      (
        await c.t.app.inject({ url: '/api/oauth2/authorized-clients', headers: alice.headers })
      ).json().data.clients as Array<{ client_id: string; client_name: string; grants: number }>;
    const cliName = (await clients()).find((x) => x.client_id === CLIENT_ID)!.client_name;

    expect(await useToken(deskToken)).toBe(200);
    const { context, page, errors } = await openAccount(alice);
    const apps = page.getByRole('table', { name: 'Connected apps' });
    await apps.getByText('Desk assistant', { exact: true }).waitFor();
    await apps.getByText(cliName, { exact: true }).waitFor();
    const approvals = page.getByRole('table', { name: 'Approvals' });
    await expect.poll(() => approvals.getByRole('row').count()).toBe(4);
    await expectAccessible(page);

    // One approval of the command-line client ends; its other one stays.
    await approvals
      .getByRole('row')
      .filter({ hasText: cliName })
      .first()
      .getByRole('button')
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Other approvals of the same app stay').waitFor();
    await settled(page);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'End approval' }).click();
    await expect.poll(() => approvals.getByRole('row').count()).toBe(3);
    expect((await clients()).find((x) => x.client_id === CLIENT_ID)!.grants).toBe(1);

    await apps.getByRole('button', { name: 'Revoke Desk assistant' }).click();
    await page.getByRole('dialog', { name: 'Revoke access of Desk assistant?' }).waitFor();
    await page.getByRole('button', { name: 'Revoke access' }).click();
    await expect.poll(() => apps.getByText('Desk assistant', { exact: true }).count()).toBe(0);
    expect((await clients()).map((x) => x.client_id)).toEqual([CLIENT_ID]);
    expect(await useToken(deskToken)).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone screen, accessibly', async () => {
    const { context, page, errors } = await openAccount(alice, {
      viewport: { width: 390, height: 844 },
    });
    await page.getByRole('form', { name: 'Change password' }).waitFor();
    await expectAccessible(page);
    const overflow = await page.evaluate<number>(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'account-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
