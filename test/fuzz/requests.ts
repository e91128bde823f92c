import fc from 'fast-check';
import { PASSWORD } from '../helpers/accounts.js';
import type { World } from '../helpers/world.js';
import { malformedBody, nastyString, schemaArbitrary, type Hints } from './arbitraries.js';
import { documentBody } from './documents.js';
import type { Operation, Schema } from './operations.js';

type Headers = Record<string, string>;

/** Who sends a request. `anonymous` callers carry no valid credential. */
export interface Caller {
  name: string;
  anonymous: boolean;
  /** The account behind a cookie or OAuth token. */
  userId?: string;
  kind: 'none' | 'cookie' | 'bearer' | 'satellite' | 'registration';
  headers: Headers;
}

export function callersOf(w: World, freshRegistrationToken: string): Caller[] {
  const cookie = (name: string, account: { id: string; headers: Headers }): Caller => ({
    name,
    anonymous: false,
    userId: account.id,
    kind: 'cookie',
    headers: account.headers,
  });
  return [
    { name: 'anonymous', anonymous: true, kind: 'none', headers: {} },
    cookie('global_admin', w.root),
    cookie('team_admin', w.alice),
    cookie('team_user', w.bob),
    cookie('global_user', w.carol),
    cookie('other_team_user', w.dave),
    {
      name: 'bearer_all_scopes',
      anonymous: false,
      userId: w.alice.id,
      kind: 'bearer',
      headers: w.bearerAll,
    },
    {
      name: 'bearer_no_scope',
      anonymous: false,
      userId: w.alice.id,
      kind: 'bearer',
      headers: w.bearerNoScope,
    },
    { name: 'satellite_t', anonymous: false, kind: 'satellite', headers: w.satT.headers },
    { name: 'satellite_g', anonymous: false, kind: 'satellite', headers: w.satG.headers },
    {
      name: 'registration_token',
      anonymous: false,
      kind: 'registration',
      headers: { authorization: `Bearer ${freshRegistrationToken}` },
    },
  ];
}

const printable = fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, ''));

/** Credentials that are not valid: the caller is anonymous whatever the route. */
export const garbageCredentials: fc.Arbitrary<Headers> = fc.oneof(
  printable.map((s) => ({ authorization: `Bearer ${s}x` })),
  fc.constantFrom<Headers>(
    { authorization: 'Bearer ssk_abc_def' },
    { authorization: 'Bearer ssk_' },
    { authorization: 'Bearer service_satellite_eyJhbGciOiJub25lIn0.e30.' },
    { authorization: 'Basic Zm9vOmJhcg==' },
    { authorization: 'Bearer' },
    { authorization: 'Bearer a b' },
    { cookie: 'auth_session=ses_x.y' },
    { cookie: 'auth_session=' },
    { cookie: 'auth_session=%' },
    { cookie: 'auth_session="unterminated' },
    { cookie: ';;;=' },
  ),
  printable.map((s) => ({ cookie: `auth_session=${s}` })),
);

/** Real values for fields and parameters named like the world's records. */
export function hintsOf(w: World): Hints {
  const users = [w.root, w.alice, w.bob, w.carol, w.dave];
  return {
    teamId: [w.teamId, w.otherTeamId],
    team_id: [w.teamId, w.otherTeamId],
    installationId: [w.installationId],
    installation_id: [w.installationId],
    satelliteId: [w.satT.id, w.satG.id],
    satellite_id: [w.satT.id, w.satG.id],
    userId: users.map((u) => u.id),
    user_id: users.map((u) => u.id),
    server_id: [w.serverId, 'clock'],
    server_slug: ['clock'],
    version_id: [w.versionId],
    versionId: [w.versionId],
    category_id: [w.categoryId],
    move_servers_to: [w.categoryId],
    commandId: [w.commandId],
    notificationId: [w.notificationId],
    tokenId: [w.tokenId],
    key: ['auth.registration_enabled', 'docs.enabled', 'smtp.port', 'smtp.password'],
    // Keys of free-form objects (settings values, configuration values).
    __keys: ['auth.registration_enabled', 'docs.enabled', 'smtp.port', 'API_KEY', 'token'],
    login: [...users.map((u) => u.username), w.carol.email],
    password: [PASSWORD],
    current_password: [PASSWORD],
    client_id: ['service-gateway-cli'],
    redirect_uri: ['http://127.0.0.1:8976/oauth/callback'],
    response_type: ['code'],
    code_challenge_method: ['S256'],
    grant_type: ['authorization_code', 'refresh_token'],
    scope: ['mcp:read', 'teams:read offline_access'],
    since: ['2000-01-01T00:00:00.000Z'],
    limit: ['1', '100', '20'],
    offset: ['0', '1', '999999999999999'],
  };
}

