import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyRing, keyId } from '../../../src/lib/crypto.js';
import { runEncryptionKeys } from '../../../src/cli/encryption-keys.js';
import {
  json,
  login,
  PASSWORD,
  register,
  sessionCookieOf,
  type Account,
} from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { auditEntries, lastOf, verifyReport } from '../../helpers/audit.js';
import { createServer, installServer } from '../../helpers/catalogue.js';
import {
  approveThroughConsent,
  authorizeQuery,
  CLIENT_ID,
  pkce,
  REDIRECT_URI,
  tokenRequest,
} from '../../helpers/oauth.js';
import { LOOPBACK_CA_FILE, loopbackDocumentServer } from '../../helpers/oauth-mcp.js';
import { createToken, registerSatellite } from '../../helpers/satellites.js';
import { startSmtpServer } from '../../helpers/smtp.js';
import { UNLIMITED_ENV } from '../../helpers/world.js';
import { entry, npmDoc } from '../registry/fixtures.js';

/** Values that must never reach the audit log. */
const SECRETS = {
  smtp: 'smtp-password-never-logged',
  team: 'xoxb-team-secret-never-logged',
  user: 'xoxp-user-secret-never-logged',
  newPassword: 'a brand new passphrase 42',
};

/** The service's encryption key, and the one a rotation moves the stored values to. */
const KEY_OLD = randomBytes(32);
const KEY_NEW = randomBytes(32);

let t: TestApp;
let docs: Awaited<ReturnType<typeof loopbackDocumentServer>>;
/** Client metadata documents, read at request time (their client_id needs the server's origin). */
const documents: Parameters<typeof loopbackDocumentServer>[0] = {};
/** A registry on loopback that answers one page of one server. */
let registry: http.Server;
let registryBase: string;
let root: Account;
let alice: Account;
let bob: Account;
let teamX: string;

const send = (
  method: string,
  url: string,
  who: Account | Record<string, string>,
  payload?: object,
) => {
  const headers = 'headers' in who ? (who.headers as Record<string, string>) : who;
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: payload ? { ...headers, ...json } : headers,
    ...(payload ? { payload } : {}),
  });
};
const ok = async (res: ReturnType<typeof send>, status = 200) => {
  const done = await res;
  expect(done.statusCode, done.body).toBe(status);
  return done;
};
const last = (action: string) => lastOf(t.app, root.headers, action);

