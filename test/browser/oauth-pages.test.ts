import http from 'node:http';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { register, PASSWORD } from '../helpers/accounts.js';
import { usingPostgres } from '../helpers/database.js';
import { authorizeQuery, pkce } from '../helpers/oauth.js';
import { freePort } from '../helpers/process.js';

// The callback listener must own port 8976, so this runs once (in the PGlite project); the flow
// against PostgreSQL is covered by the client-library test.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let t: TestApp;
let base: string;
let browser: Browser;
let callback: http.Server;
const received: URL[] = [];

beforeAll(async () => {
  if (usingPostgres()) return;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ env: { BASE_URL: base } });
  await t.app.listen({ port, host: '127.0.0.1' });
  await register(t.app, 'walter');
  callback = http.createServer((req, res) => {
    received.push(new URL(req.url!, 'http://127.0.0.1:8976'));
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<p id="done">You can close this window.</p>');
  });
  await new Promise<void>((resolve) => callback.listen(8976, '127.0.0.1', resolve));
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (callback ? callback.close(resolve) : resolve(undefined)));
  await t?.close();
});

it.runIf(!usingPostgres())(
  'signs in, approves and lands on the local callback with a code, in Chromium',
  async () => {
    const page = await browser.newPage();
    const { challenge } = pkce();
    await page.goto(
      `${base}/api/oauth2/auth?${authorizeQuery({ state: 'browser-state', scope: 'teams:read user:read' }, challenge)}`,
    );

    await expect(page.title()).resolves.toBe('Sign in · Groundstation');
    await page.fill('#login', 'walter');
    await page.fill('#password', 'not the password');
    await page.click('button[type=submit]');
    await expect(page.locator('[role=alert]').textContent()).resolves.toBe(
      'Invalid login or password',
    );
    await page.fill('#password', PASSWORD);
    await page.click('button[type=submit]');

    await page.waitForURL(/\/api\/oauth2\/consent/);
    const consent = await page.locator('main').textContent();
    expect(consent).toContain('Groundstation command-line gateway');
    expect(consent).toContain('Read team memberships and information');
    expect(consent).toContain('Read user profile information');
    await page.click('button[value=approve]');

    await page.waitForURL(/127\.0\.0\.1:8976\/oauth\/callback/);
    await expect(page.locator('#done').isVisible()).resolves.toBe(true);
    const last = received.filter((u) => u.pathname === '/oauth/callback').at(-1)!;
    expect(last.searchParams.get('state')).toBe('browser-state');
    expect(last.searchParams.get('code')).toMatch(/^oac_/);
    expect(last.searchParams.get('iss')).toBe(base);
    await page.close();
  },
);