/** The real id for a path parameter of this operation, before any scratch record replaces it. */
export function fixtureParam(op: Operation, name: string, w: World): string {
  if (name === 'id') {
    if (op.path.startsWith('/api/mcp/categories')) return w.categoryId;
    if (op.path.startsWith('/api/mcp/servers')) return w.serverId;
    if (op.path.startsWith('/api/plugin/example-plugin')) return w.exampleId;
    // No sync run exists in the fuzzer's world (a real one would reach out to a registry).
    if (op.path.startsWith('/api/registry/sync/runs')) return 'rsr_none';
  }
  const known: Record<string, string> = {
    // Registry API names: no imported entry, so the answers are its 404 `{error}`.
    serverName: 'com.example/none',
    version: 'latest',
    teamId: w.teamId,
    installationId: w.installationId,
    satelliteId: w.satT.id,
    userId: w.carol.id,
    versionId: w.versionId,
    commandId: w.commandId,
    notificationId: w.notificationId,
    tokenId: w.tokenId,
    key: 'auth.registration_enabled',
    grantId: 'ogr_none',
    // No real client: revoking one would end the fuzzer's own OAuth tokens.
    clientId: 'ocl_none',
    // A tool of the world's installation, as its server names it.
    toolName: 'read_file',
  };
  const value = known[name];
  if (value === undefined) throw new Error(`no fixture for path parameter ${name} of ${op.id}`);
  return value;
}

export type ParamChoice = { kind: 'fixture' } | { kind: 'literal'; value: string; raw: boolean };

/**
 * A path parameter: the operation's own record (most often), another real record, or junk.
 * Operations that delete or disable what they name never get another real record: it could be
 * one the fuzzer's callers rely on (see destructive.ts).
 */
export function paramChoice(w: World, destructive: boolean): fc.Arbitrary<ParamChoice> {
  const otherIds = destructive
    ? ['usr_00000000000000000000000', 'team_000000000000000000000']
    : [w.otherTeamId, w.satG.id, w.root.id, w.categoryId, w.serverId, w.installationId];
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant({ kind: 'fixture' as const }) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...otherIds)
        .map((value) => ({ kind: 'literal' as const, value, raw: false })),
    },
    {
      weight: 2,
      arbitrary: nastyString
        .filter((s) => s.length > 0)
        .map((value) => ({ kind: 'literal' as const, value, raw: false })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('%', '%zz', '..', 'a%2Fb', '%00', '~', "'", 'x'.repeat(5000))
        .map((value) => ({ kind: 'literal' as const, value, raw: true })),
    },
  );
}

export interface QueryShape {
  values: Record<string, unknown>;
  extra: string;
}

/** A query string: valid, on the bounds, or broken in one way. */
export function queryArbitrary(op: Operation, hints: Hints): fc.Arbitrary<QueryShape> {
  const params = op.queryParams;
  const record = (mode: 'valid' | 'edge') => {
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const p of params) {
      const arbitrary = schemaArbitrary(p.schema, mode, {});
      const hinted = hints[p.name];
      model[p.name] =
        hinted && mode === 'valid' ? fc.oneof(fc.constantFrom(...hinted), arbitrary) : arbitrary;
    }
    return fc.record(model, {
      requiredKeys: params.filter((p) => p.required).map((p) => p.name),
    });
  };
  const noExtra = (values: Record<string, unknown>) => ({ values, extra: '' });
  return fc.oneof(
    { weight: 5, arbitrary: record('valid').map(noExtra) },
    { weight: 2, arbitrary: record('edge').map(noExtra) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          record('valid'),
          fc.oneof(
            printable.map((k) => `${encodeURIComponent(k || 'unknown')}=1`),
            fc
              .constantFrom(...(params.length ? params.map((p) => p.name) : ['limit']))
              .chain((name) =>
                nastyString.map((v) => `${name}=${encodeURIComponent(v)}&${name}=2`),
              ),
            fc.constantFrom('%', 'a=%ZZ', '&&', '=x', 'limit[]=1', 'offset=-1', 'limit=0x10'),
          ),
        )
        .map(([values, extra]) => ({ values, extra })),
    },
  );
}

