import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  buildTeam,
  credentialsOf,
  install,
  instanceOf,
  memberAccessToken,
  registrationToken,
  replay,
  SATELLITE_WIRE_ENV,
  serverKeyOf,
} from '../helpers/satellite-world.js';
import {
  loadWireFixtures,
  type WireAnswer,
  type WireFixture,
  type WireValues,
} from '../helpers/satellite-wire.js';
import { listen } from '../helpers/sse.js';

/**
 * Every request the real DeployStack satellite sends (test/fixtures/satellite-wire), replayed
 * with real fetch against a listening service, and the answer keys the satellite reads
 * (expected-response.md) checked where it reads them: at the top level.
 */
const fixtures = loadWireFixtures();
const COMMAND_TYPES = [
  'configure',
  'spawn',
  'kill',
  'restart',
  'health_check',
  'invalidate_user_token_cache',
];

let t: TestApp;
let origin: string;
let values: WireValues;
let admin: Account;
let memberId: string;
let teamId: string;
let stdioInstallation: string;
let httpInstallation: string;
/** Answers to the requests the world was built with, by `<kind>#<variant index>`. */
const recorded = new Map<string, WireAnswer>();

beforeAll(async () => {
  t = await createTestApp({ env: SATELLITE_WIRE_ENV });
  origin = await listen(t.app);
  const world = await buildTeam(t.app);
  admin = world.root;
  memberId = world.member.id;
  teamId = world.teamId;

  // Pairing, exactly as the satellite sends it, with a token of the satellite's prefix.
  const token = await registrationToken(t.app, world.root);
  const registered = await replay(origin, fixtures, 'register', { registration_token: token });
  recorded.set('register#0', registered);
  const satellite = credentialsOf(registered);

  // A stdio and an http installation of the team: the member has an instance of each.
  stdioInstallation = (await install(t.app, world.root, teamId, world.stdioServer.id, 'Files')).id;
  httpInstallation = (await install(t.app, world.root, teamId, world.httpServer.id, 'Notion')).id;
  const instance = await instanceOf(t.app, world.member, teamId, stdioInstallation);
  const oauth = await memberAccessToken(t.app, world.member, world.teamId);

  values = {
    satellite_id: satellite.id,
    api_key: satellite.key,
    team_id: teamId,
    user_id: memberId,
    installation_id: stdioInstallation,
    instance_id: instance.id,
    access_token: oauth.accessToken,
    oauth_client_id: oauth.clientId,
  };
  const polled = await replay(origin, fixtures, 'commands-query', values);
  recorded.set('commands-query#0', polled);
  const commands = (polled.json?.commands ?? []) as Array<{ id: string }>;
  if (commands.length === 0) throw new Error(`the poll delivered no command: ${polled.text}`);
  values.command_id = commands[0]!.id;

  const config = await replay(origin, fixtures, 'config-query', values);
  recorded.set('config-query#0', config);
  values.server_key = serverKeyOf(config, memberId, stdioInstallation);
});
afterAll(async () => t?.close());

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function expect2xx(answer: WireAnswer, what: string) {
  expect(answer.status, `${what}: ${answer.text}`).toBeGreaterThanOrEqual(200);
  expect(answer.status, `${what}: ${answer.text}`).toBeLessThan(300);
}

