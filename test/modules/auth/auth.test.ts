import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { DAY, manualClock } from '../../helpers/clock.js';
import { json, login, PASSWORD, register, sessionCookieOf } from '../../helpers/accounts.js';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { LOGIN_LIMIT_PER_ACCOUNT: '3', LOGIN_LIMIT_PER_ADDRESS: '1000', TRUST_PROXY: 'true' },
  });
});
afterAll(async () => t?.close());

const registerRaw = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/email/register',
    headers: { ...json, ...headers },
    payload,
  });

describe('registration', () => {
  it('creates the first account as global_admin with a session cookie', async () => {
    const res = await registerRaw({
      username: 'alice',
      email: 'Alice@Example.com',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user).toMatchObject({
      username: 'alice',
      email: 'Alice@Example.com',
      global_role: 'global_admin',
      email_verified: false,
    });
    const cookie = res.cookies.find((c) => c.name === 'auth_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * DAY });
    expect(cookie.secure).toBeFalsy();
    const me = await t.app.inject({
      url: '/api/users/me',
      headers: { cookie: sessionCookieOf(res) },
    });
    expect(me.json().data.username).toBe('alice');
  });

  it('makes later accounts global_user', async () => {
    const res = await registerRaw({
      username: 'bob',
      email: 'bob@example.com',
      password: PASSWORD,
    });
    expect(res.json().data.user.global_role).toBe('global_user');
  });

  it('marks the cookie Secure behind an https proxy', async () => {
    const res = await registerRaw(
      { username: 'secure1', email: 'secure1@example.com', password: PASSWORD },
      { 'x-forwarded-proto': 'https' },
    );
    expect(res.cookies.find((c) => c.name === 'auth_session')!.secure).toBe(true);
  });

  it.each([
    [{ username: 'ALICE', email: 'new@example.com' }, 'That username is taken'],
    [
      { username: 'newname', email: 'alice@EXAMPLE.com' },
      'An account with that email already exists',
    ],
  ])('answers 409 for a duplicate %j, ignoring case', async (fields, message) => {
    const res = await registerRaw({ ...fields, password: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(message);
  });

  it.each([
    [
      { username: 'carol', email: 'not-an-email', password: PASSWORD },
      'body.email must match format "email"',
    ],
    [
      { username: 'carol', email: 'carol@example.com', password: 'short' },
      'body.password must be 10 to 256 characters long',
    ],
    [
      { username: 'carol', email: 'carol@example.com', password: 'carol@example.com' },
      'body.password must differ from the username and email',
    ],
    [
      { username: 'c', email: 'carol@example.com', password: PASSWORD },
      expect.stringMatching(/^body\.username must match pattern/),
    ],
    [
      { username: 'carol', email: 'carol@example.com', password: PASSWORD, role: 'global_admin' },
      'body.role is not an allowed property',
    ],
    [{ username: 'carol', email: 'carol@example.com' }, 'body.password is required'],
    [
      { username: 'carol', email: 'carol@example.com', password: 1234567890123 },
      'body.password must be string',
    ],
  ])('rejects %j with 400', async (payload, message) => {
    const res = await registerRaw(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: message });
  });

  it('keeps only a hash of the session secret', async () => {
    const res = await registerRaw({
      username: 'hashcheck',
      email: 'hashcheck@example.com',
      password: PASSWORD,
    });
    const token = res.cookies.find((c) => c.name === 'auth_session')!.value;
    const [id, secret] = token.split('.');
    const rows = await t.database.db.query<{ secret_hash: string }>(
      'SELECT secret_hash FROM sessions WHERE id = $1',
      [id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.secret_hash).not.toContain(secret);
    const users = await t.database.db.query<{ password_hash: string }>(
      "SELECT password_hash FROM users WHERE username = 'hashcheck'",
    );
    expect(users[0]!.password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('sign-in', () => {
  it('accepts the username or the email, in any case', async () => {
    await register(t.app, 'dora');
    for (const name of ['dora', 'DORA@example.com']) {
      const res = await login(t.app, name);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user.username).toBe('dora');
      expect(res.cookies.some((c) => c.name === 'auth_session')).toBe(true);
    }
  });

  it('gives the same answer for an unknown account and a wrong password', async () => {
    await register(t.app, 'erin');
    const unknown = await login(t.app, 'nobody-here');
    const wrong = await login(t.app, 'erin', 'wrong password!!');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().error).toBe('Invalid login or password');
  });

  it('limits failed attempts per account with 429 and Retry-After', async () => {
    await register(t.app, 'frank');
    for (let i = 0; i < 3; i++)
      expect((await login(t.app, 'frank', 'wrong password!!')).statusCode).toBe(401);
    const limited = await login(t.app, 'frank');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      retry_after: expect.any(Number),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    clock.advance(901);
    expect((await login(t.app, 'frank')).statusCode).toBe(200);
  });
});

describe('sign-in limits per address', () => {
  it('answers 429 once one address has made too many attempts, whatever the account', async () => {
    const strict = await createTestApp({
      env: { LOGIN_LIMIT_PER_ADDRESS: '4', LOGIN_LIMIT_PER_ACCOUNT: '100' },
    });
    try {
      await register(strict.app, 'kim');
      for (const name of ['a1', 'a2', 'a3', 'kim']) {
        expect((await login(strict.app, name)).statusCode).not.toBe(429);
      }
      const limited = await login(strict.app, 'kim');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
      const elsewhere = await strict.app.inject({
        method: 'POST',
        url: '/api/auth/email/login',
        headers: json,
        payload: { login: 'kim', password: PASSWORD },
        remoteAddress: '10.9.8.7',
      });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('sessions', () => {
  it('logout ends the session, clears the cookie, and makes the old cookie useless', async () => {
    const gina = await register(t.app, 'gina');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: gina.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Signed out' });
    const cleared = res.cookies.find((c) => c.name === 'auth_session')!;
    expect(cleared.value).toBe('');
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    const after = await t.app.inject({ url: '/api/users/me', headers: gina.headers });
    expect(after.statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: gina.headers,
    });
    expect(again.statusCode).toBe(401);
  });

  it('logout without a session answers 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatch(/Authentication is required/);
  });

  it('rejects a forged cookie with the right id and a wrong secret', async () => {
    const hank = await register(t.app, 'hank');
    const [id] = hank.cookie.replace('auth_session=', '').split('.');
    const forged = `auth_session=${id}.${'A'.repeat(43)}`;
    expect(
      (await t.app.inject({ url: '/api/users/me', headers: { cookie: forged } })).statusCode,
    ).toBe(401);
  });

  it('slides the 30-day lifetime forward while the session is used, and expires it when idle', async () => {
    const ivy = await register(t.app, 'ivy');
    clock.advance(20 * DAY);
    const used = await t.app.inject({ url: '/api/users/me', headers: ivy.headers });
    expect(used.statusCode).toBe(200);
    expect(used.cookies.find((c) => c.name === 'auth_session')?.maxAge).toBe(30 * DAY);
    clock.advance(20 * DAY);
    expect((await t.app.inject({ url: '/api/users/me', headers: ivy.headers })).statusCode).toBe(
      200,
    );
    clock.advance(31 * DAY);
    expect((await t.app.inject({ url: '/api/users/me', headers: ivy.headers })).statusCode).toBe(
      401,
    );
  });

  it('a password change ends the other sessions and keeps this one', async () => {
    const jack = await register(t.app, 'jack');
    const other = sessionCookieOf(await login(t.app, 'jack'));
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: { ...json, ...jack.headers },
      payload: { current_password: 'not the password', new_password: 'another long password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('body.current_password is not correct');
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: { ...json, ...jack.headers },
      payload: { current_password: PASSWORD, new_password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: { ...json, ...jack.headers },
      payload: { current_password: PASSWORD, new_password: 'another long password' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users/me', headers: jack.headers })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ url: '/api/users/me', headers: { cookie: other } })).statusCode,
    ).toBe(401);
    expect((await login(t.app, 'jack')).statusCode).toBe(401);
    expect((await login(t.app, 'jack', 'another long password')).statusCode).toBe(200);
  });

  it('needs a session to change the password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: json,
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('registration switched off', () => {
  it('refuses new accounts with 403 once an admin turns it off', async () => {
    const admin = sessionCookieOf(await login(t.app, 'alice'));
    const off = await t.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: { ...json, cookie: admin },
      payload: { values: { 'auth.registration_enabled': false } },
    });
    expect(off.statusCode).toBe(200);
    const res = await registerRaw({
      username: 'latecomer',
      email: 'late@example.com',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Registration is switched off on this service');
    await t.app.inject({
      method: 'DELETE',
      url: '/api/settings/auth.registration_enabled',
      headers: { cookie: admin },
    });
    expect(
      (await registerRaw({ username: 'latecomer', email: 'late@example.com', password: PASSWORD }))
        .statusCode,
    ).toBe(201);
  });
});
