import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { json, login, PASSWORD, register } from '../helpers/accounts.js';

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
  const log = lines.join('');
  expect(log).toContain('incoming request');
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