beforeAll(async () => {
  docs = await loopbackDocumentServer(documents);
  registry = http.createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        servers: [entry(npmDoc('io.example/synced', '1.0.0'))],
        metadata: { count: 1 },
      }),
    ),
  );
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  registryBase = `http://127.0.0.1:${(registry.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: {
      ...UNLIMITED_ENV,
      ENCRYPTION_KEY: KEY_OLD.toString('hex'),
      OAUTH_CLIENT_METADATA_ALLOW_PRIVATE: 'true',
      OAUTH_CLIENT_METADATA_CA_FILE: LOOPBACK_CA_FILE,
      REGISTRY_ALLOW_PRIVATE_ADDRESSES: 'true',
    },
  });
  root = await register(t.app, 'root');
  alice = await register(t.app, 'alice');
  bob = await register(t.app, 'bob');
  teamX = (await ok(send('POST', '/api/teams', alice, { name: 'Team X' }), 201)).json().data.team
    .id;
});
afterAll(async () => {
  // Whatever the tests did, the chain is whole and no secret reached the log.
  const text = JSON.stringify(await auditEntries(t.app, root.headers));
  for (const secret of [...Object.values(SECRETS), PASSWORD]) expect(text).not.toContain(secret);
  expect((await verifyReport(t.app, root.headers)).valid).toBe(true);
  await t?.close();
  await docs?.close();
  registry?.closeAllConnections();
  registry?.close();
});

describe('accounts', () => {
  it('records account creation', async () => {
    expect(await last('user.created')).toMatchObject({
      actor_id: bob.id,
      target_id: bob.id,
      details: { global_role: 'global_user' },
    });
  });

  it('records sign-out', async () => {
    const session = sessionCookieOf(await login(t.app, 'bob'));
    await ok(send('POST', '/api/auth/logout', { cookie: session }));
    expect(await last('auth.sign_out')).toMatchObject({
      actor_type: 'user',
      actor_id: bob.id,
      target_id: bob.id,
    });
  });

  it('records a password change without the passwords', async () => {
    await ok(
      send('POST', '/api/users/me/password', bob, {
        current_password: PASSWORD,
        new_password: SECRETS.newPassword,
      }),
    );
    expect(await last('user.password_changed')).toMatchObject({
      actor_id: bob.id,
      target_id: bob.id,
      details: {},
    });
    await ok(
      send('POST', '/api/users/me/password', bob, {
        current_password: SECRETS.newPassword,
        new_password: PASSWORD,
      }),
    );
  });

  it('records a password reset without the token or the password', async () => {
    const smtp = await startSmtpServer();
    try {
      await ok(send('PATCH', '/api/settings', root, { values: smtp.settings }));
      await ok(send('POST', '/api/auth/password/forgot', {}, { email: bob.email }));
      const mail = [...smtp.received].reverse().find((m) => m.to.includes(bob.email))!;
      const token = /\n(etk_\S+)\n/.exec(mail.text)![1]!;
      await ok(send('POST', '/api/auth/password/reset', {}, { token, new_password: PASSWORD }));
      expect(await last('user.password_reset')).toMatchObject({
        actor_type: 'user',
        actor_id: bob.id,
        target_id: bob.id,
      });
      expect(JSON.stringify(await auditEntries(t.app, root.headers))).not.toContain(token);
    } finally {
      await smtp.close();
    }
    const cookie = sessionCookieOf(await login(t.app, 'bob'));
    bob = { ...bob, cookie, headers: { cookie } };
  });

  it('records an email change', async () => {
    await ok(
      send('PATCH', '/api/users/me', bob, {
        email: 'bob2@example.com',
        current_password: PASSWORD,
      }),
    );
    expect(await last('user.email_changed')).toMatchObject({ actor_id: bob.id, target_id: bob.id });
    expect(JSON.stringify(await last('user.email_changed'))).not.toContain('bob2@example.com');
  });

  it('records global role changes, disabling, enabling and deletion', async () => {
    await ok(send('PATCH', `/api/users/${bob.id}`, root, { global_role: 'global_admin' }));
    expect(await last('user.role_changed')).toMatchObject({
      actor_id: root.id,
      target_id: bob.id,
      details: { from: 'global_user', to: 'global_admin' },
    });
    await ok(
      send('PATCH', `/api/users/${bob.id}`, root, { global_role: 'global_user', disabled: true }),
    );
    expect(await last('user.disabled')).toMatchObject({ actor_id: root.id, target_id: bob.id });
    await ok(send('PATCH', `/api/users/${bob.id}`, root, { disabled: false }));
    expect(await last('user.enabled')).toMatchObject({ actor_id: root.id, target_id: bob.id });
    const doomed = await register(t.app, 'doomed');
    await ok(send('DELETE', `/api/users/${doomed.id}`, root));
    expect(await last('user.deleted')).toMatchObject({ actor_id: root.id, target_id: doomed.id });
  });
});

describe('teams', () => {
  it('records team creation, change, membership and role changes, and deletion', async () => {
    // Disabling bob above ended his sessions.
    const cookie = sessionCookieOf(await login(t.app, 'bob'));
    bob = { ...bob, cookie, headers: { cookie } };
    expect(await last('team.created')).toMatchObject({
      actor_id: alice.id,
      team_id: teamX,
      target_id: teamX,
    });
    await ok(send('PATCH', `/api/teams/${teamX}`, alice, { description: 'ours' }));
    expect(await last('team.updated')).toMatchObject({
      team_id: teamX,
      details: { fields: ['description'] },
    });
    await ok(send('POST', `/api/teams/${teamX}/members`, alice, { login: 'bob' }), 201);
    expect(await last('team.member_added')).toMatchObject({
      team_id: teamX,
      target_id: bob.id,
      details: { role: 'team_user' },
    });
    await ok(send('PATCH', `/api/teams/${teamX}/members/${bob.id}`, alice, { role: 'team_admin' }));
    expect(await last('team.member_role_changed')).toMatchObject({
      team_id: teamX,
      target_id: bob.id,
      details: { from: 'team_user', to: 'team_admin' },
    });
    await ok(send('DELETE', `/api/teams/${teamX}/members/${bob.id}`, bob));
    expect(await last('team.member_removed')).toMatchObject({
      actor_id: bob.id,
      team_id: teamX,
      details: { left: true },
    });
    const doomed = (await ok(send('POST', '/api/teams', alice, { name: 'Doomed' }), 201)).json()
      .data.team.id;
    await ok(send('DELETE', `/api/teams/${doomed}`, alice));
    expect(await last('team.deleted')).toMatchObject({
      actor_id: alice.id,
      team_id: doomed,
      target_id: doomed,
    });
  });
});

describe('satellites', () => {
  it('records registration tokens, pairing, key rotation, disabling and deletion', async () => {
    const token = await createToken(t.app, alice.headers, { scope: 'team', team_id: teamX });
    const created = await last('satellite.registration_token_created');
    expect(created).toMatchObject({ actor_id: alice.id, team_id: teamX, target_id: token.id });
    const sat = await registerSatellite(t.app, token.token, 'sat-audit');
    expect(await last('satellite.paired')).toMatchObject({
      actor_type: 'satellite',
      actor_id: sat.id,
      team_id: teamX,
      details: { registration_token_id: token.id },
    });
    const rotated = (await ok(send('POST', `/api/satellites/${sat.id}/rotate-key`, alice))).json()
      .data;
    expect(await last('satellite.key_rotated')).toMatchObject({
      actor_id: alice.id,
      team_id: teamX,
      target_id: sat.id,
    });
    await ok(send('PATCH', `/api/satellites/${sat.id}`, alice, { disabled: true }));
    expect(await last('satellite.disabled')).toMatchObject({
      actor_id: alice.id,
      target_id: sat.id,
    });
    await ok(send('PATCH', `/api/satellites/${sat.id}`, alice, { disabled: false }));
    expect(await last('satellite.enabled')).toMatchObject({ target_id: sat.id });
    await ok(send('DELETE', `/api/satellites/${sat.id}`, alice));
    expect(await last('satellite.deleted')).toMatchObject({
      actor_id: alice.id,
      team_id: teamX,
      target_id: sat.id,
    });
    const spare = await createToken(t.app, alice.headers, { scope: 'team', team_id: teamX });
    await ok(send('DELETE', `/api/satellites/registration-tokens/${spare.id}`, alice));
    expect(await last('satellite.registration_token_revoked')).toMatchObject({
      actor_id: alice.id,
      team_id: teamX,
      target_id: spare.id,
    });
    const text = JSON.stringify(await auditEntries(t.app, root.headers));
    for (const secret of [token.token, spare.token, sat.key, rotated.api_key])
      expect(text).not.toContain(secret);
  });
});

describe('settings, catalogue and installations', () => {
  it('records settings changes by key, never by value', async () => {
    await ok(send('PATCH', '/api/settings', root, { values: { 'smtp.password': SECRETS.smtp } }));
    expect(await last('settings.changed')).toMatchObject({
      actor_id: root.id,
      details: { keys: ['smtp.password'], change: 'set' },
    });
    await ok(send('DELETE', '/api/settings/smtp.password', root));
    expect(await last('settings.changed')).toMatchObject({
      details: { keys: ['smtp.password'], change: 'reset' },
    });
  });

  it('records catalogue and installation changes by field name, never by value', async () => {
    const server = await createServer(t.app, root.headers, {
      name: 'Slack',
      config_schema: {
        team: { env: [{ name: 'SLACK_BOT_TOKEN', secret: true }] },
        user: { env: [{ name: 'SLACK_USER_TOKEN', secret: true }] },
      },
    });
    expect(await last('catalogue.server_created')).toMatchObject({
      actor_id: root.id,
      target_id: server.id,
    });
    await ok(send('PUT', `/api/mcp/servers/global/${server.id}`, root, { description: 'Chat' }));
    expect(await last('catalogue.server_updated')).toMatchObject({
      target_id: server.id,
      details: { fields: ['description'] },
    });

    const installed = await installServer(t.app, teamX, alice.headers, {
      server_id: server.id,
      team_config: { env: { SLACK_BOT_TOKEN: SECRETS.team } },
    });
    expect(await last('installation.created')).toMatchObject({
      actor_id: alice.id,
      team_id: teamX,
      target_id: installed.id,
      details: { fields: ['server_id', 'team_config.env.SLACK_BOT_TOKEN'] },
    });
    const base = `/api/teams/${teamX}/mcp/installations/${installed.id}`;
    await ok(
      send('PATCH', base, alice, {
        team_config: { env: { SLACK_BOT_TOKEN: `${SECRETS.team}-2` } },
      }),
    );
    expect(await last('installation.updated')).toMatchObject({
      details: { fields: ['team_config.env.SLACK_BOT_TOKEN'] },
    });
    await ok(
      send('PUT', `${base}/user-config`, alice, {
        values: { env: { SLACK_USER_TOKEN: SECRETS.user } },
      }),
    );
    expect(await last('installation.personal_config_changed')).toMatchObject({
      actor_id: alice.id,
      details: { fields: ['env.SLACK_USER_TOKEN'] },
    });
    await ok(send('DELETE', base, alice));
    expect(await last('installation.deleted')).toMatchObject({ target_id: installed.id });

    await ok(send('DELETE', `/api/mcp/servers/global/${server.id}`, root));
    expect(await last('catalogue.server_deleted')).toMatchObject({ target_id: server.id });
  });
});

describe('OAuth', () => {
  it('records consent and token revocation', async () => {
    const { verifier, challenge } = pkce();
    const redirect = await approveThroughConsent(
      t.app,
      alice.cookie,
      authorizeQuery({}, challenge),
    );
    expect(await last('oauth.consent_granted')).toMatchObject({
      actor_id: alice.id,
      target_type: 'oauth_client',
      target_id: CLIENT_ID,
      details: { scopes: ['teams:read', 'offline_access'] },
    });
    const tokens = await tokenRequest(t.app, {
      grant_type: 'authorization_code',
      code: redirect.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT_ID,
      code_verifier: verifier,
    });
    expect(tokens.statusCode, tokens.body).toBe(200);
    const { access_token: first, refresh_token: used } = tokens.json();
    const issued1 = await last('oauth.tokens_issued');
    expect(issued1).toMatchObject({
      actor_type: 'oauth_client',
      actor_id: CLIENT_ID,
      target_type: 'oauth_grant',
      details: {
        user_id: alice.id,
        grant_type: 'authorization_code',
        scopes: ['teams:read', 'offline_access'],
        refresh_token: true,
      },
    });
    expect(issued1.team_id).toBeTruthy();
    expect(JSON.stringify(issued1)).not.toContain(redirect.searchParams.get('code')!);
    const refreshWith = (refresh_token: string) =>
      tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token, client_id: CLIENT_ID });
    const rotated = await refreshWith(used);
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect((await refreshWith(used)).statusCode).toBe(400);
    expect(await last('oauth.refresh_token_reused')).toMatchObject({
      outcome: 'failure',
      actor_type: 'oauth_client',
      actor_id: CLIENT_ID,
      target_type: 'oauth_grant',
      details: { user_id: alice.id },
    });
    for (const secret of [first, used]) {
      expect(JSON.stringify(await auditEntries(t.app, root.headers))).not.toContain(secret);
    }

    // A fresh grant for the revocation cases.
    const again = pkce();
    const code = (
      await approveThroughConsent(t.app, alice.cookie, authorizeQuery({}, again.challenge))
    ).searchParams.get('code')!;
    const issued = await tokenRequest(t.app, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT_ID,
      code_verifier: again.verifier,
    });
    const { access_token: access, refresh_token: refresh } = issued.json();
    const revoke = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/oauth2/revoke',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token, client_id: CLIENT_ID }).toString(),
      });
    expect((await revoke(access)).statusCode).toBe(200);
    expect(await last('oauth.token_revoked')).toMatchObject({
      actor_type: 'oauth_client',
      actor_id: CLIENT_ID,
      target_type: 'access_token',
      details: { user_id: alice.id },
    });
    expect((await revoke(refresh)).statusCode).toBe(200);
    expect(await last('oauth.token_revoked')).toMatchObject({
      target_type: 'oauth_grant',
      details: { user_id: alice.id },
    });
    const text = JSON.stringify(await auditEntries(t.app, root.headers));
    for (const secret of [access, refresh]) expect(text).not.toContain(secret);
  });
});

describe('OAuth clients, refusals and revocations', () => {
  const CALLBACK = 'http://127.0.0.1:7777/callback';
  const denyFor = (clientId: string) =>
    approveThroughConsent(
      t.app,
      alice.cookie,
      authorizeQuery({ client_id: clientId, redirect_uri: CALLBACK }),
      'deny',
    );

  it('records a replayed authorization code, which revokes its grant', async () => {
    const { verifier, challenge } = pkce();
    const code = (
      await approveThroughConsent(t.app, alice.cookie, authorizeQuery({}, challenge))
    ).searchParams.get('code')!;
    const exchange = () =>
      tokenRequest(t.app, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        client_id: CLIENT_ID,
        code_verifier: verifier,
      });
    expect((await exchange()).statusCode).toBe(200);
    const grant = (await last('oauth.tokens_issued')).target_id;
    expect((await exchange()).statusCode).toBe(400);
    expect(await last('oauth.code_reused')).toMatchObject({
      outcome: 'failure',
      actor_type: 'oauth_client',
      actor_id: CLIENT_ID,
      target_type: 'oauth_grant',
      target_id: grant,
      details: { user_id: alice.id },
    });
    expect(JSON.stringify(await auditEntries(t.app, root.headers))).not.toContain(code);
  });

  it('records a dynamic registration, a consent refusal and the revocations', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/register',
      headers: json,
      payload: { client_name: 'Audit Agent', redirect_uris: [CALLBACK] },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const clientId = registered.json().client_id as string;
    expect(await last('oauth.client_registered')).toMatchObject({
      actor_type: 'oauth_client',
      actor_id: clientId,
      target_type: 'oauth_client',
      target_id: clientId,
      details: { kind: 'dynamic', redirect_uris: [CALLBACK] },
    });

    const refused = await denyFor(clientId);
    expect(refused.searchParams.get('error')).toBe('access_denied');
    expect(await last('oauth.consent_denied')).toMatchObject({
      actor_type: 'user',
      actor_id: alice.id,
      target_type: 'oauth_client',
      target_id: clientId,
      details: { scopes: ['teams:read', 'offline_access'] },
    });

    // The account ends one grant, then everything the client holds; an administrator then
    // revokes the client itself.
    const grantOf = async () => {
      const { verifier, challenge } = pkce();
      const code = (
        await approveThroughConsent(
          t.app,
          alice.cookie,
          authorizeQuery({ client_id: clientId, redirect_uri: CALLBACK }, challenge),
        )
      ).searchParams.get('code')!;
      const res = await tokenRequest(t.app, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: CALLBACK,
        client_id: clientId,
        code_verifier: verifier,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (await last('oauth.tokens_issued')).target_id as string;
    };
    const grant = await grantOf();
    await ok(send('DELETE', `/api/oauth2/grants/${grant}`, alice));
    expect(await last('oauth.token_revoked')).toMatchObject({
      actor_type: 'user',
      actor_id: alice.id,
      target_type: 'oauth_grant',
      target_id: grant,
      details: { user_id: alice.id, client_id: clientId },
    });
    await grantOf();
    await ok(
      send('DELETE', `/api/oauth2/authorized-clients/${encodeURIComponent(clientId)}`, alice),
    );
    expect(await last('oauth.token_revoked')).toMatchObject({
      actor_id: alice.id,
      target_type: 'oauth_client',
      target_id: clientId,
    });
    await ok(send('DELETE', `/api/oauth2/clients/${encodeURIComponent(clientId)}`, root));
    expect(await last('oauth.client_revoked')).toMatchObject({
      actor_type: 'user',
      actor_id: root.id,
      target_type: 'oauth_client',
      target_id: clientId,
    });
  });

  it('records a metadata-document client once, when it is first seen', async () => {
    const clientId = `${docs.origin}/agent.json`;
    documents['/agent.json'] = {
      body: JSON.stringify({
        client_id: clientId,
        client_name: 'Document Agent',
        redirect_uris: [CALLBACK],
        token_endpoint_auth_method: 'none',
      }),
    };
    await denyFor(clientId);
    await denyFor(clientId);
    const recorded = await auditEntries(
      t.app,
      root.headers,
      `&action=oauth.client_registered&target_id=${encodeURIComponent(clientId)}`,
    );
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      actor_type: 'oauth_client',
      actor_id: clientId,
      details: { kind: 'metadata_document', redirect_uris: [CALLBACK] },
    });
  });
});

describe('catalogue categories and versions', () => {
  it('records category and version changes', async () => {
    const made = (
      await ok(send('POST', '/api/mcp/categories', root, { name: 'Audited', slug: 'audited' }), 201)
    ).json().data.category;
    expect(await last('catalogue.category_created')).toMatchObject({
      actor_id: root.id,
      target_type: 'category',
      target_id: made.id,
      details: { slug: 'audited' },
    });
    await ok(send('PUT', `/api/mcp/categories/${made.id}`, root, { description: 'Kept' }));
    expect(await last('catalogue.category_updated')).toMatchObject({
      target_id: made.id,
      details: { fields: ['description'] },
    });
    const other = (
      await ok(send('POST', '/api/mcp/categories', root, { name: 'Other' }), 201)
    ).json().data.category;
    const server = await createServer(t.app, root.headers, {
      name: 'Versioned',
      category_id: made.id,
    });
    await ok(send('DELETE', `/api/mcp/categories/${made.id}?move_servers_to=${other.id}`, root));
    expect(await last('catalogue.category_deleted')).toMatchObject({
      actor_id: root.id,
      target_id: made.id,
      details: { servers_moved_to: other.id, servers_moved: 1 },
    });

    const version = (
      await ok(
        send('POST', `/api/mcp/servers/${server.id}/versions`, root, {
          version: '9.0.0',
          changelog: 'Audited release',
        }),
        201,
      )
    ).json().data.version;
    expect(await last('catalogue.version_created')).toMatchObject({
      actor_id: root.id,
      target_type: 'server_version',
      target_id: version.id,
      details: { server_id: server.id, version: '9.0.0' },
    });
    await ok(
      send('PUT', `/api/mcp/servers/${server.id}/versions/${version.id}`, root, {
        changelog: 'Changed',
        is_latest: true,
      }),
    );
    expect(await last('catalogue.version_updated')).toMatchObject({
      target_id: version.id,
      details: { server_id: server.id, fields: ['changelog', 'is_latest'] },
    });
    expect(JSON.stringify(await last('catalogue.version_updated'))).not.toContain('Changed');
  });
});

describe('registry', () => {
  it('records an import by the administrator, once per applied batch', async () => {
    const doc = npmDoc('io.example/imported', '1.0.0');
    const first = await ok(send('POST', '/api/registry/import', root, doc));
    expect(first.json().data.result.created).toBe(1);
    const recorded = await last('registry.imported');
    const serverId = recorded.target_id as string;
    const server = (await ok(send('GET', `/api/mcp/servers/${serverId}`, root))).json().data.server;
    expect(server.name).toBe('imported');
    expect(recorded).toMatchObject({
      actor_type: 'user',
      actor_id: root.id,
      target_type: 'server',
      target_id: serverId,
      details: {
        source: 'import',
        servers_created: [serverId],
        versions_created: 1,
        versions_updated: 0,
      },
    });
    // The same document again changes nothing, so nothing is recorded.
    const before = (await auditEntries(t.app, root.headers, '&action=registry.imported')).length;
    await ok(send('POST', '/api/registry/import', root, doc));
    expect(await auditEntries(t.app, root.headers, '&action=registry.imported')).toHaveLength(
      before,
    );
  });

  it('records a sync run with the administrator who asked for it', async () => {
    await ok(send('PUT', '/api/registry/source', root, { base_url: registryBase }));
    const run = (await ok(send('POST', '/api/registry/sync', root))).json().data.run;
    expect(await last('registry.synced')).toMatchObject({
      outcome: 'success',
      actor_type: 'user',
      actor_id: root.id,
      target_type: 'registry_sync_run',
      target_id: run.id,
      details: { trigger: 'admin', status: 'succeeded', pages: 1, created: 1, failed: 0 },
    });
    expect(await last('registry.imported')).toMatchObject({
      actor_id: root.id,
      details: { source: 'sync', versions_created: 1 },
    });
  });
});

describe('encryption keys', () => {
  it('records a re-encryption run and the key it retires, and nothing when there is nothing to do', async () => {
    await ok(send('PATCH', '/api/settings', root, { values: { 'smtp.password': SECRETS.smtp } }));
    const out: string[] = [];
    const io = {
      stdout: (s: string) => void out.push(s),
      stderr: (s: string) => void out.push(s),
      cwd: '.',
    };
    const deps = { db: t.database.db, key: createKeyRing(KEY_NEW, [KEY_OLD]) };
    expect(await runEncryptionKeys(['reencrypt'], io, deps)).toBe(0);
    expect(await last('encryption.reencrypt_started')).toMatchObject({
      actor_type: 'system',
      actor_id: null,
      details: { key_id: keyId(KEY_NEW) },
    });
    expect(await last('encryption.reencrypt_finished')).toMatchObject({
      actor_type: 'system',
      outcome: 'success',
      details: { key_id: keyId(KEY_NEW), keys_still_used: [], values_unreadable: 0 },
    });
    expect((await last('encryption.reencrypt_finished')).details.rows_changed).toBeGreaterThan(0);
    expect(await last('encryption.key_retired')).toMatchObject({
      actor_type: 'system',
      target_type: 'encryption_key',
      target_id: keyId(KEY_OLD),
    });
    // A second run finds every value on the current key: the (hourly) job records nothing.
    const head = (await verifyReport(t.app, root.headers)).head.head_seq;
    expect(await runEncryptionKeys(['reencrypt'], io, deps)).toBe(0);
    expect((await verifyReport(t.app, root.headers)).head.head_seq).toBe(head);
    const text = JSON.stringify(await auditEntries(t.app, root.headers));
    for (const key of [KEY_OLD, KEY_NEW]) expect(text).not.toContain(key.toString('hex'));
  });
});