/** The keys expected-response.md requires, per request kind. */
const checks: Record<string, (answer: WireAnswer, sent: WireFixture, index: number) => void> = {
  health: (a) => expect2xx(a, 'health'),
  register: (a) => {
    expect2xx(a, 'register');
    expect(a.json?.success).toBeTruthy();
    const satellite = a.json?.satellite as Record<string, unknown>;
    expect(satellite.id).toEqual(expect.any(String));
    expect(satellite.api_key).toEqual(expect.any(String));
    expect((satellite.id as string).length).toBeGreaterThan(0);
    expect((satellite.api_key as string).length).toBeGreaterThan(0);
  },
  heartbeat: (a) => expect2xx(a, 'heartbeat'),
  'commands-query': (a) => {
    expect2xx(a, 'command poll');
    expect(Array.isArray(a.json?.commands), a.text).toBe(true);
    for (const command of a.json!.commands as Array<Record<string, unknown>>) {
      expect(command.id).toEqual(expect.any(String));
      expect(COMMAND_TYPES).toContain(command.command_type);
      expect(isObject(command.payload), JSON.stringify(command)).toBe(true);
    }
  },
  'command-result': (a) => expect2xx(a, 'command result'),
  'config-query': (a) => {
    expect(a.status, a.text).toBe(200);
    expect(isObject(a.json?.mcp_servers), a.text).toBe(true);
    const servers = a.json!.mcp_servers as Record<string, Record<string, unknown>>;
    for (const [key, entry] of Object.entries(servers)) {
      expect(['stdio', 'http', 'sse'], key).toContain(entry.transport_type);
      if (entry.transport_type === 'stdio') {
        expect(entry.command, key).toEqual(expect.any(String));
        expect(Array.isArray(entry.args), key).toBe(true);
        for (const arg of entry.args as unknown[]) expect(arg, key).toEqual(expect.any(String));
      } else {
        expect(() => new URL(entry.url as string), key).not.toThrow();
      }
    }
    // The member's two instances are both in the map.
    const mine = Object.values(servers).filter((e) => e.user_id === memberId);
    expect(mine.map((e) => e.installation_id).sort()).toEqual(
      [stdioInstallation, httpInstallation].sort(),
    );
  },
  events: (a, sent, index) => {
    expect(a.status, a.text).toBe(200);
    const batch = sent.requests[index]!.body as { events: unknown[] };
    const body = a.json as { processed: number; failed: number; failures?: unknown };
    expect(body.processed + body.failed, a.text).toBe(batch.events.length);
    expect(body.failed, JSON.stringify(body.failures)).toBe(0);
  },
  introspect: (a) => {
    expect(a.status, a.text).toBe(200);
    expect(a.json).toMatchObject({
      active: true,
      sub: memberId,
      username: 'mia',
      team_id: teamId,
      team_name: 'Acme',
      team_role: 'team_user',
      team_permissions: expect.any(Array),
      scope: expect.any(String),
      client_id: values.oauth_client_id,
    });
  },
  'oauth-token-status': (a) => {
    expect2xx(a, 'token status');
    expect(typeof a.json?.exists, a.text).toBe('boolean');
  },
  'oauth-token-retrieve': (a) => {
    if (a.status === 404) return;
    expect2xx(a, 'token retrieval');
    expect(a.json?.access_token).toEqual(expect.any(String));
  },
  'github-token': (a) => {
    if (a.status === 404) return;
    expect2xx(a, 'GitHub token');
    expect(a.json?.token).toEqual(expect.any(String));
    expect(a.json?.expires_at).toEqual(expect.any(String));
  },
};

describe('conformance: every fixture of the real satellite', () => {
  it('has an expectation for every kind of request', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(11);
    for (const fixture of fixtures) expect(Object.keys(checks)).toContain(fixture.kind);
  });

  for (const fixture of fixtures) {
    fixture.requests.forEach((variant, index) => {
      it(`${fixture.kind}: ${variant.name}`, async () => {
        let answer = recorded.get(`${fixture.kind}#${index}`);
        if (!answer) {
          // Registration tokens are single use: each registration gets a fresh one.
          const extra: WireValues =
            fixture.kind === 'register'
              ? { registration_token: await registrationToken(t.app, admin) }
              : {};
          answer = await replay(origin, fixtures, fixture.kind, { ...values, ...extra }, index);
        }
        checks[fixture.kind]!(answer, fixture, index);
      });
    });
  }
});

describe('conformance: pairing and start-up', () => {
  it('issues registration tokens the satellite accepts (deploystack_satellite_global_…)', async () => {
    const token = await registrationToken(t.app, admin);
    expect(token).toMatch(/^deploystack_satellite_global_.{10,}$/);
  });

  it('answers the start-up heartbeat of a satellite with saved credentials with 2xx', async () => {
    const answer = await replay(origin, fixtures, 'heartbeat', values, 'start-up credential check');
    expect2xx(answer, 'start-up heartbeat');
  });

  it('delivered a command for the new installations on the first poll', () => {
    const polled = recorded.get('commands-query#0')!;
    const commands = polled.json!.commands as Array<{ payload: Record<string, unknown> }>;
    expect(commands.some((c) => c.payload.installation_id === stdioInstallation)).toBe(true);
  });
});
