// npm run bench:console — the web console's weight and first load. Prints the compressed
// JavaScript and CSS that the first page of each kind pulls (the sign-in page for a visitor, the
// start page for a signed-in member) against the 250 KB target, then the time from navigation
// to the page's heading on loopback in Chromium, cold (empty cache) and warm (assets cached
// immutably), as medians of BENCH_CONSOLE_RUNS (default 15) alternating runs.
import { execFileSync } from 'node:child_process';
import { chromium, type Browser } from 'playwright-core';
import { median, ms, printTable, registerAccount, startTarget } from './lib.js';

const RUNS = Number(process.env.BENCH_CONSOLE_RUNS ?? 15);
const JS_TARGET_KB = 250;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Load {
  jsBytes: number;
  cssBytes: number;
  requests: number;
  ms: number;
}

/** One navigation: bytes on the wire per kind (as sent, compressed) and ms to the h1. */
async function load(
  browser: Browser,
  url: string,
  cookie: string | null,
  context?: Awaited<ReturnType<Browser['newContext']>>,
): Promise<Load> {
  const own = context ?? (await browser.newContext());
  if (cookie && !context) {
    const [name, ...value] = cookie.split('=');
    await own.addCookies([{ name: name!, value: value.join('='), url }]);
  }
  const page = await own.newPage();
  const sizes = { js: 0, css: 0, requests: 0 };
  page.on('response', (response) => {
    void response
      .request()
      .sizes()
      .then((s) => {
        const type = response.headers()['content-type'] ?? '';
        sizes.requests += 1;
        if (type.startsWith('text/javascript')) sizes.js += s.responseBodySize;
        if (type.startsWith('text/css')) sizes.css += s.responseBodySize;
      })
      .catch(() => undefined);
  });
  const started = performance.now();
  await page.goto(url);
  await page.locator('h1').first().waitFor();
  const elapsed = performance.now() - started;
  await page.waitForLoadState('networkidle');
  await page.close();
  if (!context) await own.close();
  return { jsBytes: sizes.js, cssBytes: sizes.css, requests: sizes.requests, ms: elapsed };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function main() {
  execFileSync(process.execPath, ['scripts/build-console.mjs', '--if-stale'], { stdio: 'inherit' });
  const target = await startTarget('PGlite', async () => undefined);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const cookie = await registerAccount(target.base);
    const pages = [
      { label: 'sign-in (visitor)', url: `${target.base}/sign-in`, cookie: null },
      { label: 'start page (member)', url: `${target.base}/`, cookie },
    ];
    const cold = new Map<string, Load[]>(pages.map((p) => [p.label, []]));
    const warm = new Map<string, Load[]>(pages.map((p) => [p.label, []]));
    const warmContexts = await Promise.all(pages.map(() => browser.newContext()));
    for (const [i, p] of pages.entries()) {
      if (p.cookie) {
        const [name, ...value] = p.cookie.split('=');
        await warmContexts[i]!.addCookies([{ name: name!, value: value.join('='), url: p.url }]);
      }
      await load(browser, p.url, p.cookie, warmContexts[i]);
    }
    for (let run = 0; run < RUNS; run += 1) {
      for (const [i, p] of pages.entries()) {
        cold.get(p.label)!.push(await load(browser, p.url, p.cookie));
        warm.get(p.label)!.push(await load(browser, p.url, p.cookie, warmContexts[i]));
      }
    }
    const rows = pages.map((p) => {
      const c = cold.get(p.label)!;
      const w = warm.get(p.label)!;
      const js = median(c.map((l) => l.jsBytes));
      return [
        p.label,
        `${kb(js)} KB`,
        `${kb(median(c.map((l) => l.cssBytes)))} KB`,
        String(median(c.map((l) => l.requests))),
        `${ms(median(c.map((l) => l.ms)))} ms`,
        `${ms(median(w.map((l) => l.ms)))} ms`,
        js / 1024 <= JS_TARGET_KB ? 'met' : 'missed',
      ];
    });
    printTable(
      `Console first load on loopback, PGlite, medians of ${RUNS} runs (JS target ≤ ${JS_TARGET_KB} KB compressed)`,
      [
        'page',
        'JS (compressed)',
        'CSS (compressed)',
        'requests',
        'cold load',
        'warm load',
        'JS target',
      ],
      rows,
    );
  } finally {
    await browser.close();
    await target.close();
  }
}

await main();
