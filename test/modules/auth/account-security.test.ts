import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { json, login, PASSWORD, register, type Account } from '../../helpers/accounts.js';
import {
  approveThroughConsent,
  authorizeQuery,
  CLIENT_ID,
  pkce,
  REDIRECT_URI,
  tokenRequest,
} from '../../helpers/oauth.js';
import { startSmtpServer } from '../../helpers/smtp.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: Account;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    env: { LOGIN_LIMIT_PER_ACCOUNT: '3', LOGIN_LIMIT_PER_ADDRESS: '10000' },
  });
  admin = await register(t.app, 'root');
  const configured = await t.app.inject({
    method: 'PATCH',
    url: '/api/settings',
    headers: { ...json, ...admin.headers },
    payload: { values: smtp.settings },
  });
  expect(configured.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const send = (method: 'POST' | 'PATCH', url: string, headers: object, payload: object) =>
  t.app.inject({ method, url, headers: { ...json, ...headers }, payload });
const changePassword = (account: Account, current: string, next: string) =>
  send('POST', '/api/users/me/password', account.headers, {
    current_password: current,
    new_password: next,
  });

/** Approves the CLI through the consent page and exchanges the code: a live grant. */
async function grantFor(account: Account) {
  const { verifier, challenge } = pkce();
  const callback = await approveThroughConsent(
    t.app,
    account.cookie,
    authorizeQuery({ scope: 'teams:read offline_access' }, challenge),
  );
  const res = await tokenRequest(t.app, {
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code')!,
    redirect_uri: REDIRECT_URI,
    client_id: CLIENT_ID,
    code_verifier: verifier,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { access_token: string; refresh_token: string };
}

/** A code approved but not yet exchanged, with its verifier. */
async function pendingCode(account: Account) {
  const { verifier, challenge } = pkce();
  const callback = await approveThroughConsent(
    t.app,
    account.cookie,
    authorizeQuery({ scope: 'teams:read' }, challenge),
  );
  return { code: callback.searchParams.get('code')!, verifier };
}

const exchange = (pending: { code: string; verifier: string }) =>
  tokenRequest(t.app, {
    grant_type: 'authorization_code',
    code: pending.code,
    redirect_uri: REDIRECT_URI,
    client_id: CLIENT_ID,
    code_verifier: pending.verifier,
  });
const refresh = (refreshToken: string) =>
  tokenRequest(t.app, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: CLIENT_ID,
  });
const teamsWith = (accessToken: string) =>
  t.app.inject({ url: '/api/teams', headers: { authorization: `Bearer ${accessToken}` } });

/** Both halves of a grant are dead: the access token is refused and the refresh token too. */
async function expectGrantEnded(tokens: { access_token: string; refresh_token: string }) {
  expect((await teamsWith(tokens.access_token)).statusCode).toBe(401);
  const refused = await refresh(tokens.refresh_token);
  expect(refused.statusCode).toBe(400);
  expect(refused.json().error).toBe('invalid_grant');
}

describe('security: a password change, a reset or disabling ends OAuth grants', () => {
  it('a password change revokes access and refresh tokens and unexchanged codes', async () => {
    const ana = await register(t.app, 'ana');
    const tokens = await grantFor(ana);
    const pending = await pendingCode(ana);
    expect((await teamsWith(tokens.access_token)).statusCode).toBe(200);
    expect((await changePassword(ana, PASSWORD, 'a new long password')).statusCode).toBe(200);
    await expectGrantEnded(tokens);
    expect((await exchange(pending)).statusCode).toBe(400);
    // The satellites serving her teams are told to forget what they cached of her tokens.
    const told = await t.database.db.query<{ kind: string }>(
      'SELECT kind FROM satellite_pending_work WHERE user_id = $1',
      [ana.id],
    );
    expect(told.map((row) => row.kind)).toContain('oauth.revoked');
    const grants = await t.app.inject({ url: '/api/oauth2/grants', headers: ana.headers });
    expect(grants.json().data.grants).toEqual([]);
  });

  it('a password reset revokes access and refresh tokens', async () => {
    const ben = await register(t.app, 'ben');
    const tokens = await grantFor(ben);
    const asked = await send('POST', '/api/auth/password/forgot', {}, { email: ben.email });
    expect(asked.statusCode).toBe(200);
    const mail = [...smtp.received].reverse().find((m) => m.to.includes(ben.email))!;
    const token = /\n(etk_\S+)\n/.exec(mail.text)![1]!;
    const reset = await send(
      'POST',
      '/api/auth/password/reset',
      {},
      { token, new_password: 'a brand new password' },
    );
    expect(reset.statusCode).toBe(200);
    await expectGrantEnded(tokens);
  });

  it('disabling revokes grants, so re-enabling does not revive old refresh tokens', async () => {
    const cyd = await register(t.app, 'cyd');
    const tokens = await grantFor(cyd);
    const url = `/api/users/${cyd.id}`;
    expect((await send('PATCH', url, admin.headers, { disabled: true })).statusCode).toBe(200);
    expect((await send('PATCH', url, admin.headers, { disabled: false })).statusCode).toBe(200);
    await expectGrantEnded(tokens);
  });
});

describe('security: password guesses are limited per account', () => {
  it('answers 429 once current_password was wrong too often, even with the right one', async () => {
    const dan = await register(t.app, 'dan');
    for (let i = 0; i < 3; i++) {
      const wrong = await changePassword(dan, 'not the password', 'another long password');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toBe('body.current_password is not correct');
    }
    const limited = await changePassword(dan, PASSWORD, 'another long password');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // One count per account: the guesses made here also hold back sign-in.
    expect((await login(t.app, 'dan')).statusCode).toBe(429);
  });

  it('counts failed sign-ins by username and by email toward one lock on the account', async () => {
    const eva = await register(t.app, 'eva');
    expect((await login(t.app, 'eva', 'wrong password!!')).statusCode).toBe(401);
    expect((await login(t.app, 'EVA@example.com', 'wrong password!!')).statusCode).toBe(401);
    expect((await login(t.app, 'eva@example.com', 'wrong password!!')).statusCode).toBe(401);
    expect((await login(t.app, 'eva')).statusCode).toBe(429);
    expect((await login(t.app, eva.email)).statusCode).toBe(429);
  });

  it('still limits guesses at names that have no account', async () => {
    for (let i = 0; i < 3; i++)
      expect((await login(t.app, 'no-such-user', 'wrong password!!')).statusCode).toBe(401);
    expect((await login(t.app, 'no-such-user', 'wrong password!!')).statusCode).toBe(429);
  });
});

describe('security: changing the email needs the current password', () => {
  it('refuses a missing or wrong current_password and accepts the right one', async () => {
    const fay = await register(t.app, 'fay');
    const missing = await send('PATCH', '/api/users/me', fay.headers, {
      email: 'fay.new@example.com',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      success: false,
      error: 'body.current_password is required to change the email',
    });
    const wrong = await send('PATCH', '/api/users/me', fay.headers, {
      email: 'fay.new@example.com',
      current_password: 'not the password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('body.current_password is not correct');
    const me = await t.app.inject({ url: '/api/users/me', headers: fay.headers });
    expect(me.json().data.email).toBe('fay@example.com');
    const ok = await send('PATCH', '/api/users/me', fay.headers, {
      email: 'fay.new@example.com',
      current_password: PASSWORD,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.user.email).toBe('fay.new@example.com');
  });

  it('does not ask for the password when the email stays the same', async () => {
    const gus = await register(t.app, 'gus');
    const res = await send('PATCH', '/api/users/me', gus.headers, {
      email: gus.email,
      display_name: 'Gus',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('limits wrong current_password guesses on an email change per account', async () => {
    const hal = await register(t.app, 'hal');
    const attempt = (current_password: string) =>
      send('PATCH', '/api/users/me', hal.headers, {
        email: 'hal.new@example.com',
        current_password,
      });
    for (let i = 0; i < 3; i++) expect((await attempt('not the password')).statusCode).toBe(400);
    const limited = await attempt(PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });
});
