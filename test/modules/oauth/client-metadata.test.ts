import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { register, type Account } from '../../helpers/accounts.js';
import { manualClock } from '../../helpers/clock.js';
import { approveThroughConsent, authorizeQuery, pkce, tokenRequest } from '../../helpers/oauth.js';
import { LOOPBACK_CA_FILE, loopbackDocumentServer } from '../../helpers/oauth-mcp.js';
import { UNLIMITED_ENV } from '../../helpers/world.js';
import { fetchJsonDocument, isPrivateAddress } from '../../../src/modules/oauth/outbound.js';
import { createClientMetadataDocuments } from '../../../src/modules/oauth/client-metadata.js';

const REDIRECT = 'http://127.0.0.1:7777/callback';
const MAX_BYTES = 2048;
// Why a fetch failed goes to the log only: the caller may be probing hosts and ports.
const FETCH_FAILED = /^the client metadata document could not be fetched$/;
const clock = manualClock(new Date());

let t: TestApp;
let strict: TestApp;
let docs: Awaited<ReturnType<typeof loopbackDocumentServer>>;
let alice: Account;

const url = (path: string) => `${docs.origin}${path}`;
const doc = (path: string, fields: Record<string, unknown> = {}) =>
  JSON.stringify({
    client_id: url(path),
    client_name: 'Metadata Agent',
    redirect_uris: [REDIRECT],
    token_endpoint_auth_method: 'none',
    ...fields,
  });

/** The authorization endpoint's answer for a client identified by a document at `path`. */
const authorize = (app: TestApp, path: string, overrides: Record<string, string> = {}) =>
  app.app.inject({
    url: `/api/oauth2/auth?${authorizeQuery({ client_id: url(path), redirect_uri: REDIRECT, ...overrides })}`,
    headers: alice.headers,
  });

/** Read at request time: filled in once the server's origin (the documents' client_id) is known. */
const routes: Parameters<typeof loopbackDocumentServer>[0] = {};

beforeAll(async () => {
  docs = await loopbackDocumentServer(routes);
  Object.assign(routes, {
    '/good.json': { body: doc('/good.json') },
    '/big.json': {
      body: doc('/big.json', { client_name: 'x'.repeat(150), logo: 'y'.repeat(MAX_BYTES) }),
    },
    '/slow.json': { body: doc('/slow.json'), delayMs: 3000 },
    '/malformed.json': { body: '{"client_id": ' },
    '/array.json': { body: '[]' },
    '/other-id.json': { body: doc('/good.json') },
    '/secret.json': {
      body: doc('/secret.json', { token_endpoint_auth_method: 'client_secret_basic' }),
    },
    '/foreign-redirect.json': {
      body: doc('/foreign-redirect.json', { redirect_uris: ['http://evil.example/cb'] }),
    },
    '/gone.json': { body: '{}', status: 404 },
  });
  t = await createTestApp({
    clock,
    env: {
      ...UNLIMITED_ENV,
      OAUTH_CLIENT_METADATA_ALLOW_PRIVATE: 'true',
      OAUTH_CLIENT_METADATA_CA_FILE: LOOPBACK_CA_FILE,
      OAUTH_CLIENT_METADATA_TIMEOUT_MS: '500',
      OAUTH_CLIENT_METADATA_MAX_BYTES: String(MAX_BYTES),
    },
  });
  // The production default: no private, loopback or link-local targets.
  strict = await createTestApp({
    env: { ...UNLIMITED_ENV, OAUTH_CLIENT_METADATA_CA_FILE: LOOPBACK_CA_FILE },
  });
  alice = await register(t.app, 'alice');
});

afterAll(async () => {
  await docs?.close();
  await t?.close();
  await strict?.close();
});