export function queryString(shape: QueryShape): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(shape.values)) {
    if (v === undefined) continue;
    search.append(k, v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));
  }
  const parts = [search.toString(), shape.extra].filter((s) => s.length > 0);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

export interface BodyShape {
  contentType?: string;
  payload?: string;
}

const OTHER_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'application/json, text/plain',
];

function formEncoded(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return String(value);
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(value)) {
    search.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  return search.toString();
}

/** A request body: valid, on the bounds, malformed, not JSON, of another type, or missing. */
export function bodyArbitrary(
  op: Operation,
  hints: Hints,
  bodyLimit: number,
  overrides: Partial<Record<string, fc.Arbitrary<unknown>>> = {},
): fc.Arbitrary<BodyShape> {
  const asJson = (value: unknown): BodyShape => ({
    contentType: 'application/json',
    payload: JSON.stringify(value),
  });
  const none = fc.constant<BodyShape>({});
  const rawJson = fc
    .oneof(
      nastyString,
      fc.constantFrom(
        '{"a":',
        '{"events":[',
        '[',
        '"',
        '{}}',
        'nul',
        '{"__proto__":{"x":1}}',
        '\ufeff{}',
      ),
    )
    .map((payload) => ({ contentType: 'application/json', payload }));
  const huge = fc.constant<BodyShape>({
    contentType: 'application/json',
    payload: JSON.stringify({ filler: 'x'.repeat(bodyLimit + 16) }),
  });
  if (!op.body) {
    return fc.oneof(
      { weight: 6, arbitrary: none },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map(asJson) },
      { weight: 1, arbitrary: rawJson },
    );
  }
  const schema: Schema = op.body.schema;
  const valid = overrides.valid ?? schemaArbitrary(schema, 'valid', hints);
  const variants: Array<fc.WeightedArbitrary<BodyShape>> = [
    { weight: 12, arbitrary: valid.map(asJson) },
    { weight: 3, arbitrary: schemaArbitrary(schema, 'edge', hints).map(asJson) },
    { weight: 3, arbitrary: malformedBody(schema, hints).map(asJson) },
    { weight: 1, arbitrary: rawJson },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...OTHER_TYPES), valid).map(([contentType, value]) => ({
        contentType,
        payload: contentType.includes('form-urlencoded')
          ? formEncoded(value)
          : JSON.stringify(value),
      })),
    },
    { weight: 1, arbitrary: none },
    {
      weight: 1,
      arbitrary: fc.constant<BodyShape>({ contentType: 'application/json', payload: '' }),
    },
  ];
  // Small odds, but every operation meets a body over the limit in a longer run.
  variants.push({ weight: 1, arbitrary: huge });
  // Deep and wide values in any place of a valid body, up to half the body limit.
  variants.push({
    weight: 2,
    arbitrary: documentBody(valid, bodyLimit / 2).map((payload) => ({
      contentType: 'application/json',
      payload,
    })),
  });
  return fc.oneof(...variants);
}

/** Extra headers a client might send, valid or not. */
export const extraHeaders: fc.Arbitrary<Headers> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        accept: fc.constantFrom('text/html', '*/*', 'application/xml', 'text/event-stream', ''),
        'x-request-id': printable,
        'if-none-match': fc.oneof(printable, fc.constant('*')),
        'last-event-id': printable,
        origin: fc.constantFrom('http://localhost:3000', 'https://evil.example', 'null'),
        'accept-language': printable,
        'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not an address', '::1, 10.0.0.1'),
      },
      { requiredKeys: [] },
    ),
  },
);
