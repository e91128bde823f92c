import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { createRateLimitPolicies } from '../../../src/modules/rate-limits/policies.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { bearerFor, json, register, type Account } from '../../helpers/accounts.js';
import { manualClock } from '../../helpers/clock.js';
import { createToken, event, pair, postEvents } from '../../helpers/satellites.js';

// Every limit here is configured small; the defaults are generous enough for the rest of the suite.
const clock = manualClock(new Date());
let t: TestApp;
let root: Account;

const STRICT = {
  REGISTER_LIMIT_PER_ADDRESS: '3',
  OAUTH_LIMIT_PER_ADDRESS: '3',
  OAUTH_LIMIT_PER_ACCOUNT: '2',
  SATELLITE_REGISTER_LIMIT_PER_ADDRESS: '2',
  SATELLITE_LIMIT_PER_SATELLITE: '2',
  SATELLITE_LIMIT_PER_ADDRESS: '5',
  RATE_LIMIT_WINDOW_SECONDS: '600',
};

beforeAll(async () => {
  t = await createTestApp({ clock, env: STRICT });
  root = await register(t.app, 'root');
});
afterAll(async () => t?.close());

function expectRateLimited(res: { statusCode: number; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return retryAfter;
}

const signUp = (name: string, remoteAddress = '127.0.0.1', payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/email/register',
    headers: json,
    payload: (payload ?? {
      username: name,
      email: `${name}@example.com`,
      password: 'correct horse battery',
    }) as string,
    remoteAddress,
  });

describe('registration', () => {
  it('answers 429 with Retry-After and retry_after once an address has signed up too often', async () => {
    // root (beforeAll) was the first of three from 127.0.0.1.
    expect((await signUp('reg1')).statusCode).toBe(201);
    expect((await signUp('reg2')).statusCode).toBe(201);
    const limited = await signUp('reg3');
    const retryAfter = expectRateLimited(limited);
    expect(limited.json()).toEqual({
      success: false,
      error: 'Too many requests; try again later',
      code: 'RATE_LIMITED',
      retry_after: retryAfter,
    });
    expect(retryAfter).toBeLessThanOrEqual(600);
  });

  it('refuses before validating the body, and counts each address on its own', async () => {
    expectRateLimited(await signUp('x', '127.0.0.1', { nonsense: true }));
    expect((await signUp('elsewhere', '10.1.1.1')).statusCode).toBe(201);
  });

  it('counts password-reset emails with sign-ups, so an inbox cannot be flooded', async () => {
    const forgot = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password/forgot',
        headers: json,
        payload: { email: 'root@example.com' },
        remoteAddress: '10.9.9.9',
      });
    expect((await signUp('mail1', '10.9.9.9')).statusCode).toBe(201);
    // No mail server is configured here, so a reset answers 409; the limit comes first anyway.
    expect((await forgot()).statusCode).toBe(409);
    expect((await forgot()).statusCode).toBe(409);
    expectRateLimited(await forgot());
  });

  it('counts an IPv6 /64 as one address', async () => {
    for (const [i, ip] of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::3'].entries())
      expect((await signUp(`six${i}`, ip)).statusCode).toBe(201);
    expectRateLimited(await signUp('six3', '2001:db8:1:2:aaaa:bbbb:cccc:dddd'));
    expect((await signUp('six4', '2001:db8:1:3::1')).statusCode).toBe(201);
  });

  it('opens again when the window has passed', async () => {
    clock.advance(601);
    expect((await signUp('later')).statusCode).toBe(201);
  });
});

describe('OAuth token endpoints', () => {
  const token = (remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=refresh_token&refresh_token=nope&client_id=service-gateway-cli',
      remoteAddress,
    });

  it('answers 429 in RFC 6749 shape, with Retry-After and retry_after, once an address has asked too often', async () => {
    const ip = '10.2.0.1';
    expect((await token(ip)).statusCode).toBe(400);
    expect((await token(ip)).statusCode).toBe(400);
    // Revocation counts against the same limit.
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/revoke',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'token=nope&client_id=service-gateway-cli',
      remoteAddress: ip,
    });
    expect(revoke.statusCode).toBe(200);
    const limited = await token(ip);
    const retryAfter = expectRateLimited(limited);
    expect(limited.json()).toEqual({
      success: false,
      error: 'temporarily_unavailable',
      error_description: `Too many requests; try again in ${retryAfter} seconds`,
      code: 'RATE_LIMITED',
      retry_after: retryAfter,
    });
    expect((await token('10.2.0.2')).statusCode).toBe(400);
  });

  it('limits introspection per account as well as per address', async () => {
    const ann = await register(t.app, 'ann', undefined);
    const bearer = await bearerFor(t.database.db, ann.id, ['account:read'], clock);
    const introspect = (remoteAddress: string, headers = bearer) =>
      t.app.inject({
        method: 'POST',
        url: '/api/oauth2/introspect',
        headers: { ...json, ...headers },
        payload: { token: 'whatever' },
        remoteAddress,
      });
    expect((await introspect('10.3.0.1')).statusCode).toBe(200);
    expect((await introspect('10.3.0.2')).statusCode).toBe(200);
    const limited = await introspect('10.3.0.3');
    expectRateLimited(limited);
    expect(limited.json().error).toBe('temporarily_unavailable');
    const other = await bearerFor(t.database.db, root.id, ['account:read'], clock);
    expect((await introspect('10.3.0.4', other)).statusCode).toBe(200);
  });
});

