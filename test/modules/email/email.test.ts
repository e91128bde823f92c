import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { json, login, PASSWORD, register, type Account } from '../../helpers/accounts.js';
import { startSmtpServer } from '../../helpers/smtp.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: Account;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp();
  admin = await register(t.app, 'root');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const post = (url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...json, ...headers },
    payload: payload as string,
  });
const configure = (values: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/settings',
    headers: { ...json, ...admin.headers },
    payload: { values },
  });
const lastMailTo = (address: string) =>
  [...smtp.received].reverse().find((m) => m.to.includes(address));

describe('without SMTP', () => {
  it('answers 409 to the test route and to password reset requests', async () => {
    const test = await post('/api/admin/email/test', admin.headers, { to: 'x@example.com' });
    expect(test.statusCode).toBe(409);
    expect(test.json().error).toBe('Email is not available: SMTP is not configured');
    expect(
      (await post('/api/auth/password/forgot', {}, { email: 'root@example.com' })).statusCode,
    ).toBe(409);
  });

  it('still registers accounts', async () => {
    await register(t.app, 'early');
    expect(lastMailTo('early@example.com')).toBeUndefined();
  });
});

describe('with a real SMTP server', () => {
  beforeAll(async () => {
    expect((await configure(smtp.settings)).statusCode).toBe(200);
  });

  it('sends a test email for global admins only', async () => {
    const user = await register(t.app, 'plain');
    expect(
      (await post('/api/admin/email/test', user.headers, { to: 'x@example.com' })).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/admin/email/test', admin.headers, { to: 'not-an-email' })).statusCode,
    ).toBe(400);
    const res = await post('/api/admin/email/test', admin.headers, { to: 'ops@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Test email sent to ops@example.com');
    expect(lastMailTo('ops@example.com')?.subject).toBe('Groundstation test email');
  });

  it('authenticates to the SMTP server with the stored secret password', async () => {
    await configure({ 'smtp.username': 'mailer', 'smtp.password': 'wrong' });
    const refused = await post('/api/admin/email/test', admin.headers, { to: 'ops@example.com' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().code).toBe('EMAIL_DELIVERY_FAILED');
    await configure({ 'smtp.password': 'mail-secret' });
    expect(
      (await post('/api/admin/email/test', admin.headers, { to: 'auth@example.com' })).statusCode,
    ).toBe(200);
    expect(lastMailTo('auth@example.com')).toBeDefined();
  });

  it('verifies an address with the single-use link sent at registration', async () => {
    const dana = await register(t.app, 'dana');
    const mail = lastMailTo('dana@example.com');
    expect(mail?.subject).toBe('Confirm your Groundstation email address');
    // The link opens the console's page, which confirms through the API.
    const token = /http:\/\/\S+\/verify-email\?token=(\S+)/.exec(mail!.text)![1]!;
    const path = `/api/auth/email/verify?token=${token}`;
    expect((await t.app.inject({ url: path })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/users/me', headers: dana.headers })).json().data
        .email_verified,
    ).toBe(true);
    const reused = await t.app.inject({ url: path });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe('The verification token is invalid or has expired');
    expect((await t.app.inject({ url: '/api/auth/email/verify?token=garbage' })).statusCode).toBe(
      400,
    );
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email/verify/resend',
      headers: dana.headers,
    });
    expect(again.statusCode).toBe(409);
  });

  it('resends a verification email, retiring the earlier link', async () => {
    const eve = await register(t.app, 'eve');
    const first = lastMailTo('eve@example.com')!.text;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/email/verify/resend',
          headers: eve.headers,
        })
      ).statusCode,
    ).toBe(200);
    const second = lastMailTo('eve@example.com')!.text;
    expect(second).not.toBe(first);
    const apiPath = (text: string) =>
      `/api/auth/email/verify?token=${/\/verify-email\?token=(\S+)/.exec(text)![1]!}`;
    const firstPath = apiPath(first);
    expect((await t.app.inject({ url: firstPath })).statusCode).toBe(400);
    const secondPath = apiPath(second);
    expect((await t.app.inject({ url: secondPath })).statusCode).toBe(200);
  });

  it('resets a password with the emailed token, once, and ends every session', async () => {
    const finn = await register(t.app, 'finn');
    const unknown = await post('/api/auth/password/forgot', {}, { email: 'nobody@example.com' });
    const known = await post('/api/auth/password/forgot', {}, { email: 'FINN@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(lastMailTo('nobody@example.com')).toBeUndefined();
    const token = /\n(etk_\S+)\n/.exec(lastMailTo('finn@example.com')!.text)![1]!;
    const weak = await post('/api/auth/password/reset', {}, { token, new_password: 'short' });
    expect(weak.statusCode).toBe(400);
    const res = await post(
      '/api/auth/password/reset',
      {},
      { token, new_password: 'a brand new password' },
    );
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users/me', headers: finn.headers })).statusCode).toBe(
      401,
    );
    expect((await login(t.app, 'finn', PASSWORD)).statusCode).toBe(401);
    expect((await login(t.app, 'finn', 'a brand new password')).statusCode).toBe(200);
    const reused = await post(
      '/api/auth/password/reset',
      {},
      { token, new_password: 'yet another password' },
    );
    expect(reused.statusCode).toBe(400);
  });

  it('answers 502 when the SMTP server cannot be reached', async () => {
    await configure({ 'smtp.port': 1, 'smtp.username': null });
    const res = await post('/api/admin/email/test', admin.headers, { to: 'ops@example.com' });
    expect(res.statusCode).toBe(502);
    await configure(smtp.settings);
  });
});
