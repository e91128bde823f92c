import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, register, type Account } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { INVALID_CASES, VALID_CASES } from './deployment-config-cases.js';

let t: TestApp;
let user: Account;
beforeAll(async () => {
  t = await createTestApp();
  user = await register(t.app, 'deployer');
});
afterAll(async () => t?.close());

const validate = (payload: unknown, headers: Record<string, string> = user.headers) =>
  t.app.inject({
    method: 'POST',
    url: '/api/deployment-config/validate',
    headers: { ...json, ...headers },
    payload: payload as object,
  });

describe('GET /api/deployment-config/schema', () => {
  it('serves the committed schema file to anyone, in the success envelope', async () => {
    const res = await t.app.inject({ url: '/api/deployment-config/schema' });
    expect(res.statusCode).toBe(200);
    const committed = JSON.parse(await readFile('schemas/deployment-config.schema.json', 'utf8'));
    expect(res.json()).toEqual({ success: true, data: committed });
  });
});

describe('POST /api/deployment-config/validate', () => {
  it('answers 401 without a session, before looking at the body', async () => {
    const res = await validate({ nonsense: true }, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'AUTHENTICATION_REQUIRED' });
  });

  it.each(VALID_CASES)('answers valid with defaults applied for $name', async (c) => {
    const res = await validate({ content: c.content });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'The configuration is valid',
      data: { valid: true, errors: [], config: c.config },
    });
  });

  it.each(INVALID_CASES)('answers 200 with every problem for $name', async (c) => {
    const res = await validate({ content: c.content });
    expect(res.statusCode).toBe(200);
    const count = c.errors!.length;
    expect(res.json()).toEqual({
      success: true,
      message: `The configuration has ${count} error${count === 1 ? '' : 's'}`,
      data: { valid: false, errors: c.errors, config: null },
    });
  });

  it('accepts content of 64 KiB and refuses one character more with 400', async () => {
    const padding = (size: number) => `# ${'x'.repeat(size - 3)}\n`;
    const largest = await validate({ content: padding(64 * 1024) });
    expect(largest.statusCode).toBe(200);
    expect(largest.json().data.valid).toBe(true);
    const tooLarge = await validate({ content: padding(64 * 1024 + 1) });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error).toBe('body.content must NOT have more than 65536 characters');
  });

  it('refuses a body without content, with other properties, or with content that is not text', async () => {
    expect((await validate({})).json().error).toBe('body.content is required');
    expect((await validate({ content: '', file: 'x.yml' })).json().error).toBe(
      'body.file is not an allowed property',
    );
    const notText = await validate({ content: { application: {} } });
    expect(notText.statusCode).toBe(400);
    expect(notText.json().error).toBe('body.content must be string');
  });
});
