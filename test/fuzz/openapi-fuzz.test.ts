import pino from 'pino';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_HANDLERS } from '../../src/modules/satellites/events/registry.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { buildWorld, UNLIMITED_ENV, type World } from '../helpers/world.js';
import { schemaArbitrary, type Hints } from './arbitraries.js';
import { createResponseChecker, NON_JSON } from './checks.js';
import { PREPARE, RESTORE_SETTINGS, STREAMS } from './destructive.js';
import { documentValues, placesIn, spliceJson, valueAt } from './documents.js';
import { fillPath, operationsOf, servedDescription, type Operation } from './operations.js';
import {
  bodyArbitrary,
  callersOf,
  extraHeaders,
  fixtureParam,
  garbageCredentials,
  hintsOf,
  paramChoice,
  queryArbitrary,
  queryString,
  type Caller,
  type ParamChoice,
} from './requests.js';

/**
 * Walks the served OpenAPI description and sends generated requests to every operation: valid,
 * boundary and malformed bodies, queries, path parameters and headers, from every kind of caller.
 * Every answer must be below 500, be the JSON envelope (or one of the documented non-JSON answers
 * in NON_JSON), match its documented schema, and no route that is not public may answer 2xx to
 * a caller without valid credentials.
 *
 * CI runs a fixed seed. `npm run fuzz` runs a longer campaign with a random seed (FUZZ_RUNS
 * per operation, FUZZ_SEED to replay one); the seed is printed first. FUZZ_LOG=<file> writes the
 * service's error log there, where the cause of a 500 is.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.FUZZ_SEED ?? 917_2024);
const BODY_LIMIT = 64 * 1024;
const UNREACHABLE_POSTGRES = 'postgresql://fuzz@127.0.0.1:1/none';

interface Finding {
  operation: string;
  problem: string;
  count: number;
  example: string;
}

let t: TestApp;
let w: World;
let operations: Operation[];
let callers: Caller[];
let hints: Hints;
let settingKeys: string[];
const findings = new Map<string, Finding>();

beforeAll(async () => {
  t = await createTestApp({
    logger: process.env.FUZZ_LOG
      ? (pino({ level: 'error' }, pino.destination(process.env.FUZZ_LOG)) as never)
      : undefined,
    env: {
      ...UNLIMITED_ENV,
      DEPLOYMENT_CONFIG_LIMIT_PER_ACCOUNT: '0',
      DEPLOYMENT_CONFIG_LIMIT_PER_ADDRESS: '0',
      BODY_LIMIT_BYTES: String(BODY_LIMIT),
    },
  });
  w = await buildWorld(t);
  operations = operationsOf((await servedDescription(t.app)).dereferenced);
  callers = callersOf(w, (await w.scratch.registrationToken()).token);
  hints = hintsOf(w);
  const settings = await t.app.inject({ url: '/api/settings', headers: w.root.headers });
  settingKeys = JSON.stringify(settings.json().data)
    .match(/"key":"([^"]+)"/g)!
    .map((m) => m.slice(7, -1));
  console.log(`fuzz: seed ${SEED}, ${RUNS} runs per operation (FUZZ_SEED=${SEED} replays)`);
}, 120_000);
afterAll(async () => t?.close());

/** Valid-looking event batches: registered types (and one unknown), data from each type's schema. */
function eventBatch(): fc.Arbitrary<unknown> {
  const types = EVENT_HANDLERS.map((h) => h.type);
  const one = fc.oneof(
    ...EVENT_HANDLERS.map((handler) =>
      fc.record({
        type: fc.constant(handler.type),
        timestamp: fc.oneof(
          fc.constant(new Date().toISOString()),
          fc.constantFrom('not a date', '2024-02-30T00:00:00Z', '9999-12-31T23:59:59Z', ''),
        ),
        data: schemaArbitrary(handler.schema as never, 'valid', {
          ...hints,
          server_id: [w.installationId, w.serverId],
          process_id: ['proc-1', 'proc-2'],
        }),
      }),
    ),
    fc.record({
      type: fc.constantFrom('mcp.client.connected', 'no.such.type', ...types),
      timestamp: fc.constant(new Date().toISOString()),
      data: fc.jsonValue({ maxDepth: 2 }),
    }),
  );
  return fc.record({ events: fc.array(one, { minLength: 1, maxLength: 5 }) });
}

/** The callers an operation is meant for, so that more requests get past authentication. */
function fittingCallers(op: Operation): Caller[] {
  const schemes = new Set(op.security.flatMap((s) => Object.keys(s)));
  const named = (...names: string[]) => callers.filter((c) => names.includes(c.name));
  if (op.isPublic) return callers;
  if (schemes.has('satelliteKey') && !schemes.has('cookieAuth')) return named('satellite_t');
  if (schemes.has('registrationToken')) return named('registration_token');
  const people = named('global_admin', 'team_admin', 'team_user');
  // A few user routes also take a satellite key (token introspection).
  const satellite = schemes.has('satelliteKey') ? named('satellite_t') : [];
  return [...people, ...(schemes.has('oauth2') ? named('bearer_all_scopes') : []), ...satellite];
}

