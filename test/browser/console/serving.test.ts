/**
 * The console as the service serves it: its page at `/` and at any deep link a browser opens,
 * hashed assets cached immutably and compressed, a strict CSP that the page runs under without
 * a single refusal, and the API's own 404 envelopes unchanged. Then signing in through the form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, register } from '../../helpers/accounts.js';
import {
  expectAccessible,
  startConsole,
  watchPageErrors,
  type ConsoleService,
} from '../../helpers/console.js';

let c: ConsoleService;

beforeAll(async () => {
  c = await startConsole();
}, 60_000);

afterAll(async () => {
  await c?.close();
});

const html = { accept: 'text/html,application/xhtml+xml' };

describe('serving the console', () => {
  it('answers / and deep links with the page under a strict CSP with a fresh nonce', async () => {
    const first = await fetch(`${c.base}/`, { headers: html });
    const deep = await fetch(`${c.base}/installations/abc?tab=logs`, { headers: html });
    for (const res of [first, deep]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      const body = await res.text();
      const nonce = /content="([^"]+)" name="csp-nonce"|name="csp-nonce" content="([^"]+)"/.exec(
        body,
      );
      expect(nonce).not.toBeNull();
      expect(csp).toContain(`'nonce-${nonce![1] ?? nonce![2]}'`);
      expect(body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    }
    expect(first.headers.get('content-security-policy')).not.toBe(
      deep.headers.get('content-security-policy'),
    );
  });

  it('keeps the API and other callers on the 404 envelope', async () => {
    for (const [url, headers] of [
      ['/api/nothing-here', html],
      ['/v0.1/nothing', html],
      ['/.well-known/nothing', html],
      ['/mcp-nothing/x', {}],
      ['/installations', { accept: 'application/json' }],
    ] as const) {
      const res = await fetch(`${c.base}${url}`, { headers });
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type'), url).toMatch(/^application\/json/);
      const body = await res.json();
      if (!url.startsWith('/v0.1')) {
        expect(body).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
      }
    }
    const post = await fetch(`${c.base}/installations`, { method: 'POST', headers: html });
    expect(post.status).toBe(404);
    expect(await post.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  it('serves hashed assets compressed and cached for a year', async () => {
    const page = await (await fetch(`${c.base}/`, { headers: html })).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page)![1]!;
    const res = await fetch(`${c.base}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    // Every body is read: one left unread holds its connection open, and the service's close
    // waits for it.
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const again = await fetch(`${c.base}${script}`, {
      headers: { 'if-none-match': res.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    const missing = await fetch(`${c.base}/assets/nothing-123.js`, { headers: html });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  it('signs a member in through the form and keeps the deep link they opened', async () => {
    const alice = await register(c.t.app, 'alice');
    const context = await c.browser.newContext();
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${c.base}/activity`);
    await page.waitForURL(/\/sign-in\?next=%2Factivity/);
    await expectAccessible(page);
    await page.getByLabel('Username or email').fill(alice.username);
    await page.getByLabel(/^Password/).fill('wrong password!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/invalid|incorrect/i);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${c.base}/activity`);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();

    // The keyboard alone: the first Tab offers to skip to the page; then to the Catalogue.
    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    expect(await focused()).toBe('Skip to content');
    for (let i = 0; i < 20 && (await focused()) !== 'Catalogue'; i += 1) {
      await page.keyboard.press('Tab');
    }
    expect(await focused()).toBe('Catalogue');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${c.base}/catalogue`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
