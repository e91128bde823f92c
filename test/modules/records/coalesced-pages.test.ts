import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { createServer } from '../../helpers/catalogue.js';
import { event, pair, postEvents } from '../../helpers/satellites.js';

// Page loads asked at once share reads (lib/coalesced-reads.ts); none may see less than what was
// committed before it was asked.
describe('pages asked at once', () => {
  let t: TestApp;
  let alice: Account;
  let teamId: string;
  let satellite: Awaited<ReturnType<typeof pair>>;
  let firstInstallation: string;
  beforeAll(async () => {
    t = await createTestApp();
    const root = await register(t.app, 'root');
    alice = await register(t.app, 'alice');
    teamId = (await t.app.inject({ url: '/api/teams/me/default', headers: alice.headers })).json()
      .data.team.id;
    satellite = await pair(t.app, alice.headers, { scope: 'team', team_id: teamId }, 'sat-a');
    await createServer(t.app, root.headers, { name: 'Clock' });
    firstInstallation = (await install('clock')).json().data.installation.id;
  });
  afterAll(async () => t?.close());

  const install = (name: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/teams/${teamId}/mcp/installations`,
      headers: { ...json, ...alice.headers },
      payload: { server_id: 'clock', name, satellite_id: satellite.id },
    });
  const installations = () =>
    t.app.inject({ url: `/api/teams/${teamId}/mcp/installations`, headers: alice.headers });
  const activity = () =>
    t.app.inject({ url: '/api/users/me/mcp/client-activity?limit=100', headers: alice.headers });

  it('answers every team installations page, and one asked after a change shows it', async () => {
    const during = Array.from({ length: 16 }, installations);
    const created = install('second clock');
    const answers = await Promise.all(during);
    expect((await created).statusCode).toBe(201);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect([1, 2]).toContain(answer.json().data.installations.length);
    }
    const after = await Promise.all(Array.from({ length: 16 }, installations));
    for (const answer of after) expect(answer.json().data.pagination.total).toBe(2);
  });

  it('answers every activity page, and one asked after a batch shows its rows', async () => {
    const report = (n: number) =>
      postEvents(t.app, satellite, [
        event(
          'mcp.tool.executed',
          {
            tool_name: `tool_${n}`,
            server_id: firstInstallation,
            team_id: teamId,
            duration_ms: 3,
            success: true,
            user_id: alice.id,
          },
          new Date(Date.UTC(2026, 10, 27, 8, 0, 0, n)).toISOString(),
        ),
      ]);
    expect((await report(1)).json().processed).toBe(1);
    const during = Array.from({ length: 16 }, activity);
    const reported = report(2);
    const answers = await Promise.all(during);
    expect((await reported).json().processed).toBe(1);
    for (const answer of answers) expect([1, 2]).toContain(answer.json().data.activity.length);
    const after = await Promise.all(Array.from({ length: 16 }, activity));
    for (const answer of after) expect(answer.json().data.activity).toHaveLength(2);
  });
});
