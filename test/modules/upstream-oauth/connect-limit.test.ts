import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createServer, installServer } from '../../helpers/catalogue.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-oauth.js';
import { UNLIMITED_ENV } from '../../helpers/world.js';

// Starting a sign-in costs the service outbound requests (discovery, and a registration the
// first time): a member can start only as many as the OAuth routes allow an account.
let t: TestApp;
let upstream: Upstream;
let admin: Account;
let url: string;

beforeAll(async () => {
  upstream = await startUpstream();
  t = await createTestApp({
    env: {
      ...UNLIMITED_ENV,
      OAUTH_LIMIT_PER_ACCOUNT: '3',
      UPSTREAM_OAUTH_ALLOW_PRIVATE_ADDRESSES: 'true',
      BASE_URL: 'http://127.0.0.1:9',
    },
  });
  admin = await register(t.app, 'admin');
  const team = (await t.app.inject({ url: '/api/teams/me/default', headers: admin.headers })).json()
    .data.team.id as string;
  const server = await createServer(t.app, admin.headers, {
    name: 'Tracker',
    transport: 'http',
    command: null,
    url: upstream.mcpUrl,
    requires_oauth: true,
  });
  const installation = (await installServer(t.app, team, admin.headers, { server_id: server.id }))
    .id;
  url = `/api/teams/${team}/mcp/installations/${installation}/oauth/connect`;
});

afterAll(async () => {
  await t?.close();
  await upstream?.close();
});

it('refuses a member more sign-ins than the OAuth limit per account, with 429', async () => {
  const start = () =>
    t.app.inject({ method: 'POST', url, headers: { ...json, ...admin.headers }, payload: {} });
  for (let i = 0; i < 3; i += 1) {
    const res = await start();
    expect(res.statusCode, res.body).toBe(200);
  }
  const refused = await start();
  expect(refused.statusCode).toBe(429);
  expect(refused.headers['retry-after']).toBeDefined();
  expect(refused.json()).toMatchObject({ success: false });
});
