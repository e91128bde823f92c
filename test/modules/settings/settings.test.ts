import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { json, register, type Account } from '../../helpers/accounts.js';

let t: TestApp;
let admin: Account;
let user: Account;
beforeAll(async () => {
  t = await createTestApp();
  admin = await register(t.app, 'root');
  user = await register(t.app, 'someone');
});
afterAll(async () => t?.close());

const patch = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/settings',
    headers: { ...json, ...headers },
    payload: payload as string,
  });

describe('global settings', () => {
  it('lists settings by group with types and defaults', async () => {
    const res = await t.app.inject({ url: '/api/settings', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const groups = res.json().data.groups;
    expect(groups.map((g: { group: string }) => g.group)).toEqual(['auth', 'general', 'smtp']);
    const smtp = groups.find((g: { group: string }) => g.group === 'smtp').settings;
    expect(smtp.find((s: { key: string }) => s.key === 'smtp.port')).toMatchObject({
      type: 'number',
      value: 587,
      is_set: false,
      default: 587,
    });
    expect(smtp.find((s: { key: string }) => s.key === 'smtp.password')).toMatchObject({
      type: 'secret',
      value: null,
      is_set: false,
    });
  });

  it('is for global admins only: 401, and 403 before 400', async () => {
    expect((await t.app.inject({ url: '/api/settings' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/settings', headers: user.headers })).statusCode).toBe(
      403,
    );
    expect((await patch(user.headers, { values: 'not an object' })).statusCode).toBe(403);
  });

  it('changes several values at once and checks each type', async () => {
    const ok = await patch(admin.headers, {
      values: { 'smtp.host': 'mail.example.com', 'smtp.port': 2525, 'smtp.secure': true },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.settings.map((s: { value: unknown }) => s.value)).toEqual([
      'mail.example.com',
      2525,
      true,
    ]);
    const one = await t.app.inject({ url: '/api/settings/smtp.port', headers: admin.headers });
    expect(one.json().data.setting).toMatchObject({ value: 2525, is_set: true });
  });

  it.each([
    [{ values: { 'smtp.port': '25' } }, 'body.values.smtp.port must be a number or null'],
    [
      { values: { 'smtp.port': 70000 } },
      'body.values.smtp.port must be an integer from 1 to 65535',
    ],
    [{ values: { 'docs.enabled': 'yes' } }, 'body.values.docs.enabled must be a boolean or null'],
    [{ values: { 'no.such.key': 1 } }, 'body.values.no.such.key is not a known setting'],
    [{ values: {} }, 'body.values must name at least one setting'],
    [{ values: { 'smtp.host': 'x' }, extra: 1 }, 'body.extra is not an allowed property'],
  ])('rejects %j with 400 and changes nothing', async (payload, message) => {
    const before = (await t.app.inject({ url: '/api/settings', headers: admin.headers })).body;
    const res = await patch(admin.headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect((await t.app.inject({ url: '/api/settings', headers: admin.headers })).body).toBe(
      before,
    );
  });

  it('encrypts secret values at rest and never returns them', async () => {
    const res = await patch(admin.headers, { values: { 'smtp.password': 'hunter2-very-secret' } });
    expect(res.body).not.toContain('hunter2');
    expect(res.json().data.settings[0]).toMatchObject({
      key: 'smtp.password',
      value: null,
      is_set: true,
    });
    const rows = await t.database.db.query<{ value: string }>(
      "SELECT value FROM global_settings WHERE key = 'smtp.password'",
    );
    expect(rows[0]!.value).toMatch(/^v2:[0-9a-f]{12}:/);
    expect(rows[0]!.value).not.toContain('hunter2');
    const listed = await t.app.inject({ url: '/api/settings', headers: admin.headers });
    expect(listed.body).not.toContain('hunter2');
  });

  it('resets a value to its default', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/settings/smtp.port',
      headers: admin.headers,
    });
    expect(res.json().data.setting).toMatchObject({ value: 587, is_set: false });
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/settings/nope', headers: admin.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('switches the interactive documentation off and on', async () => {
    expect((await t.app.inject({ url: '/documentation/json' })).statusCode).toBe(200);
    await patch(admin.headers, { values: { 'docs.enabled': false } });
    for (const url of ['/documentation', '/documentation/json', '/documentation/yaml']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json().success).toBe(false);
    }
    await patch(admin.headers, { values: { 'docs.enabled': true } });
    expect((await t.app.inject({ url: '/documentation' })).statusCode).toBe(200);
  });
});
