import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { INVALID_CASES, VALID_CASES } from './cases.js';

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
    payload: payload as string,
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
      data: { valid: true, errors: [], omitted_errors: 0, config: c.config },
    });
  });

  it.each(INVALID_CASES)('answers 200 with every problem for $name', async (c) => {
    const res = await validate({ content: c.content });
    expect(res.statusCode).toBe(200);
    const count = c.errors!.length;
    expect(res.json()).toEqual({
      success: true,
      message: `The configuration has ${count} error${count === 1 ? '' : 's'}`,
      data: { valid: false, errors: c.errors, omitted_errors: 0, config: null },
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

describe('security: deep and wide files on POST /api/deployment-config/validate', () => {
  const deep = '['.repeat(1000) + ']'.repeat(1000);

  it('answers a file nested 1,000 deep with 400, every time, and keeps answering', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await validate({ content: deep });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        error: 'body.content nests lists and maps more than 64 levels deep (line 1, column 65)',
        code: 'VALIDATION_FAILED',
      });
    }
    const block = Array.from({ length: 100 }, (_, i) => `${' '.repeat(i)}a${i}:\n`).join('');
    expect((await validate({ content: block })).json().error).toBe(
      'body.content nests lists and maps more than 64 levels deep (line 65, column 65)',
    );
    const after = await validate({ content: 'application:\n  name: Shop\n' });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.valid).toBe(true);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('never passes the runtime’s own errors on to the client', async () => {
    for (const content of [deep, '{"a":'.repeat(5000), '- '.repeat(20_000)]) {
      const res = await validate({ content });
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toMatch(/Maximum call stack|RangeError|out of memory/);
    }
  });

  it('answers the largest file it checks, with thousands of errors, with the first 100 and a count of the rest', async () => {
    // Five tokens a line: 2,000 lines are the 10,000 tokens a file may have.
    const content = Array.from({ length: 2000 }, (_, i) => `k${i}: 1\n`).join('');
    const keys = 2000;
    const started = performance.now();
    const res = await validate({ content });
    // A sanity bound only, far above the ~100 ms it takes; the cap is what the test checks.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(`The configuration has ${keys} errors; the first 100 are listed`);
    expect(body.data.errors).toHaveLength(100);
    expect(body.data.omitted_errors).toBe(keys - 100);
    expect(body.data.errors[0]).toEqual({
      path: '/k0',
      message: 'is not an allowed property',
      line: 1,
      column: 1,
    });
    // It answered 700 KB before, more than ten times the file.
    expect(res.body.length).toBeLessThan(10_000);
  });

  it('refuses a body larger than the longest content can need with 413, before reading it', async () => {
    const res = await validate(JSON.stringify({ content: 'x', padding: 'x'.repeat(400_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    // The longest content, every character escaped as \uXXXX, still fits.
    const escaped = JSON.stringify({ content: '\u0001'.repeat(64 * 1024) });
    expect(escaped.length).toBeGreaterThan(390_000);
    expect((await validate(escaped)).statusCode).toBe(200);
  });
});

describe('security: POST /api/deployment-config/validate is rate limited', () => {
  let limited: TestApp;
  afterAll(async () => limited?.close());

  it('answers 429 with retry_after past the per-account limit, and only to that account', async () => {
    limited = await createTestApp({
      env: { DEPLOYMENT_CONFIG_LIMIT_PER_ACCOUNT: '3', DEPLOYMENT_CONFIG_LIMIT_PER_ADDRESS: '0' },
    });
    const [first, second] = [
      await register(limited.app, 'first'),
      await register(limited.app, 'second'),
    ];
    const send = (account: Account) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/deployment-config/validate',
        headers: { ...json, ...account.headers },
        payload: { content: 'application: {}\n' },
      });
    for (let i = 0; i < 3; i++) expect((await send(first)).statusCode).toBe(200);
    const refused = await send(first);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(refused.json().retry_after).toBeGreaterThan(0);
    expect(refused.headers['retry-after']).toBe(String(refused.json().retry_after));
    expect((await send(second)).statusCode).toBe(200);
  });

  it('answers 429 past the per-address limit, whichever account asks', async () => {
    const byAddress = await createTestApp({
      env: { DEPLOYMENT_CONFIG_LIMIT_PER_ACCOUNT: '0', DEPLOYMENT_CONFIG_LIMIT_PER_ADDRESS: '2' },
    });
    try {
      const accounts = [await register(byAddress.app, 'one'), await register(byAddress.app, 'two')];
      const statuses = [];
      for (const account of [...accounts, accounts[1]!]) {
        const res = await byAddress.app.inject({
          method: 'POST',
          url: '/api/deployment-config/validate',
          headers: { ...json, ...account.headers },
          payload: { content: '' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await byAddress.close();
    }
  });
});