describe('satellite pairing', () => {
  it('counts attempts per address before the registration token is checked', async () => {
    const attempt = (authorization: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/satellites/register',
        headers: { ...json, authorization },
        payload: { name: 'sat' },
        remoteAddress: '10.4.0.1',
      });
    expect((await attempt('Bearer service_satellite_forged')).statusCode).toBe(401);
    expect((await attempt('Bearer service_satellite_forged')).statusCode).toBe(401);
    const { token } = await createToken(t.app, root.headers, { scope: 'global' });
    expectRateLimited(await attempt(`Bearer ${token}`));
  });
});

describe('satellite channels (in-memory token buckets)', () => {
  let satA: Awaited<ReturnType<typeof pair>>;
  let satB: Awaited<ReturnType<typeof pair>>;

  beforeAll(async () => {
    satA = await pair(t.app, root.headers, { scope: 'global' }, 'sat-a');
    satB = await pair(t.app, root.headers, { scope: 'global' }, 'sat-b');
    clock.advance(10);
  });

  const batch = [event('mcp.server.status_changed', { installation_id: 'x', status: 'running' })];

  it('allows a burst of twice the per-second rate per satellite, then 429 until a token is back', async () => {
    // Four requests at 2 per second. The heartbeat has a bucket of its own (satellite-wire-pairing.test.ts).
    for (let i = 0; i < 4; i++) expect((await postEvents(t.app, satA, batch)).statusCode).toBe(200);
    const limited = await postEvents(t.app, satA, batch);
    expect(expectRateLimited(limited)).toBe(1);
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      retry_after: 1,
      error: expect.stringContaining('rate limit'),
    });
    // Another satellite has its own bucket.
    expect((await postEvents(t.app, satB, batch)).statusCode).toBe(200);
    clock.advance(0.5);
    expect((await postEvents(t.app, satA, batch)).statusCode).toBe(200);
    expectRateLimited(await postEvents(t.app, satA, batch));
  });

  it('refuses a flood from one address before looking at its keys', async () => {
    clock.advance(10);
    const forged = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/satellites/${satA.id}/events`,
        headers: { ...json, authorization: 'Bearer ssk_forged_key' },
        payload: { events: batch },
        remoteAddress: '10.5.0.1',
      });
    // A bucket holds two seconds' worth: 10 requests at 5 per second.
    for (let i = 0; i < 10; i++) expect((await forged()).statusCode).toBe(401);
    expectRateLimited(await forged());
    const good = await t.app.inject({
      method: 'POST',
      url: `/api/satellites/${satB.id}/events`,
      headers: { ...json, ...satB.headers },
      payload: { events: batch },
      remoteAddress: '10.5.0.2',
    });
    expect(good.statusCode).toBe(200);
  });
});

describe('the description', () => {
  it('lists 429 on every limited route and not on others', async () => {
    const spec = (await t.app.inject({ url: '/documentation/json' })).json();
    const has429 = (path: string, method: string) =>
      Object.keys(spec.paths[path][method].responses).includes('429');
    expect(has429('/api/auth/email/register', 'post')).toBe(true);
    expect(has429('/api/auth/email/login', 'post')).toBe(true);
    expect(has429('/api/oauth2/token', 'post')).toBe(true);
    expect(has429('/api/oauth2/revoke', 'post')).toBe(true);
    expect(has429('/api/oauth2/introspect', 'post')).toBe(true);
    expect(has429('/api/satellites/register', 'post')).toBe(true);
    expect(has429('/api/satellites/{satelliteId}/events', 'post')).toBe(true);
    expect(has429('/api/satellites/{satelliteId}/heartbeat', 'post')).toBe(true);
    expect(has429('/api/deployment-config/validate', 'post')).toBe(true);
    // Every signed-in route meets the per-account limits (test/ops/identity-limits.test.ts).
    expect(has429('/api/users/me', 'get')).toBe(true);
    expect(has429('/api/health', 'get')).toBe(false);
  });
});

describe('switched off', () => {
  it('has no check for a limit set to 0', () => {
    const policies = createRateLimitPolicies(
      {
        windowSeconds: 60,
        registrationPerAddress: 0,
        oauthPerAddress: 0,
        oauthPerAccount: 0,
        oauthRegistrationPerAddress: 0,
        satellitePairingPerAddress: 0,
        satellitePerSatellite: 0,
        satellitePerAddress: 0,
        satelliteRowsPerSatellite: 0,
        satelliteRowsPerTeam: 0,
        apiWindowSeconds: 60,
        apiPerAccount: 0,
        apiPerOAuthClient: 0,
        apiSyncMs: 1000,
        deploymentConfigPerAccount: 0,
        deploymentConfigPerAddress: 0,
      },
      t.database.db,
      clock,
    );
    for (const policy of Object.values(policies)) expect(policy).toEqual({});
    expect(loadConfig({ REGISTER_LIMIT_PER_ADDRESS: '0' }).rateLimits.registrationPerAddress).toBe(
      0,
    );
  });
});
