import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export const CLIENT_ID = 'service-gateway-cli';
export const REDIRECT_URI = 'http://127.0.0.1:8976/oauth/callback';

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeQuery(
  overrides: Record<string, string | undefined> = {},
  challenge = pkce().challenge,
) {
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    scope: 'teams:read offline_access',
    state: 'xyz',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, v);
  return search.toString();
}

/** The hidden inputs of the consent form, as a browser would submit them. */
export function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1]!] = match[2]!.replace(/&#(\d+);/g, (_, code) =>
      String.fromCharCode(Number(code)),
    );
  }
  return fields;
}

/**
 * Signs in (cookie), opens the consent page and approves; returns the redirect to the client.
 * `extra` adds form fields, such as the chosen `team_id` (without it: the user's default team).
 */
export async function approveThroughConsent(
  app: FastifyInstance,
  cookie: string,
  query: string,
  decision = 'approve',
  extra: Record<string, string> = {},
) {
  const auth = await app.inject({ url: `/api/oauth2/auth?${query}`, headers: { cookie } });
  expect(auth.statusCode).toBe(302);
  const next = auth.headers.location as string;
  if (!next.startsWith('/api/oauth2/consent')) return new URL(next);
  const page = await app.inject({ url: next, headers: { cookie } });
  expect(page.statusCode).toBe(200);
  const fields = formFields(page.body);
  const posted = await app.inject({
    method: 'POST',
    url: '/api/oauth2/consent',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...fields, ...extra, decision }).toString(),
  });
  expect(posted.statusCode, posted.body).toBe(303);
  return new URL(posted.headers.location as string);
}

export async function tokenRequest(app: FastifyInstance, params: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/api/oauth2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(params).toString(),
  });
}

/** RFC 7009 revocation of a token by the client it was issued to. */
export async function revokeRequest(
  app: FastifyInstance,
  token: string,
  clientId: string = CLIENT_ID,
) {
  return app.inject({
    method: 'POST',
    url: '/api/oauth2/revoke',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, client_id: clientId }).toString(),
  });
}