interface Sample {
  caller: Caller;
  garbage: Record<string, string>;
  params: Record<string, ParamChoice>;
  query: Parameters<typeof queryString>[0];
  body: { contentType?: string; payload?: string };
  headers: Record<string, string>;
}

/** Bodies the schema generator cannot make valid on its own. */
const overridesFor = (op: Operation) =>
  op.id === 'postSatelliteEvents' ? { valid: eventBatch() } : {};

function sampleArbitrary(op: Operation): fc.Arbitrary<Sample> {
  const params: Record<string, fc.Arbitrary<ParamChoice>> = {};
  for (const p of op.pathParams) params[p.name] = paramChoice(w, op.id in PREPARE);
  const overrides = overridesFor(op);
  return fc.record({
    caller: fc.oneof(
      { weight: 1, arbitrary: fc.constantFrom(...callers) },
      { weight: 2, arbitrary: fc.constantFrom(...fittingCallers(op)) },
    ),
    garbage: fc.oneof(fc.constant({}), garbageCredentials),
    params: fc.record(params),
    query: queryArbitrary(op, hints),
    body: bodyArbitrary(op, hints, BODY_LIMIT, overrides),
    headers: extraHeaders,
  });
}

async function send(op: Operation, sample: Sample) {
  const { caller } = sample;
  const usesFixture = op.pathParams.some((p) => sample.params[p.name]!.kind === 'fixture');
  const prepared =
    PREPARE[op.id] && (usesFixture || op.pathParams.length === 0)
      ? await PREPARE[op.id]!({ w, caller })
      : {};
  const values: Record<string, string> = {};
  let raw = false;
  for (const p of op.pathParams) {
    const choice = sample.params[p.name]!;
    if (choice.kind === 'fixture') {
      values[p.name] = encodeURIComponent(prepared.params?.[p.name] ?? fixtureParam(op, p.name, w));
    } else {
      values[p.name] = choice.raw ? choice.value : encodeURIComponent(choice.value);
      raw ||= choice.raw;
    }
  }
  // An anonymous caller may carry broken credentials; one with credentials keeps them intact.
  const credentials = caller.anonymous
    ? sample.garbage
    : { ...(prepared.headers ?? caller.headers) };
  let query = queryString(sample.query);
  if (STREAMS.has(op.id) && !['none', 'satellite', 'registration'].includes(caller.kind)) {
    query += `${query ? '&' : '?'}fuzz_never_open=1`;
  }
  let payload = sample.body.payload;
  if (op.id === 'setupDatabase' && payload) {
    // Never let set-up reach a real PostgreSQL server.
    payload = payload.replace(/postgres(ql)?:\/\/[^"&]*/g, UNREACHABLE_POSTGRES);
  }
  const headers: Record<string, string> = { ...sample.headers, ...credentials };
  if (sample.body.contentType) headers['content-type'] = sample.body.contentType;
  const url = fillPath(op.path, values, { encode: false }) + query;
  const request = { method: op.method as 'GET', url, headers, payload };
  const res = await t.app.inject(request);
  if (RESTORE_SETTINGS.has(op.id)) {
    for (const key of settingKeys) {
      await t.app.inject({
        method: 'DELETE',
        url: `/api/settings/${key}`,
        headers: w.root.headers,
      });
    }
  }
  return { request: { ...request, raw }, res };
}

const checker = () => createResponseChecker();

/**
 * The fitting caller that gets furthest with a valid body (2xx, else any answer but 401/403), so
 * that generated bodies reach the code behind authorization.
 */
async function mostPermittedCaller(
  op: Operation,
  attempt: (caller: Caller) => Promise<{ res: { statusCode: number } }>,
): Promise<Caller> {
  const fitting = fittingCallers(op);
  let fallback: Caller | undefined;
  for (const caller of fitting) {
    const { statusCode } = (await attempt(caller)).res;
    if (statusCode < 300) return caller;
    if (statusCode !== 401 && statusCode !== 403) fallback ??= caller;
  }
  return fallback ?? fitting[0]!;
}

describe('fuzzing the OpenAPI description', () => {
  it('covers every operation and lists only real ones as non-JSON', () => {
    expect(operations.length).toBeGreaterThan(90);
    const ids = new Set(operations.map((o) => o.id));
    for (const id of [...Object.keys(NON_JSON), ...Object.keys(PREPARE), ...STREAMS]) {
      expect(ids.has(id), id).toBe(true);
    }
  });

  it(
    'answers every generated request below 500, as the documented envelope, schema and auth',
    async () => {
      const { check } = checker();
      let sent = 0;
      const succeeded = new Set<string>();
      for (const [index, op] of operations.entries()) {
        await fc.assert(
          fc.asyncProperty(sampleArbitrary(op), async (sample) => {
            const { request, res } = await send(op, sample);
            sent++;
            if (res.statusCode < 300) succeeded.add(op.id);
            const problems = check(op, sample.caller.anonymous, res);
            for (const problem of problems) {
              const key = `${op.id}: ${problem.replace(/\d{3,}/g, 'N').slice(0, 160)}`;
              const finding = findings.get(key);
              if (finding) finding.count++;
              else {
                findings.set(key, {
                  operation: op.id,
                  problem,
                  count: 1,
                  example: JSON.stringify({
                    caller: sample.caller.name,
                    ...request,
                    headers: Object.keys(request.headers),
                    payload: request.payload?.slice(0, 300),
                    url: request.url.slice(0, 200),
                    status: res.statusCode,
                    body: res.body.slice(0, 300),
                  }),
                });
              }
            }
          }),
          { seed: SEED + index * 7919, numRuns: RUNS, endOnFailure: true },
        );
      }
      console.log(`fuzz: ${sent} requests to ${operations.length} operations`);
      const neverOk = operations.filter((o) => !succeeded.has(o.id)).map((o) => o.id);
      // Not a failure: some operations need more than random input (a CSRF token, a fresh code).
      console.log(`fuzz: no 2xx answer from ${neverOk.join(', ') || 'none'}`);
      const report = [...findings.values()].map(
        (f) => `${f.operation} ×${f.count}: ${f.problem}\n    e.g. ${f.example}`,
      );
      expect(report, report.join('\n')).toEqual([]);
    },
    Math.max(300_000, RUNS * 6_000),
  );

  it('answers deep and wide documents in every JSON body below 500, small, and keeps answering', async () => {
    const { check } = checker();
    const values = Object.entries(documentValues(BODY_LIMIT / 2));
    const texts = values.filter(([name]) => name.startsWith('a string of'));
    const structures = values.filter(([name]) => !name.startsWith('a string of'));
    const problems: string[] = [];
    const request = (op: Operation, caller: Caller, payload: string) =>
      send(op, {
        caller,
        garbage: {},
        params: Object.fromEntries(op.pathParams.map((p) => [p.name, { kind: 'fixture' }])),
        query: { values: {}, extra: '' },
        body: { contentType: 'application/json', payload },
        headers: {},
      });
    for (const op of operations.filter((o) => o.body)) {
      const [valid] = fc.sample(
        overridesFor(op).valid ?? schemaArbitrary(op.body!.schema, 'valid', hints),
        { seed: SEED, numRuns: 1 },
      );
      const caller = await mostPermittedCaller(op, (c) => request(op, c, JSON.stringify(valid)));
      for (const place of placesIn(valid)) {
        // Texts go where text goes (a document in a string field); structures go everywhere.
        const shapes =
          typeof valueAt(valid, place) === 'string' ? [...structures, ...texts] : structures;
        for (const [name, raw] of shapes) {
          const payload = spliceJson(valid, place, raw);
          const { res } = await request(op, caller, payload);
          const where = `${op.id}, ${name} at /${place.join('/')}`;
          for (const problem of check(op, false, res)) problems.push(`${where}: ${problem}`);
          // A small document must not come back as a large answer (errors listed without bound).
          if (res.body.length > 2 * payload.length + 16_384) {
            problems.push(`${where}: answered ${res.body.length} characters`);
          }
        }
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
  }, 600_000);

  it('sends paths, methods and credentials that match no route to the 404 envelope', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
        fc.oneof(
          fc.constantFrom(
            '/api',
            '/api/',
            '/api/nope',
            '/api/teams/x/y/z',
            '/API/health',
            '//api/health',
          ),
          fc
            .webPath()
            .map((p) => (p.startsWith('/') ? p : `/${p}`))
            .filter((p) => !p.startsWith('/documentation')),
        ),
        garbageCredentials,
        async (method, path, headers) => {
          const res = await t.app.inject({ method: method as 'GET', url: path, headers });
          expect(res.statusCode, `${method} ${path}: ${res.body}`).toBeLessThan(500);
          if (method === 'HEAD' || res.statusCode < 400) return;
          expect(res.headers['content-type'], `${method} ${path}`).toMatch(/^application\/json/);
          expect(res.json(), `${method} ${path}`).toMatchObject({
            success: false,
            error: expect.any(String),
          });
        },
      ),
      { seed: SEED, numRuns: RUNS * 10 },
    );
  });

  it('leaves every caller of the fuzzer signed in and every fixture in place', async () => {
    for (const caller of callers.filter((c) => c.kind === 'cookie' || c.kind === 'bearer')) {
      const res = await t.app.inject({
        url: caller.kind === 'bearer' ? '/api/teams/me/default' : '/api/users/me',
        headers: caller.headers,
      });
      const expected = caller.name === 'bearer_no_scope' ? 403 : 200;
      expect(res.statusCode, `${caller.name}: ${res.body}`).toBe(expected);
    }
    for (const satellite of [w.satT, w.satG]) {
      const res = await t.app.inject({
        url: `/api/satellites/${satellite.id}/commands`,
        headers: satellite.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const team = await t.app.inject({ url: `/api/teams/${w.teamId}`, headers: w.bob.headers });
    expect(team.json().data.team.role).toBe('team_user');
    const installation = await t.app.inject({
      url: `/api/teams/${w.teamId}/mcp/installations/${w.installationId}`,
      headers: w.alice.headers,
    });
    expect(installation.statusCode).toBe(200);
  });
});
