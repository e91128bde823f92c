/**
 * Tokens of instances that go without the member disconnecting (here: the installation is
 * removed) are revoked at the server by the upstream-oauth-revocations job; a Disconnect revokes
 * at once and leaves nothing queued. The server and its authorization server are real HTTP
 * servers on this machine (test/helpers/upstream-oauth.ts).
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mcpServerInstances,
  upstreamOauthRevocations,
  upstreamOauthTokens,
} from '../../../src/db/schema/index.js';
import { decryptSecret } from '../../../src/lib/crypto.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { register, type Account } from '../../helpers/accounts.js';
import { createServer, installServer } from '../../helpers/catalogue.js';
import { freePort } from '../../helpers/process.js';
import { browserSignIn, startUpstream, type Upstream } from '../../helpers/upstream-oauth.js';

const ENCRYPTION_KEY = randomBytes(32).toString('hex');
const key = Buffer.from(ENCRYPTION_KEY, 'hex');
let t: TestApp;
let base: string;
let upstream: Upstream;
let admin: Account;
let team: string;
let server: string;

beforeAll(async () => {
  upstream = await startUpstream();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    env: {
      UPSTREAM_OAUTH_ALLOW_PRIVATE_ADDRESSES: 'true',
      ENCRYPTION_KEY,
      BASE_URL: base,
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  admin = await register(t.app, 'admin');
  team = (await t.app.inject({ url: '/api/teams/me/default', headers: admin.headers })).json().data
    .team.id;
  server = (
    await createServer(t.app, admin.headers, {
      name: 'Tracker',
      transport: 'http',
      command: null,
      url: upstream.mcpUrl,
      requires_oauth: true,
    })
  ).id;
});
afterAll(async () => {
  await t?.close();
  await upstream?.close();
});

/** Installs the server and signs the admin in to it, as a browser does; its tokens, decrypted. */
let installs = 0;
async function installedAndSignedIn() {
  const installation = (
    await installServer(t.app, team, admin.headers, {
      server_id: server,
      name: `Tracker ${++installs}`,
    })
  ).id;
  const oauth = `/api/teams/${team}/mcp/installations/${installation}/oauth`;
  const { callback } = await browserSignIn(base, oauth, admin.cookie);
  const back = await fetch(callback, {
    redirect: 'manual',
    headers: { cookie: admin.cookie },
  });
  expect(back.headers.get('location')).toContain('upstream_oauth=connected');
  const [instance] = await t.database.db.orm
    .select({ id: mcpServerInstances.id })
    .from(mcpServerInstances)
    .where(eq(mcpServerInstances.installationId, installation));
  const [row] = await t.database.db.orm
    .select()
    .from(upstreamOauthTokens)
    .where(eq(upstreamOauthTokens.instanceId, instance!.id));
  return {
    installation,
    oauth,
    instanceId: instance!.id,
    stored: row!,
    access: decryptSecret(row!.accessToken, key),
    refresh: decryptSecret(row!.refreshToken!, key),
  };
}

const removeInstallation = (installation: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/teams/${team}/mcp/installations/${installation}`,
    headers: admin.headers,
  });

/** Moves the queued entries' deletion this many seconds into the past. */
const sinceDeletion = (seconds: number) =>
  t.database.db.orm
    .update(upstreamOauthRevocations)
    .set({ createdAt: sql`now() - make_interval(secs => ${seconds})` });

const queued = () => t.database.db.orm.select().from(upstreamOauthRevocations);
const runJob = () => t.app.jobs.run('upstream-oauth-revocations');

describe('tokens of instances that went', () => {
  it('are revoked at the server by the job, kept encrypted until then', async () => {
    const signedIn = await installedAndSignedIn();
    expect(upstream.accepts(signedIn.access)).toBe(true);
    expect((await removeInstallation(signedIn.installation)).statusCode).toBe(200);

    const [entry, ...more] = await queued();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      instanceId: signedIn.instanceId,
      accessToken: signedIn.stored.accessToken,
      refreshToken: signedIn.stored.refreshToken,
      attempts: 0,
    });
    expect(entry!.accessToken).toMatch(/^v2:/);
    expect(upstream.state.revoked).not.toContain(signedIn.access);

    expect(await runJob()).toBe(true);
    expect(upstream.state.revoked).toEqual(
      expect.arrayContaining([signedIn.refresh, signedIn.access]),
    );
    expect(upstream.accepts(signedIn.access)).toBe(false);
    expect(await queued()).toEqual([]);
  });

  it('are asked for again later when the server fails, and dropped after five tries', async () => {
    const signedIn = await installedAndSignedIn();
    await removeInstallation(signedIn.installation);
    upstream.state.failRevoke = true;
    try {
      for (let attempt = 1; attempt <= 4; attempt++) {
        await runJob();
        expect((await queued()).map((entry) => entry.attempts)).toEqual([attempt]);
        // Not due again yet: 2^attempt - 1 minutes after the deletion.
        await runJob();
        expect((await queued()).map((entry) => entry.attempts)).toEqual([attempt]);
        await sinceDeletion((2 ** attempt - 1) * 60);
      }
      await runJob();
      expect(await queued()).toEqual([]);
    } finally {
      upstream.state.failRevoke = false;
    }
    expect(upstream.state.revoked).not.toContain(signedIn.access);
  });

  it('drops an entry no key here can read', async () => {
    const signedIn = await installedAndSignedIn();
    await removeInstallation(signedIn.installation);
    await t.database.db.orm
      .update(upstreamOauthRevocations)
      .set({ accessToken: 'v2:not-a-ciphertext' });
    expect(await runJob()).toBe(true);
    expect(await queued()).toEqual([]);
    expect(upstream.state.revoked).not.toContain(signedIn.refresh);
  });
});

describe('a Disconnect', () => {
  it('revokes at once and leaves nothing queued', async () => {
    const signedIn = await installedAndSignedIn();
    const res = await t.app.inject({
      method: 'DELETE',
      url: signedIn.oauth,
      headers: admin.headers,
    });
    expect(res.json().data).toEqual({ revoked: true });
    expect(upstream.state.revoked).toContain(signedIn.refresh);
    expect(await queued()).toEqual([]);
  });

  it('leaves queued what the server did not take, for the job', async () => {
    const signedIn = await installedAndSignedIn();
    upstream.state.failRevoke = true;
    try {
      const res = await t.app.inject({
        method: 'DELETE',
        url: signedIn.oauth,
        headers: admin.headers,
      });
      expect(res.json().data).toEqual({ revoked: false });
      expect((await queued()).map((entry) => entry.instanceId)).toEqual([signedIn.instanceId]);
    } finally {
      upstream.state.failRevoke = false;
    }
    await runJob();
    expect(upstream.state.revoked).toContain(signedIn.access);
    expect(await queued()).toEqual([]);
  });
});
