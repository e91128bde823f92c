import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan, MAX_JSON_BODY_DEPTH } from '../../src/http/json-body.js';
import { json, register, type Account } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createToken } from '../helpers/satellites.js';

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp();
  admin = await register(t.app, 'root');
});
afterAll(async () => t?.close());

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** Registers a satellite whose `capabilities` is the given JSON text. */
async function registerWith(capabilities: string) {
  const { token } = await createToken(t.app, admin.headers, { scope: 'global' });
  return t.app.inject({
    method: 'POST',
    url: '/api/satellites/register',
    headers: { ...json, authorization: `Bearer ${token}` },
    payload: `{"name": "deep", "capabilities": ${capabilities}}`,
  });
}

describe('security: JSON bodies nested too deep', () => {
  it('answers 400 before parsing where a deep free-form field once made a 500', async () => {
    for (const depth of [MAX_JSON_BODY_DEPTH, 1000, 10_000, 100_000]) {
      const res = await registerWith(`{"deep": ${nested(depth)}}`);
      expect(res.statusCode, `${depth}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        error: 'body nests arrays and objects more than 64 levels deep',
        code: 'VALIDATION_FAILED',
      });
    }
  });

  it('still takes a body nested exactly 64 deep', async () => {
    // The body object, `capabilities` and 62 arrays.
    const res = await registerWith(`{"deep": ${nested(MAX_JSON_BODY_DEPTH - 2)}}`);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('keeps the rest of the JSON parser: empty bodies, bad JSON and __proto__ keys are 400', async () => {
    const post = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/email/login', headers: json, payload });
    expect((await post('')).json().error).toBe(
      'body must not be empty when Content-Type is application/json',
    );
    expect((await post('{"login": ')).json().error).toBe('body is not valid JSON');
    const poisoned = await post('{"__proto__": {"admin": true}}');
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json().error).toBe('body is not valid JSON');
  });

  it('counts only brackets outside strings', () => {
    expect(jsonNestsDeeperThan(`{"a": "${'['.repeat(100)}"}`, 2)).toBe(false);
    expect(jsonNestsDeeperThan(`["\\"[[[", [["\\\\"]]]`, 3)).toBe(false);
    expect(jsonNestsDeeperThan(`["\\"[[[", [[["\\\\"]]]]`, 3)).toBe(true);
    expect(jsonNestsDeeperThan(nested(3), 3)).toBe(false);
    expect(jsonNestsDeeperThan(nested(4), 3)).toBe(true);
  });
});
