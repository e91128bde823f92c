import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { register, type Account } from '../../helpers/accounts.js';
import { CLIENT_ID, REDIRECT_URI, formFields } from '../../helpers/oauth.js';
import { freePort } from '../../helpers/process.js';

let t: TestApp;
let base: string;
let alice: Account;
beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ env: { BASE_URL: base } });
  await t.app.listen({ port, host: '127.0.0.1' });
  alice = await register(t.app, 'alice');
});
afterAll(async () => t?.close());

const insecure = { [oauth.allowInsecureRequests]: true };

/** What a browser does between the authorization URL and the redirect to the client. */
async function browser(authorizationUrl: URL): Promise<URL> {
  const cookie = alice.cookie;
  const first = await fetch(authorizationUrl, { redirect: 'manual', headers: { cookie } });
  expect(first.status).toBe(302);
  const consentUrl = new URL(first.headers.get('location')!, base);
  const page = await fetch(consentUrl, { headers: { cookie } });
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await page.text();
  expect(html).toContain('Groundstation command-line gateway');
  expect(html).toContain('Read team memberships and information');
  const decision = await fetch(`${base}/api/oauth2/consent`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ ...formFields(html), decision: 'approve' }),
  });
  expect(decision.status).toBe(303);
  return new URL(decision.headers.get('location')!);
}

it('runs discovery, authorization, code exchange, an API call, refresh and revocation with oauth4webapi', async () => {
  const issuer = new URL(base);
  const as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
  );
  expect(as.code_challenge_methods_supported).toEqual(['S256']);
  const client: oauth.Client = { client_id: CLIENT_ID };
  const clientAuth = oauth.None();

  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.searchParams.set('client_id', CLIENT_ID);
  url.searchParams.set('redirect_uri', REDIRECT_URI);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'teams:read user:read offline_access');
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', state);

  const callback = await browser(url);
  expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
  const params = oauth.validateAuthResponse(as, client, callback, state);
  const tokenResponse = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    clientAuth,
    params,
    REDIRECT_URI,
    verifier,
    insecure,
  );
  expect(tokenResponse.headers.get('cache-control')).toBe('no-store');
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, tokenResponse);
  expect(tokens).toMatchObject({
    token_type: 'bearer',
    expires_in: 3600,
    scope: 'teams:read user:read offline_access',
  });
  expect(tokens.refresh_token).toBeTypeOf('string');

  const team = await fetch(`${base}/api/teams/me/default`, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  expect(team.status).toBe(200);
  expect(((await team.json()) as any).data.team.name).toBe("alice's team");

  const refreshed = await oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, insecure),
  );
  expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
  const me = await fetch(`${base}/api/users/me`, {
    headers: { authorization: `Bearer ${refreshed.access_token}` },
  });
  expect(me.status).toBe(200);

  await oauth.processRevocationResponse(
    await oauth.revocationRequest(as, client, clientAuth, refreshed.access_token, insecure),
  );
  const afterRevoke = await fetch(`${base}/api/users/me`, {
    headers: { authorization: `Bearer ${refreshed.access_token}` },
  });
  expect(afterRevoke.status).toBe(401);

  // Reusing the first, already rotated refresh token revokes the whole grant.
  await expect(
    oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, insecure),
    ),
  ).rejects.toMatchObject({ error: 'invalid_grant' });
  await expect(
    oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(
        as,
        client,
        clientAuth,
        refreshed.refresh_token!,
        insecure,
      ),
    ),
  ).rejects.toMatchObject({ error: 'invalid_grant' });
});
