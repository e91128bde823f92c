/**
 * The web console in real Chromium against the real service: a listening app (with the built-in
 * satellite when a test needs MCP), a browser, pages signed in with a member's session cookie,
 * an accessibility check (axe-core) and screenshots for the README.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { startSatellite, type RunningSatellite } from '#satellite';
import { createLogger } from '../../src/lib/logger.js';
import type { Account } from './accounts.js';
import type { TestApp } from './app.js';
import { quietLog, serviceWithMcp } from './mcp-hub.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface ConsoleService {
  t: TestApp;
  base: string;
  browser: Browser;
  satellite: RunningSatellite | null;
  /** The built-in satellite's data folder (its servers' folders are under instances/). */
  satelliteDir: string | null;
  close(): Promise<void>;
}

/** The service on a free port with its console, Chromium, and optionally the built-in satellite. */
export async function startConsole(
  options: { satellite?: boolean; env?: Record<string, string>; logger?: Logger } = {},
): Promise<ConsoleService> {
  const service = await serviceWithMcp({ env: options.env, logger: options.logger });
  let satellite: RunningSatellite | null = null;
  let dataDir: string | null = null;
  if (options.satellite) {
    // Inside the checkout, as `npm start`'s ./data is: `npx <package>@<version>` run by a server
    // there finds the version installed as a dev dependency instead of downloading it.
    const cache = fileURLToPath(new URL('../../node_modules/.cache', import.meta.url));
    await mkdir(cache, { recursive: true });
    dataDir = await mkdtemp(path.join(cache, 'gs-console-satellite-'));
    satellite = await startSatellite({
      backendUrl: service.base,
      publicUrl: `${service.base}/mcp`,
      dataDir,
      name: 'built-in',
      registrationToken: () => service.t.app.builtInSatellite.issueToken(),
      log: quietLog,
      pollIntervalMs: 300,
      eventIntervalMs: 200,
    });
    service.attach(satellite);
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  return {
    t: service.t,
    base: service.base,
    browser,
    satellite,
    satelliteDir: dataDir,
    async close() {
      await browser.close();
      await satellite?.close();
      await service.t.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A logger that keeps each line's message, for tests that read what the service logged (the
 * first-run set-up code, as an operator reads it).
 */
export function collectingLogger(into: string[]): Logger {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) {
        if (line) into.push(String(JSON.parse(line).msg));
      }
      done();
    },
  });
  return createLogger('warn', stream);
}

/** A browser context signed in as `who` (their session cookie), and a page in it. */
export async function signedInPage(
  c: ConsoleService,
  who: Account,
  options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await c.browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
  });
  const [name, ...value] = who.cookie.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: c.base }]);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Errors the page raised or wrote to its console, CSP refusals among them. The browser's own
 * line for an HTTP error answer is left out: the API answering 401 or 404 is the page's input.
 */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) {
      errors.push(m.text());
    }
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

let axeSource: string | null = null;

/**
 * Runs axe-core in the page (through the debugging protocol, which the page's CSP does not
 * govern) and fails on serious or critical violations, naming each rule and its elements.
 */
export async function expectAccessible(page: Page) {
  axeSource ??= await readFile(AXE, 'utf8');
  // Colours are judged as they settle: a dialog fading in is half transparent. (Endless
  // animations, such as a loader's, never finish and are not waited for.)
  await page.evaluate(
    'Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined)))',
  );
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } })
      .axe;
    const result = await axe.run();
    return result.violations as Array<{
      id: string;
      impact: string | null;
      help: string;
      nodes: Array<{ target: unknown[] }>;
    }>;
  });
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}

/**
 * Saves a screenshot for the README when CONSOLE_SCREENSHOTS names a folder
 * (`npm run console:screenshots` writes docs/screenshots).
 */
export async function screenshot(page: Page, name: string) {
  const dir = process.env.CONSOLE_SCREENSHOTS;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}