describe('client ID metadata documents', () => {
  it('uses the document’s name and redirect URIs, fetching it once while cached', async () => {
    const before = docs.hits['/good.json'] ?? 0;
    const { verifier, challenge } = pkce();
    const auth = await authorize(t, '/good.json', { code_challenge: challenge });
    expect(auth.statusCode, auth.body).toBe(302);
    const page = await t.app.inject({ url: auth.headers.location!, headers: alice.headers });
    expect(page.body).toContain('Metadata Agent');
    expect(page.body).toContain('Identified by a client metadata document');
    const callback = await approveThroughConsent(
      t.app,
      alice.cookie,
      authorizeQuery({ client_id: url('/good.json'), redirect_uri: REDIRECT }, challenge),
    );
    const tokens = await tokenRequest(t.app, {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: REDIRECT,
      client_id: url('/good.json'),
      code_verifier: verifier,
    });
    expect(tokens.statusCode, tokens.body).toBe(200);
    expect(docs.hits['/good.json']).toBe(before + 1);

    // Administrators (alice is the first account) see the client, as a metadata-document client.
    const listed = await t.app.inject({ url: '/api/oauth2/clients', headers: alice.headers });
    expect(listed.json().data.clients).toContainEqual(
      expect.objectContaining({
        client_id: url('/good.json'),
        client_name: 'Metadata Agent',
        kind: 'metadata_document',
        redirect_uris: [REDIRECT],
      }),
    );
  });

  it('fetches the document again once the cache time has passed', async () => {
    const before = docs.hits['/good.json'] ?? 0;
    await authorize(t, '/good.json');
    expect(docs.hits['/good.json']).toBe(before);
    clock.advance(301);
    await authorize(t, '/good.json');
    expect(docs.hits['/good.json']).toBe(before + 1);
  });

  it.each([
    ['too big', '/big.json', FETCH_FAILED],
    ['slow', '/slow.json', FETCH_FAILED],
    ['not JSON', '/malformed.json', /not JSON/],
    ['not an object', '/array.json', /not a JSON object/],
    ['for another client_id', '/other-id.json', /client_id is not the URL/],
    ['for a confidential client', '/secret.json', /public clients/],
    ['with a foreign redirect URI', '/foreign-redirect.json', /redirect_uris/],
    ['missing', '/gone.json', FETCH_FAILED],
  ])('refuses a document that is %s, without redirecting', async (_, path, message) => {
    const res = await authorize(t, path);
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.json()).toMatchObject({ success: false, error: 'invalid_request' });
    expect(res.json().error_description).toMatch(message);
  });

  it('stops a metadata-document client that an administrator revoked', async () => {
    routes['/revoked.json'] = { body: doc('/revoked.json') };
    const { verifier, challenge } = pkce();
    const callback = await approveThroughConsent(
      t.app,
      alice.cookie,
      authorizeQuery({ client_id: url('/revoked.json'), redirect_uri: REDIRECT }, challenge),
    );
    const tokens = await tokenRequest(t.app, {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: REDIRECT,
      client_id: url('/revoked.json'),
      code_verifier: verifier,
    });
    expect(tokens.statusCode, tokens.body).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/oauth2/clients/${encodeURIComponent(url('/revoked.json'))}`,
      headers: alice.headers,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const refused = await authorize(t, '/revoked.json');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_description).toMatch(/revoked/);
    const refresh = await tokenRequest(t.app, {
      grant_type: 'refresh_token',
      refresh_token: tokens.json().refresh_token,
      client_id: url('/revoked.json'),
    });
    expect(refresh.json().error).toBe('invalid_client');
    const userinfo = await t.app.inject({
      url: '/api/oauth2/userinfo',
      headers: { authorization: `Bearer ${tokens.json().access_token}` },
    });
    expect(userinfo.statusCode).toBe(401);
  });

  it('refuses a redirect URI the document does not list', async () => {
    const res = await authorize(t, '/good.json', { redirect_uri: 'http://127.0.0.1:7777/other' });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it('does not treat an http URL, or one that is not in normal form, as a document', async () => {
    for (const clientId of [
      url('/good.json').replace('https:', 'http:'),
      `${docs.origin}/a/../good.json`,
      `${docs.origin}/`,
    ]) {
      const before = { ...docs.hits };
      const res = await t.app.inject({
        url: `/api/oauth2/auth?${authorizeQuery({ client_id: clientId, redirect_uri: REDIRECT })}`,
        headers: alice.headers,
      });
      expect(res.statusCode, clientId).toBe(400);
      expect(docs.hits).toEqual(before);
    }
  });

  it('never fetches from loopback or private addresses unless the operator allows it', async () => {
    const carol = await register(strict.app, 'carol');
    const before = docs.hits['/good.json'] ?? 0;
    for (const clientId of [url('/good.json'), `https://localhost:${docs.port}/good.json`]) {
      const res = await strict.app.inject({
        url: `/api/oauth2/auth?${authorizeQuery({ client_id: clientId, redirect_uri: REDIRECT })}`,
        headers: carol.headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error_description).toMatch(FETCH_FAILED);
    }
    expect(docs.hits['/good.json'] ?? 0).toBe(before);
  });
});

describe('outbound address checks', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:10.0.0.1', true],
    ['93.184.216.34', false],
    ['2606:4700::1111', false],
    ['not an address', true],
  ])('%s is private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it('refuses a private literal address before connecting', async () => {
    await expect(
      fetchJsonDocument(new URL('https://169.254.169.254/latest/meta-data'), {
        allowPrivateAddresses: false,
        timeoutMs: 1000,
        maxBytes: 1000,
      }),
    ).rejects.toThrow(/private address/);
  });
});

describe('fetching documents under load', () => {
  const settings = {
    allowPrivateAddresses: false,
    timeoutMs: 1000,
    maxBytes: 5000,
    cacheSeconds: 300,
    caFile: null,
  };

  it('shares one fetch between concurrent requests for the same document', async () => {
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const id = 'https://client.example.com/meta.json';
    const documents = createClientMetadataDocuments({
      settings,
      ca: undefined,
      clock: () => new Date(),
      fetch: async () => {
        calls++;
        await gate;
        return JSON.stringify({ client_id: id, redirect_uris: [REDIRECT] });
      },
    });
    const both = Promise.all([documents.load(id), documents.load(id)]);
    release();
    const [a, b] = await both;
    expect(a).toEqual({ name: 'client.example.com', redirectUris: [REDIRECT] });
    expect(b).toEqual(a);
    expect(calls).toBe(1);
  });

  it('refuses to start more than 16 fetches at once', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const documents = createClientMetadataDocuments({
      settings,
      ca: undefined,
      clock: () => new Date(),
      fetch: async (url) => {
        await gate;
        return JSON.stringify({ client_id: url.href, redirect_uris: [REDIRECT] });
      },
    });
    const ids = Array.from({ length: 17 }, (_, i) => `https://c${i}.example.com/meta.json`);
    const results = Promise.allSettled(ids.map((id) => documents.load(id)));
    release();
    const settled = await results;
    expect(settled.filter((r) => r.status === 'fulfilled')).toHaveLength(16);
    expect(settled.at(-1)).toMatchObject({
      status: 'rejected',
      reason: expect.objectContaining({ message: expect.stringMatching(/too many/) }),
    });
  });
});
