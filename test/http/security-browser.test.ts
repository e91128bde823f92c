import http from 'node:http';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { register } from '../helpers/accounts.js';
import { usingPostgres } from '../helpers/database.js';
import { freePort } from '../helpers/process.js';

// The pages' CSPs, enforced by a real browser: nothing they need is refused. The database plays
// no part, so this runs once (in the PGlite project).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let t: TestApp;
let base: string;
let browser: Browser;
let other: http.Server;
let otherBase: string;

beforeAll(async () => {
  if (usingPostgres()) return;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ env: { BASE_URL: base } });
  await t.app.listen({ port, host: '127.0.0.1' });
  // Another origin on the same host: the same site, so SameSite=Lax still sends the cookie.
  // Its page holds a form that posts to this service's logout.
  other = http.createServer((_req, res) =>
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        `<form method="post" action="${base}/api/auth/logout"><button type="submit">Go</button></form>`,
      ),
  );
  const otherPort = await freePort();
  await new Promise<void>((resolve) => other.listen(otherPort, '127.0.0.1', resolve));
  otherBase = `http://127.0.0.1:${otherPort}`;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (other ? other.close(resolve) : resolve(undefined)));
  await t?.close();
});

/** Opens a page and collects every CSP refusal the browser reports. */
async function open(url: string, cookie?: string): Promise<{ page: Page; refused: string[] }> {
  const context = await browser.newContext();
  if (cookie) {
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: base }]);
  }
  const page = await context.newPage();
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto(url);
  return { page, refused };
}

describe.runIf(!usingPostgres())('in Chromium', () => {
  it('the sign-in page applies its own style sheet and nothing is refused', async () => {
    const { page, refused } = await open(`${base}/api/oauth2/login`);
    await expect(page.title()).resolves.toBe('Sign in · Groundstation');
    // #f4f5f7 comes from the inline style sheet that the CSP allows by its hash.
    // (A string expression: the test's TypeScript has no DOM types.)
    await expect(page.evaluate('getComputedStyle(document.body).backgroundColor')).resolves.toBe(
      'rgb(244, 245, 247)',
    );
    expect(refused).toEqual([]);
    await page.close();
  });

  it('/documentation renders swagger-ui under its CSP, with nothing refused', async () => {
    const { page, refused } = await open(`${base}/documentation`);
    await page.waitForSelector('.swagger-ui .info .title', { timeout: 15_000 });
    await expect(page.locator('.swagger-ui .info .title').textContent()).resolves.toContain(
      'Groundstation API',
    );
    await page.waitForSelector('.opblock', { timeout: 15_000 });
    expect(await page.locator('.opblock').count()).toBeGreaterThan(10);
    expect(refused).toEqual([]);
    await page.close();
  });

  it('a signed-in page of this service may post with the cookie; a page of another origin may not', async () => {
    const { cookie } = await register(t.app, 'browsing');
    const signedIn = () => t.app.inject({ url: '/api/users/me', headers: { cookie } });

    const elsewhere = await open(otherBase, cookie);
    // The other page's form posts to logout: the browser sends the cookie (same site) and
    // Origin: the other page; the answer, shown as the new page, is the 403 envelope.
    await elsewhere.page.click('button[type=submit]');
    await elsewhere.page.waitForURL(`${base}/api/auth/logout`);
    const refusal = JSON.parse((await elsewhere.page.locator('body').textContent()) ?? '{}');
    expect(refusal).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(refusal.error).toMatch(/^Cross-origin request refused/);
    expect((await signedIn()).statusCode).toBe(200);

    // From /documentation (Try it out) the same request carries this service's origin.
    const docs = await open(`${base}/documentation`, cookie);
    const answer = await docs.page.evaluate(async () => {
      const res = await fetch('/api/auth/logout', { method: 'POST' });
      return res.status;
    });
    expect(answer).toBe(200);
    expect((await signedIn()).statusCode).toBe(401);
    expect(docs.refused).toEqual([]);
  });
});
