import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/lib/logger.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { json } from '../helpers/accounts.js';

/** The real app with a logger whose lines the test reads. */
async function appWith(env: Record<string, string>) {
  const lines: Array<Record<string, any>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const t = await createTestApp({ env, logger: createLogger('info', stream) });
  return { t, lines };
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The client address the request log recorded for one request. */
async function loggedIp(
  app: TestApp,
  lines: Array<Record<string, any>>,
  remoteAddress: string,
  forwardedFor?: string,
) {
  const res = await app.app.inject({
    url: '/api/health',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  const id = res.headers['x-request-id'];
  await new Promise((resolve) => setTimeout(resolve, 20));
  return lines.find((l) => l.requestId === id && l.msg === 'request')?.ip;
}

const failedLogin = (app: TestApp, forwardedFor: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/email/login',
    remoteAddress: '10.0.0.5',
    headers: { ...json, 'x-forwarded-for': forwardedFor },
    payload: { login: 'nobody', password: 'not the password' },
  });

describe('security: TRUST_PROXY does not let a client forge its address', () => {
  it('with TRUST_PROXY=1 takes the address the nearest proxy saw, and counts forged X-Forwarded-For requests against one per-address limit', async () => {
    const made = await appWith({
      TRUST_PROXY: '1',
      LOGIN_LIMIT_PER_ADDRESS: '2',
      LOGIN_LIMIT_PER_ACCOUNT: '1000',
    });
    t = made.t;
    expect(await loggedIp(t, made.lines, '10.0.0.5', 'forged-1, 203.0.113.7')).toBe('203.0.113.7');
    expect(await loggedIp(t, made.lines, '10.0.0.5', '198.51.100.1, 203.0.113.7')).toBe(
      '203.0.113.7',
    );
    const statuses = [];
    for (const forged of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) {
      statuses.push((await failedLogin(t, `${forged}, 203.0.113.7`)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 429]);
    // Another client behind the same proxy has its own count.
    expect((await failedLogin(t, '203.0.113.8')).statusCode).toBe(401);
  });

  it('with a list of proxy addresses believes X-Forwarded-For only from those proxies', async () => {
    const made = await appWith({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });
    t = made.t;
    expect(await loggedIp(t, made.lines, '10.0.0.5', 'forged, 203.0.113.7')).toBe('203.0.113.7');
    // A chain of trusted proxies is walked back to the first address that is not one of them.
    expect(await loggedIp(t, made.lines, '10.0.0.5', 'forged, 203.0.113.7, 10.1.2.3')).toBe(
      '203.0.113.7',
    );
    // A client that reaches the service directly cannot name another address.
    expect(await loggedIp(t, made.lines, '198.51.100.9', '203.0.113.7')).toBe('198.51.100.9');
  });

  it('reads TRUST_PROXY=true as one hop and warns once at start', async () => {
    const made = await appWith({ TRUST_PROXY: 'true' });
    t = made.t;
    expect(await loggedIp(t, made.lines, '10.0.0.5', 'forged, 203.0.113.7')).toBe('203.0.113.7');
    const warnings = made.lines.filter((l) => /TRUST_PROXY=true/.test(String(l.msg)));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe(40);
  });

  it('ignores X-Forwarded-For by default', async () => {
    const made = await appWith({});
    t = made.t;
    expect(await loggedIp(t, made.lines, '198.51.100.9', '203.0.113.7')).toBe('198.51.100.9');
  });
});

describe('TRUST_PROXY setting', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['true', 1],
    ['10.0.0.1', ['10.0.0.1']],
    [' 127.0.0.1 , 10.0.0.0/8,fd00::/8 ', ['127.0.0.1', '10.0.0.0/8', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('reads %j as %j', (raw, expected) => {
    const config = loadConfig(raw === undefined ? {} : { TRUST_PROXY: raw });
    expect(config.trustProxy).toEqual(expected);
  });

  it.each(['maybe', '10.0.0.0/33', '10.0.0.1/8/8', '999.1.1.1', ',', '101'])(
    'refuses %j',
    (raw) => {
      expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(/TRUST_PROXY must be/);
    },
  );
});
