import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { json, register, type Account } from '../helpers/accounts.js';

let t: TestApp;
let ann: Account;

beforeAll(async () => {
  t = await createTestApp({ env: { BODY_LIMIT_BYTES: '2048' } });
  ann = await register(t.app, 'ann');
});
afterAll(async () => t?.close());

/** A CSP header as directive -> sources. */
function csp(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  const out: Record<string, string[]> = {};
  for (const part of (header as string).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

describe('security headers on the JSON API', () => {
  it('sends helmet’s headers with a CSP that lets a JSON body load and frame nothing', async () => {
    const res = await t.app.inject({ url: '/api/users/me', headers: ann.headers });
    expect(res.statusCode).toBe(200);
    expect(csp(res.headers['content-security-policy'])).toEqual({
      'default-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'same-origin',
      'strict-transport-security': 'max-age=31536000',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sends them on errors too: 401, 404 and 413', async () => {
    const unauthenticated = await t.app.inject({ url: '/api/users/me' });
    const missing = await t.app.inject({ url: '/api/nowhere' });
    for (const res of [unauthenticated, missing]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    }
  });
});

describe('request body limit', () => {
  it('answers a body over BODY_LIMIT_BYTES with 413 and the JSON envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email/register',
      headers: json,
      payload: JSON.stringify({
        username: 'big',
        email: 'big@example.com',
        password: 'x'.repeat(4096),
      }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      success: false,
      error: 'Request body is too large',
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets a body just under the limit through to validation', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email/register',
      headers: json,
      payload: JSON.stringify({
        username: 'small',
        email: 'not an email',
        password: 'x'.repeat(64),
      }),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('the OAuth HTML pages', () => {
  it('have a strict CSP: no script, only their own style sheet by hash, forms to here and the client', async () => {
    const res = await t.app.inject({ url: '/api/oauth2/login?return_to=/api/oauth2/grants/page' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const policy = csp(res.headers['content-security-policy']);
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.body)![1]!;
    const hash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
    expect(policy).toEqual({
      'default-src': ["'none'"],
      'style-src': [hash],
      'form-action': ["'self'", 'http://localhost:8976', 'http://127.0.0.1:8976'],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    // Nothing inline that the policy would block.
    expect(res.body).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('use the same CSP for the page answering a failed sign-in, and Retry-After once limited', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/oauth2/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'login=nobody&password=wrong+password&return_to=/api/oauth2/grants/page',
      });
    const res = await attempt();
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(csp(res.headers['content-security-policy'])['script-src']).toBeUndefined();
    expect(csp(res.headers['content-security-policy'])['default-src']).toEqual(["'none'"]);
    // LOGIN_LIMIT_PER_ACCOUNT defaults to 10 failures.
    for (let i = 0; i < 9; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^text\/html/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the grants page too', async () => {
    const res = await t.app.inject({ url: '/api/oauth2/grants/page', headers: ann.headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/<script|\sstyle=/i);
    expect(csp(res.headers['content-security-policy'])['style-src']![0]).toMatch(/^'sha256-/);
  });
});

describe('/documentation', () => {
  it('answers 200 with a CSP that serves swagger-ui from its own static files only', async () => {
    const res = await t.app.inject({ url: '/documentation' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'"]);
    // Its own files, plus the constant <style> of its logo, by hash.
    expect(policy['style-src']![0]).toBe("'self'");
    expect(policy['style-src']!.slice(1)).toEqual([expect.stringMatching(/^'sha256-[\w+/=]+'$/)]);
    expect(policy['img-src']).toEqual(["'self'", 'data:']);
    expect(policy['connect-src']).toEqual(["'self'", 'http://localhost:3000']);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(JSON.stringify(policy)).not.toContain('unsafe');
    // Every script and style sheet the page loads is a file under /documentation/static.
    const scripts = [...res.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\/documentation\/static\//);
      expect(body!.trim()).toBe('');
    }
    expect(res.body).not.toMatch(/<style/i);
    const assets = [...res.body.matchAll(/(?:src|href)="(\/documentation\/static\/[^"]+)"/g)].map(
      (m) => m[1]!,
    );
    expect(assets).toEqual(
      expect.arrayContaining([
        '/documentation/static/swagger-ui-bundle.js',
        '/documentation/static/swagger-initializer.js',
        '/documentation/static/swagger-ui.css',
      ]),
    );
    for (const asset of assets) {
      const file = await t.app.inject({ url: asset });
      expect(file.statusCode, asset).toBe(200);
    }
  });

  it('still serves the description as JSON', async () => {
    const res = await t.app.inject({ url: '/documentation/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toBe('3.0.0');
  });
});
