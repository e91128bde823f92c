import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { auditEntries } from '../../helpers/audit.js';
import { listen, openEventSource } from '../../helpers/sse.js';

let t: TestApp;
let base: string;
let root: Account; // global admin
let alice: Account; // admin of team X
let bob: Account; // member of team X
let carol: Account; // outsider
let teamX: string;

const call = (method: string, url: string, who: Account, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: payload ? { ...who.headers, ...json } : who.headers,
    ...(payload ? { payload } : {}),
  });
/** The entries of a JSON Lines export, in its order. */
const linesOf = (body: string) =>
  body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { action: string; seq: number; hash: string });
const teamLog = (who: Account, query = '') =>
  call('GET', `/api/teams/${teamX}/audit/entries${query}`, who);

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
  root = await register(t.app, 'root');
  alice = await register(t.app, 'alice');
  bob = await register(t.app, 'bob');
  carol = await register(t.app, 'carol');
  teamX = (await call('POST', '/api/teams', alice, { name: 'Team X' })).json().data.team.id;
  await call('POST', `/api/teams/${teamX}/members`, alice, { login: 'bob' });
});
afterAll(async () => t?.close());

describe('who reads the audit log', () => {
  it('gives a team administrator the team’s entries and nothing else', async () => {
    const res = await teamLog(alice);
    expect(res.statusCode, res.body).toBe(200);
    const { entries, pagination } = res.json().data;
    expect(entries.map((e: any) => e.action)).toEqual(['team.member_added', 'team.created']);
    expect(entries.every((e: any) => e.team_id === teamX)).toBe(true);
    expect(pagination.total).toBe(2);
    expect(entries[0]).toMatchObject({ actor_id: alice.id, target_id: bob.id });
  });

  it('refuses team members who are not administrators, outsiders and global users', async () => {
    expect((await teamLog(bob)).statusCode).toBe(403);
    expect((await teamLog(carol)).statusCode).toBe(404);
    expect((await call('GET', '/api/audit/entries', alice)).statusCode).toBe(403);
    expect((await call('GET', '/api/audit/verify', alice)).statusCode).toBe(403);
    expect((await call('GET', '/api/audit/head', alice)).statusCode).toBe(403);
    expect((await call('GET', '/api/audit/export', alice)).statusCode).toBe(403);
    expect((await call('GET', `/api/teams/${teamX}/audit/export`, bob)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/audit/entries' })).statusCode).toBe(401);
  });

  it('lets a global administrator read and filter every entry', async () => {
    const all = await auditEntries(t.app, root.headers);
    expect(all.filter((e) => e.action === 'user.created')).toHaveLength(4);
    const byTeam = await auditEntries(t.app, root.headers, `&team_id=${teamX}`);
    expect(byTeam.map((e) => e.action)).toEqual(['team.member_added', 'team.created']);
    const byActor = await auditEntries(t.app, root.headers, `&actor_id=${bob.id}`);
    expect(byActor.map((e) => e.action)).toEqual(['user.created']);
    const byTarget = await auditEntries(
      t.app,
      root.headers,
      `&target_type=user&target_id=${bob.id}`,
    );
    expect(byTarget.map((e) => e.action)).toEqual(['team.member_added', 'user.created']);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(await auditEntries(t.app, root.headers, `&since=${future}`)).toEqual([]);
    expect(await auditEntries(t.app, root.headers, `&until=${future}`)).toHaveLength(all.length);
    expect(await auditEntries(t.app, root.headers, '&actor_type=satellite')).toEqual([]);
  });

  it('answers bad filters with a 400 envelope', async () => {
    for (const query of ['?action=made.up', '?since=yesterday', '?actor_type=robot', '?x=1']) {
      const res = await call('GET', `/api/audit/entries${query}`, root);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
  });
});

describe('the stream and the export', () => {
  it('streams a team’s new entries as they are written', async () => {
    const client = openEventSource(
      `${base}/api/teams/${teamX}/audit/entries/stream`,
      alice.headers,
      ['snapshot', 'audit_entry'],
    );
    try {
      const [snapshot] = await client.waitFor('snapshot');
      expect(snapshot!.data.entries).toHaveLength(2);
      await call('PATCH', `/api/teams/${teamX}/members/${bob.id}`, alice, { role: 'team_admin' });
      const [entry] = await client.waitFor('audit_entry');
      expect(entry!.data).toMatchObject({
        action: 'team.member_role_changed',
        team_id: teamX,
        details: { from: 'team_user', to: 'team_admin' },
      });
    } finally {
      client.close();
    }
  });

  it('exports a time range as JSON Lines in chain order', async () => {
    const res = await call('GET', '/api/audit/export', root);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/jsonl/);
    const lines = linesOf(res.body);
    const seqs = lines.map((l) => l.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect(lines.at(-1)!.hash).toBe(
      (await call('GET', '/api/audit/head', root)).json().data.head_hash,
    );
    const teamOnly = await call('GET', `/api/teams/${teamX}/audit/export`, alice);
    const teamLines = linesOf(teamOnly.body);
    expect(teamLines.map((l) => l.action)).toEqual([
      'team.created',
      'team.member_added',
      'team.member_role_changed',
    ]);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await call('GET', `/api/audit/export?since=${future}`, root)).body).toBe('');
    expect((await call('GET', '/api/audit/export?until=nope', root)).statusCode).toBe(400);
  });

  it('exports what the list shows under the same filters', async () => {
    const exported = async (url: string, who: Account) => {
      const res = await call('GET', url, who);
      expect(res.statusCode, res.body).toBe(200);
      return linesOf(res.body);
    };
    for (const query of [
      `action=team.member_added`,
      `actor_id=${bob.id}`,
      `target_type=user&target_id=${bob.id}`,
      `team_id=${teamX}&action=team.created`,
      'actor_type=satellite',
    ]) {
      const listed = await auditEntries(t.app, root.headers, `&${query}`);
      const lines = await exported(`/api/audit/export?${query}`, root);
      // The list is newest first, the export in chain order.
      expect(
        lines.map((l) => l.seq),
        query,
      ).toEqual(listed.map((e) => e.seq).reverse());
    }
    const teamLines = await exported(
      `/api/teams/${teamX}/audit/export?actor_id=${alice.id}&action=team.member_added`,
      alice,
    );
    expect(teamLines.map((l) => l.action)).toEqual(['team.member_added']);
    // A team's export takes no team_id (its path names the team), and bad filters are refused.
    for (const query of [`team_id=${teamX}`, 'action=made.up', 'actor_type=robot', 'limit=5']) {
      const res = await call('GET', `/api/teams/${teamX}/audit/export?${query}`, alice);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
  });
});
