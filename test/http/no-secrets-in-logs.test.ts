import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { json, login, PASSWORD, register } from '../helpers/accounts.js';
import { createToken, event, postEvents, registerSatellite } from '../helpers/satellites.js';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ logger: createLogger('trace', stream) });
});
afterAll(async () => t?.close());

/** Everything logged so far; the logger writes asynchronously, so wait a moment first. */
async function logged() {
  await new Promise((resolve) => setTimeout(resolve, 20));
  return lines.join('');
}

it('writes no password, session token or settings secret to the log, even at trace level', async () => {
  const account = await register(t.app, 'logged');
  const signIn = await login(t.app, 'logged');
  const token = account.cookie.split('=')[1]!;
  await t.app.inject({
    url: '/api/users/me',
    headers: { ...account.headers, authorization: 'Bearer oat_secretbearer' },
  });
  await t.app.inject({
    method: 'PATCH',
    url: '/api/settings',
    headers: { ...json, ...account.headers },
    payload: { values: { 'smtp.password': 'smtp-secret-value' } },
  });
  expect(signIn.statusCode).toBe(200);
  const log = await logged();
  expect(log).toContain('"msg":"request"');
  for (const secret of [
    PASSWORD,
    token,
    token.split('.')[1]!,
    'oat_secretbearer',
    'smtp-secret-value',
  ]) {
    expect(log).not.toContain(secret);
  }
});

it('logs the request ids of requests carrying a bearer token, a cookie, a password and a satellite key, and none of those', async () => {
  const member = await register(t.app, 'keyholder');
  const cookie = member.cookie.split('=')[1]!;
  const password = 'a password nobody should read';
  const requests = [
    {
      id: 'with-password',
      method: 'POST' as const,
      url: '/api/auth/email/register',
      headers: json,
      payload: { username: 'pw', email: 'pw@example.com', password },
    },
    {
      id: 'with-cookie-and-bearer',
      method: 'GET' as const,
      url: '/api/users/me',
      headers: { cookie: member.cookie, authorization: 'Bearer oat_anotherbearer' },
    },
  ];
  for (const { id, headers, ...request } of requests) {
    await t.app.inject({ ...request, headers: { ...headers, 'x-request-id': id } });
  }
  const team = (
    await t.app.inject({ url: '/api/teams/me/default', headers: member.headers })
  ).json().data.team.id;
  const { token: registrationToken } = await createToken(t.app, member.headers, {
    scope: 'team',
    team_id: team,
  });
  const sat = await registerSatellite(t.app, registrationToken);
  const posted = await postEvents(t.app, sat, [
    event('mcp.tool.executed', { tool_name: 'x', api_key: sat.key }),
  ]);
  expect(posted.statusCode).toBe(200);
  const eventsId = posted.headers['x-request-id'] as string;

  const log = await logged();
  for (const id of ['with-password', 'with-cookie-and-bearer', eventsId]) {
    expect(log).toContain(`"requestId":"${id}"`);
  }
  for (const secret of [
    password,
    cookie,
    cookie.split('.')[1]!,
    'oat_anotherbearer',
    registrationToken,
    sat.key,
    sat.key.split('_').pop()!,
  ]) {
    expect(log).not.toContain(secret);
  }
});
