import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slugFor } from '../../../src/modules/registry/mapping.js';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createServer } from '../../helpers/catalogue.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { ALL_TYPES, entry, MCPB, npmDoc, NPM, OCI, PYPI, NUGET } from './fixtures.js';

let t: TestApp;
let admin: Account;
let member: Account;

beforeAll(async () => {
  t = await createTestApp();
  admin = await register(t.app, 'admin');
  member = await register(t.app, 'member');
});
afterAll(async () => t?.close());

async function importDocs(body: unknown, query = '') {
  return t.app.inject({
    method: 'POST',
    url: `/api/registry/import${query}`,
    headers: { ...json, ...admin.headers },
    payload: JSON.stringify(body),
  });
}

async function server(slug: string) {
  const res = await t.app.inject({ url: `/api/mcp/servers/${slug}`, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.server;
}

const fieldNames = (section: {
  args: { name: string }[];
  env: { name: string }[];
  headers: { name: string }[];
}) => ({
  args: section.args.map((f) => f.name),
  env: section.env.map((f) => f.name),
  headers: section.headers.map((f) => f.name),
});

describe('importing server.json documents', () => {
  it('refuses members without the catalogue permission', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/registry/import',
      headers: { ...json, ...member.headers },
      payload: JSON.stringify(NPM),
    });
    expect(res.statusCode).toBe(403);
  });

  it('imports every package type and remotes in one array', async () => {
    const res = await importDocs(ALL_TYPES);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.result).toMatchObject({
      created: ALL_TYPES.length,
      failed: 0,
      updated: 0,
    });
  });

  it('maps an npm package: command, arguments, fields at template, team and user level', async () => {
    const s = await server('io-github-acme-notes');
    expect(s).toMatchObject({
      name: 'Acme Notes',
      description: 'Notes for models',
      homepage: 'https://acme.example.com/notes',
      repository_url: 'https://github.com/acme/notes',
      transport: 'stdio',
      runtime: 'node',
      command: 'npx',
      package: '@acme/notes@1.2.0',
      args: ['-y', '@acme/notes@1.2.0', 'serve'],
      url: null,
      status: 'active',
    });
    expect(fieldNames(s.config_schema.template)).toEqual({
      args: [],
      env: ['NOTES_LOG'],
      headers: [],
    });
    expect(fieldNames(s.config_schema.team)).toEqual({
      args: ['mode', 'notes_dir'],
      env: ['NOTES_REGION'],
      headers: [],
    });
    expect(fieldNames(s.config_schema.user)).toEqual({
      args: [],
      env: ['NOTES_TOKEN'],
      headers: [],
    });
    expect(s.config_schema.team.args[0]).toMatchObject({
      choices: ['--mode=fast', '--mode=safe'],
      default: '--mode=safe',
      placeholder: '--mode=<value>',
    });
    expect(s.config_schema.team.args[1]).toMatchObject({ required: true, format: 'filepath' });
    expect(s.config_schema.team.env[0]).toMatchObject({ default: 'eu', placeholder: 'eu or us' });
    expect(s.config_schema.user.env[0]).toMatchObject({ required: true, secret: true });
    expect(s.config_schema.template.env[0]).toMatchObject({ default: 'info' });
  });

  it('maps pypi, nuget, oci and mcpb packages to their runners', async () => {
    expect(await server('io-github-acme-weather')).toMatchObject({
      runtime: 'python',
      command: 'uvx',
      package: 'acme-weather==0.4.1',
      args: ['--python=3.12', 'acme-weather==0.4.1'],
    });
    expect((await server('io-github-acme-weather')).config_schema.user.env[0]).toMatchObject({
      name: 'WEATHER_KEY',
      secret: true,
    });
    expect(await server('com-example-dotnet-tools')).toMatchObject({
      runtime: 'dotnet',
      command: 'dnx',
      package: 'Example.Mcp@2.0.0',
    });
    expect(await server('com-example-container')).toMatchObject({
      runtime: 'docker',
      command: 'docker',
      args: ['run', '-i', '--rm', '-e', 'API_KEY', 'ghcr.io/example/container:3.1.0'],
    });
    expect(await server('com-example-bundle')).toMatchObject({
      runtime: 'mcpb',
      package: MCPB.packages[0]!.identifier,
    });
  });

  it('maps remotes: URL template variables and headers, secrets per member', async () => {
    const s = await server('com-example-hosted');
    expect(s).toMatchObject({
      transport: 'http',
      url: 'https://{tenant}.example.com/mcp',
      command: null,
    });
    expect(fieldNames(s.config_schema.team)).toEqual({
      args: ['tenant'],
      env: [],
      headers: ['X-Workspace'],
    });
    expect(fieldNames(s.config_schema.user)).toEqual({
      args: [],
      env: [],
      headers: ['Authorization'],
    });
    expect(await server('com-example-events')).toMatchObject({
      transport: 'sse',
      url: 'https://events.example.com/sse',
    });
  });

  it('keeps the raw document and serves it back unchanged', async () => {
    const res = await t.app.inject({
      url: `/v0.1/servers/${encodeURIComponent(NPM.name)}/versions/1.2.0`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().server).toEqual(NPM);
  });

  it('serves fields it does not know back unchanged, at any depth', async () => {
    const doc = npmDoc('com.example/future', '1.0.0', { futureField: { a: 1 } });
    (doc.packages[0] as Record<string, unknown>).futurePackageField = ['x'];
    expect((await importDocs(doc)).statusCode).toBe(200);
    const res = await t.app.inject({
      url: `/v0.1/servers/${encodeURIComponent(doc.name)}/versions/latest`,
      headers: admin.headers,
    });
    expect(res.json().server).toEqual(doc);
  });

  it('counts a second identical import as unchanged', async () => {
    const res = await importDocs([NPM, PYPI, NUGET, OCI]);
    expect(res.json().data.result).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 4,
      failed: 0,
    });
  });

  it('adds versions and honours isLatest from registry metadata', async () => {
    const name = 'com.example/versions';
    const res = await importDocs([
      entry(npmDoc(name, '1.0.0'), { isLatest: false }),
      entry(npmDoc(name, '2.0.0'), { isLatest: true }),
      entry(npmDoc(name, '1.5.0'), { isLatest: false }),
    ]);
    expect(res.json().data.result).toMatchObject({ created: 3, failed: 0 });
    const s = await server('com-example-versions');
    const versions = await t.app.inject({
      url: `/api/mcp/servers/${s.id}/versions`,
      headers: admin.headers,
    });
    const list = versions.json().data.versions as Array<{ version: string; is_latest: boolean }>;
    expect(list.map((v) => v.version).sort()).toEqual(['1.0.0', '1.5.0', '2.0.0']);
    expect(list.filter((v) => v.is_latest).map((v) => v.version)).toEqual(['2.0.0']);
    expect(s.package).toBe('@test/versions@2.0.0');

    // A bare document (no registry metadata) of a new version becomes the latest.
    await importDocs(npmDoc(name, '3.0.0'));
    const after = await t.app.inject({
      url: `/api/mcp/servers/${s.id}/versions`,
      headers: admin.headers,
    });
    const latest = (
      after.json().data.versions as Array<{ version: string; is_latest: boolean }>
    ).filter((v) => v.is_latest);
    expect(latest.map((v) => v.version)).toEqual(['3.0.0']);
    expect((await server('com-example-versions')).package).toBe('@test/versions@3.0.0');

    // Re-importing an older version changes that version, not which one is the latest.
    const older = await importDocs(npmDoc(name, '1.0.0', { description: 'Older, reworded' }));
    expect(older.json().data.result).toMatchObject({ updated: 1, created: 0 });
    const still = await t.app.inject({
      url: `/api/mcp/servers/${s.id}/versions`,
      headers: admin.headers,
    });
    expect(
      (still.json().data.versions as Array<{ version: string; is_latest: boolean }>)
        .filter((v) => v.is_latest)
        .map((v) => v.version),
    ).toEqual(['3.0.0']);
    expect((await server('com-example-versions')).package).toBe('@test/versions@3.0.0');
  });

  it('records deprecated and deleted upstream status; a deleted server cannot be installed', async () => {
    const res = await importDocs([
      entry(npmDoc('com.example/old', '1.0.0'), {
        status: 'deprecated',
        statusMessage: 'Use com.example/new',
      }),
      entry(npmDoc('com.example/gone', '1.0.0'), { status: 'deleted' }),
    ]);
    expect(res.json().data.result).toMatchObject({ created: 2, failed: 0 });
    expect((await server('com-example-old')).status).toBe('deprecated');
    const gone = await server('com-example-gone');
    expect(gone.status).toBe('deleted');
    const teams = await t.app.inject({ url: '/api/users/me/teams', headers: admin.headers });
    const teamId = teams.json().data.teams[0].id;
    const install = await t.app.inject({
      method: 'POST',
      url: `/api/teams/${teamId}/mcp/installations`,
      headers: { ...json, ...admin.headers },
      payload: { server_id: gone.id },
    });
    expect(install.statusCode, install.body).toBe(409);
    expect(install.json().code).toBe('SERVER_DELETED');
    // Only a registry sets `deleted`; an administrator cannot type it in.
    const byHand = await t.app.inject({
      method: 'PUT',
      url: `/api/mcp/servers/global/${(await server('com-example-old')).id}`,
      headers: { ...json, ...admin.headers },
      payload: { status: 'deleted' },
    });
    expect(byHand.statusCode).toBe(400);
  });

  it('notifies teams that have a server installed when it becomes deprecated or deleted', async () => {
    const name = 'com.example/watched';
    await importDocs(entry(npmDoc(name, '1.0.0')));
    const s = await server('com-example-watched');
    const teams = await t.app.inject({ url: '/api/users/me/teams', headers: member.headers });
    const teamId = teams.json().data.teams[0].id;
    const install = await t.app.inject({
      method: 'POST',
      url: `/api/teams/${teamId}/mcp/installations`,
      headers: { ...json, ...member.headers },
      payload: { server_id: s.id },
    });
    expect(install.statusCode, install.body).toBe(201);

    await importDocs(
      entry(npmDoc(name, '1.0.0'), { status: 'deprecated', updatedAt: '2025-09-02T10:00:00Z' }),
    );
    await importDocs(
      entry(npmDoc(name, '1.0.0'), { status: 'deleted', updatedAt: '2025-09-03T10:00:00Z' }),
    );
    const res = await t.app.inject({
      url: `/api/teams/${teamId}/notifications`,
      headers: member.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const types = (
      res.json().data.notifications as Array<{ type: string; data: { server_id: string } }>
    )
      .filter((n) => n.data.server_id === s.id)
      .map((n) => n.type)
      .sort();
    expect(types).toEqual(['server.deleted', 'server.deprecated']);
    // The existing installation stays.
    const still = await t.app.inject({
      url: `/api/teams/${teamId}/mcp/installations`,
      headers: member.headers,
    });
    expect(still.json().data.installations.map((i: { id: string }) => i.id)).toContain(
      install.json().data.installation.id,
    );
  });

  it('keeps local edits instead of overwriting them, and says so', async () => {
    const name = 'com.example/edited';
    await importDocs(npmDoc(name, '1.0.0'));
    const s = await server('com-example-edited');
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/mcp/servers/global/${s.id}`,
      headers: { ...json, ...admin.headers },
      payload: { description: 'Our own words' },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const res = await importDocs([npmDoc(name, '1.1.0', { description: 'Upstream words' })]);
    expect(res.json().data.result).toMatchObject({ created: 1, local_edits_kept: [name] });
    expect(res.json().data.result.failures[0].reason).toMatch(/local edits kept/);
    expect((await server('com-example-edited')).description).toBe('Our own words');

    const forced = await importDocs(
      [npmDoc(name, '1.2.0', { description: 'Upstream again' })],
      '?overwrite_local_edits=true',
    );
    expect(forced.json().data.result.local_edits_kept).toEqual([]);
    expect((await server('com-example-edited')).description).toBe('Upstream again');
  });

  it('gives a readable 400 for a single malformed document and imports nothing', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ ...NPM, name: 'no-slash-here' }, /name must be reverse-DNS/],
      [{ ...NPM, name: 'com.example/bad name' }, /name must be reverse-DNS/],
      [
        {
          ...NPM,
          $schema: 'https://static.modelcontextprotocol.io/schemas/2025-07-09/server.schema.json',
        },
        /2025-12-11/,
      ],
      [{ ...NPM, version: '^1.0.0' }, /specific version/],
      [{ name: 'com.example/x', version: '1.0.0' }, /description/],
      [
        {
          ...MCPB,
          name: 'com.example/nosha',
          packages: [{ ...MCPB.packages[0], fileSha256: undefined }],
        },
        /fileSha256/,
      ],
      [
        { name: 'com.example/nothing', description: 'd', version: '1.0.0' },
        /neither packages nor remotes/,
      ],
    ];
    for (const [doc, reason] of cases) {
      const res = await importDocs(doc);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatch(reason);
    }
    const none = await t.app.inject({
      url: '/api/mcp/servers/search?q=nothing',
      headers: admin.headers,
    });
    expect(
      none.json().data.servers.filter((s: { slug: string }) => s.slug === 'com-example-nothing'),
    ).toEqual([]);
  });

  it('imports the good entries of an array and reports each bad one', async () => {
    const res = await importDocs([
      npmDoc('com.example/good', '1.0.0'),
      { name: 'bad' },
      42,
      npmDoc('com.example/good2', '1.0.0'),
    ]);
    expect(res.statusCode).toBe(200);
    const result = res.json().data.result;
    expect(result).toMatchObject({ created: 2, failed: 2 });
    expect(result.failures).toHaveLength(2);
    expect(result.failures[1].reason).toMatch(/not a JSON object/);
  });

  it('refuses a body that is neither a document nor an array, and an oversized array', async () => {
    expect((await importDocs('text')).statusCode).toBe(400);
    expect((await importDocs([])).statusCode).toBe(400);
    const many = Array.from({ length: 1001 }, (_, i) => npmDoc(`com.example/many${i}`, '1.0.0'));
    expect((await importDocs(many)).statusCode).toBe(400);
  });

  it('gives a new server a suffixed slug when a hand-made one holds its own', async () => {
    await createServer(t.app, admin.headers, { name: 'Hand made', slug: 'com-example-taken' });
    await importDocs(npmDoc('com.example/taken', '1.0.0'));
    const res = await t.app.inject({
      url: `/v0.1/servers/${encodeURIComponent('com.example/taken')}/versions/latest`,
      headers: admin.headers,
    });
    expect(res.json()._meta['dev.groundstation/catalogue'].slug).toBe(
      slugFor('com.example/taken', 'x'),
    );
  });

  it('applies the other servers of a batch when one cannot be saved, and nothing of that one', async () => {
    // Both slugs the clashing name could take are held by hand-made servers.
    await createServer(t.app, admin.headers, {
      name: 'Clash 1',
      slug: slugFor('com.example/clash'),
    });
    await createServer(t.app, admin.headers, {
      name: 'Clash 2',
      slug: slugFor('com.example/clash', 'x'),
    });
    const res = await importDocs([
      npmDoc('com.example/before-clash', '1.0.0'),
      npmDoc('com.example/clash', '1.0.0'),
      npmDoc('com.example/clash', '1.1.0'),
      npmDoc('com.example/after-clash', '1.0.0'),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.result).toMatchObject({ created: 2, failed: 2 });
    expect(res.json().data.result.failures.map((f: { version: string }) => f.version)).toEqual([
      '1.0.0',
      '1.1.0',
    ]);
    expect(res.json().data.result.failures[0].reason).toMatch(/no free catalogue slug/);
    const versions = await t.app.inject({
      url: `/v0.1/servers/${encodeURIComponent('com.example/clash')}/versions`,
      headers: admin.headers,
    });
    expect(versions.statusCode).toBe(404);
    expect(await server('com-example-before-clash')).toMatchObject({ status: 'active' });
    expect(await server('com-example-after-clash')).toMatchObject({ status: 'active' });
  });

  it('loads the starter catalogue once; loading it again changes nothing', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/registry/starter',
      headers: admin.headers,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.result.created).toBeGreaterThanOrEqual(5);
    expect(first.json().data.result.failed).toBe(0);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/registry/starter',
      headers: admin.headers,
    });
    expect(again.json().data.result).toMatchObject({ created: 0, updated: 0, failed: 0 });
    expect((await server('io-github-modelcontextprotocol-filesystem')).command).toBe('npx');
  });
});
