import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, register, type Account } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { approveThroughConsent, authorizeQuery, pkce, tokenRequest } from '../helpers/oauth.js';
import { registerClient } from '../helpers/oauth-mcp.js';
import { UNLIMITED_ENV } from '../helpers/world.js';

/**
 * A remembered approval skips the consent page only for what the user approved: the same client,
 * team, redirect URI and resource (RFC 8707), and no more scopes. A request without a resource
 * asks for a token that works on this service's API and at every satellite of the team, which
 * the user never approved when they approved a token for one satellite.
 */

const REDIRECT = 'http://127.0.0.1:7777/callback';
const OTHER_REDIRECT = 'https://assistant.example.com/oauth/cb';
const SAT_A = 'https://sat-a.example.com/mcp';
const SAT_B = 'https://sat-b.example.com/mcp';
const SCOPE = 'mcp:tools:execute offline_access';

let t: TestApp;
let alice: Account;
let bob: Account;
let clientId: string;

interface Ask {
  redirect_uri?: string;
  resource?: string;
  scope?: string;
}

const queryOf = (ask: Ask, challenge?: string) =>
  authorizeQuery(
    {
      client_id: clientId,
      redirect_uri: ask.redirect_uri ?? REDIRECT,
      scope: ask.scope ?? SCOPE,
      resource: ask.resource,
    },
    challenge,
  );

/** Where the authorization endpoint sends alice's signed-in browser for this request. */
async function authorize(ask: Ask, account = alice, challenge?: string) {
  const res = await t.app.inject({
    url: `/api/oauth2/auth?${queryOf(ask, challenge)}`,
    headers: account.headers,
  });
  expect(res.statusCode, res.body).toBe(302);
  return res.headers.location as string;
}

const showsPage = (location: string) => location.startsWith('/api/oauth2/consent?');

/** Approves on the consent page (shown or not); returns the access token the code buys. */
async function approve(ask: Ask, account = alice) {
  const { verifier, challenge } = pkce();
  const callback = await approveThroughConsent(t.app, account.cookie, queryOf(ask, challenge));
  const res = await tokenRequest(t.app, {
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code')!,
    redirect_uri: ask.redirect_uri ?? REDIRECT,
    client_id: clientId,
    code_verifier: verifier,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

/** What introspection tells the token's owner about its audience. */
async function audienceOf(token: string, account = alice) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/oauth2/introspect',
    headers: { ...json, ...account.headers },
    payload: { token },
  });
  expect(res.json().active, res.body).toBe(true);
  return (res.json().aud as string | undefined) ?? null;
}

beforeAll(async () => {
  t = await createTestApp({ env: UNLIMITED_ENV });
  alice = await register(t.app, 'alice');
  bob = await register(t.app, 'bob');
  clientId = (await registerClient(t.app, { redirect_uris: [REDIRECT, OTHER_REDIRECT] })).client_id;
});
afterAll(async () => t?.close());

describe('remembered consent', () => {
  it('skips the page for the same request, with a token for the same resource', async () => {
    expect(showsPage(await authorize({ resource: SAT_A }))).toBe(true);
    await approve({ resource: SAT_A });
    const again = await authorize({ resource: SAT_A });
    expect(showsPage(again)).toBe(false);
    expect(new URL(again).searchParams.get('code')).toBeTruthy();
    // The code the skipped page gave buys a token for that satellite only.
    expect(await audienceOf(await approve({ resource: SAT_A }))).toBe(SAT_A);
    // Fewer scopes are still covered.
    expect(showsPage(await authorize({ resource: SAT_A, scope: 'mcp:tools:execute' }))).toBe(false);
  });

  it.each([
    ['without a resource', {}],
    ['for another resource', { resource: SAT_B }],
    ['for a resource beside the approved one', { resource: 'https://sat-a.example.com/other' }],
    ['to another registered redirect URI', { redirect_uri: OTHER_REDIRECT, resource: SAT_A }],
    ['to another redirect URI and resource', { redirect_uri: OTHER_REDIRECT, resource: SAT_B }],
    ['for more scopes', { resource: SAT_A, scope: `${SCOPE} mcp:read` }],
  ])('shows the page again for a request %s', async (_, ask: Ask) => {
    expect(showsPage(await authorize({ resource: SAT_A }))).toBe(false);
    expect(showsPage(await authorize(ask))).toBe(true);
  });

  it('remembers a later approval instead, without carrying scopes to its resource', async () => {
    const unrestricted = await approve({ scope: 'mcp:read' });
    expect(await audienceOf(unrestricted)).toBeNull();
    expect(showsPage(await authorize({ scope: 'mcp:read' }))).toBe(false);
    // The scopes approved for SAT_A are not approved for a token without a resource.
    expect(showsPage(await authorize({}))).toBe(true);
    // And the approval for SAT_A is no longer the remembered one.
    expect(showsPage(await authorize({ resource: SAT_A }))).toBe(true);
  });

  it('is the user’s own: another user sees the page', async () => {
    await approve({ resource: SAT_A });
    expect(showsPage(await authorize({ resource: SAT_A }))).toBe(false);
    expect(showsPage(await authorize({ resource: SAT_A }, bob))).toBe(true);
  });
});
