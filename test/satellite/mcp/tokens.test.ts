import { describe, expect, it } from 'vitest';
import type { Introspection } from '../../../protocol/satellite.js';
import { createTokenChecker } from '../../../satellite/src/mcp/tokens.js';

function setup(
  answers: Record<string, Introspection>,
  options: { ttlMs?: number; maxEntries?: number } = {},
) {
  let time = 1_000_000;
  const asked: string[] = [];
  const checker = createTokenChecker({
    introspect: async (token) => {
      asked.push(token);
      return answers[token] ?? { active: false };
    },
    now: () => time,
    ...options,
  });
  return { checker, asked, advance: (ms: number) => (time += ms) };
}

const user = (sub: string, extra: Partial<Introspection> = {}): Introspection => ({
  active: true,
  sub,
  scope: 'mcp:read offline_access',
  team_id: 'team_1',
  client_id: 'cli',
  username: sub.toUpperCase(),
  ...extra,
});

describe('token checker', () => {
  it('maps an active introspection to an identity and caches it for the TTL', async () => {
    const { checker, asked, advance } = setup({ t1: user('usr_1') }, { ttlMs: 1_000 });
    expect(await checker.check('t1')).toEqual({
      token: 't1',
      userId: 'usr_1',
      username: 'USR_1',
      teamId: 'team_1',
      clientId: 'cli',
      scopes: ['mcp:read', 'offline_access'],
    });
    await checker.check('t1');
    expect(asked).toEqual(['t1']);
    advance(1_001);
    await checker.check('t1');
    expect(asked).toEqual(['t1', 't1']);
  });

  it("trusts a cached answer no longer than the token's exp", async () => {
    const exp = Math.floor(1_000_000 / 1000) + 2;
    const { checker, asked, advance } = setup({ t1: user('usr_1', { exp }) }, { ttlMs: 60_000 });
    expect(await checker.check('t1')).not.toBeNull();
    advance(1_500);
    await checker.check('t1');
    expect(asked).toEqual(['t1']);
    advance(1_000);
    await checker.check('t1');
    expect(asked).toEqual(['t1', 't1']);
  });

  it('does not cache inactive answers, and refuses tokens without sub or an mcp: scope', async () => {
    const { checker, asked } = setup({
      noSub: { active: true, scope: 'mcp:read' },
      noScope: user('usr_1', { scope: 'openid profile' }),
      expired: user('usr_1', { exp: 1 }),
    });
    for (const token of ['unknown', 'unknown', 'noSub', 'noScope', 'expired', '']) {
      expect(await checker.check(token)).toBeNull();
    }
    expect(asked).toEqual(['unknown', 'unknown', 'noSub', 'noScope', 'expired']);
  });

  it('shares one introspection between concurrent checks of a token', async () => {
    const { checker, asked } = setup({ t1: user('usr_1') });
    const results = await Promise.all([
      checker.check('t1'),
      checker.check('t1'),
      checker.check('t1'),
    ]);
    expect(results.every((identity) => identity?.userId === 'usr_1')).toBe(true);
    expect(asked).toEqual(['t1']);
  });

  it("forgets a user's tokens and says how many", async () => {
    const { checker, asked } = setup({ a: user('usr_1'), b: user('usr_1'), c: user('usr_2') });
    await Promise.all(['a', 'b', 'c'].map((token) => checker.check(token)));
    expect(checker.forgetUser('usr_1')).toBe(2);
    expect(checker.forgetUser('usr_1')).toBe(0);
    await checker.check('a');
    await checker.check('c');
    expect(asked).toEqual(['a', 'b', 'c', 'a']);
  });

  it('does not cache an answer that was in flight when the user was forgotten', async () => {
    let release: (answer: Introspection) => void = () => {};
    const asked: string[] = [];
    const checker = createTokenChecker({
      introspect: (token) => {
        asked.push(token);
        return new Promise((resolve) => (release = resolve));
      },
    });
    const pending = checker.check('a');
    checker.forgetUser('usr_1');
    release(user('usr_1'));
    expect(await pending).not.toBeNull();
    const again = checker.check('a');
    release(user('usr_1'));
    await again;
    expect(asked).toEqual(['a', 'a']);
  });

  it('keeps at most maxEntries tokens, dropping the oldest', async () => {
    const { checker, asked } = setup(
      { a: user('u'), b: user('u'), c: user('u') },
      { maxEntries: 2 },
    );
    for (const token of ['a', 'b', 'c', 'c', 'b', 'a']) await checker.check(token);
    expect(asked).toEqual(['a', 'b', 'c', 'a']);
  });

  it('lets an introspection failure through (the endpoint answers 503, not 401)', async () => {
    const checker = createTokenChecker({
      introspect: async () => {
        throw new Error('Groundstation is down');
      },
    });
    await expect(checker.check('t')).rejects.toThrow('Groundstation is down');
  });
});
