import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { register, type Account } from '../../helpers/accounts.js';
import { authorizeQuery } from '../../helpers/oauth.js';
import { UNLIMITED_ENV } from '../../helpers/world.js';

const DESK = {
  id: 'desk-app',
  name: 'Groundstation Desk',
  redirect_uris: ['http://127.0.0.1:53682/cb'],
};

describe('OAuth settings', () => {
  it('has safe defaults', () => {
    expect(loadConfig({}).oauth).toEqual({
      firstPartyClients: [],
      clientMetadata: {
        allowPrivateAddresses: false,
        timeoutMs: 5000,
        maxBytes: 5120,
        cacheSeconds: 300,
        caFile: null,
      },
    });
    expect(loadConfig({}).rateLimits.oauthRegistrationPerAddress).toBe(30);
  });

  it('reads first-party clients', () => {
    const config = loadConfig({ OAUTH_FIRST_PARTY_CLIENTS: JSON.stringify([DESK]) });
    expect(config.oauth.firstPartyClients).toEqual([
      { id: 'desk-app', name: 'Groundstation Desk', redirectUris: ['http://127.0.0.1:53682/cb'] },
    ]);
  });

  it.each([
    ['not JSON', '{'],
    ['not an array', '{}'],
    ['an id with spaces', JSON.stringify([{ ...DESK, id: 'desk app' }])],
    ['the built-in id', JSON.stringify([{ ...DESK, id: 'service-gateway-cli' }])],
    ['the same id twice', JSON.stringify([DESK, DESK])],
    ['no name', JSON.stringify([{ ...DESK, name: '' }])],
    [
      'a plain http redirect URI',
      JSON.stringify([{ ...DESK, redirect_uris: ['http://a.example/cb'] }]),
    ],
    ['no redirect URI', JSON.stringify([{ ...DESK, redirect_uris: [] }])],
  ])('refuses OAUTH_FIRST_PARTY_CLIENTS with %s', (_, value) => {
    expect(() => loadConfig({ OAUTH_FIRST_PARTY_CLIENTS: value })).toThrow(ConfigError);
  });

  it.each([
    ['OAUTH_CLIENT_METADATA_ALLOW_PRIVATE', 'maybe'],
    ['OAUTH_CLIENT_METADATA_TIMEOUT_MS', '10'],
    ['OAUTH_CLIENT_METADATA_MAX_BYTES', '-1'],
    ['OAUTH_REGISTER_LIMIT_PER_ADDRESS', 'many'],
  ])('refuses %s=%s', (key, value) => {
    expect(() => loadConfig({ [key]: value })).toThrow(ConfigError);
  });
});

describe('a configured first-party client', () => {
  let t: TestApp;
  let ann: Account;
  beforeAll(async () => {
    t = await createTestApp({
      env: { ...UNLIMITED_ENV, OAUTH_FIRST_PARTY_CLIENTS: JSON.stringify([DESK]) },
    });
    ann = await register(t.app, 'ann');
  });
  afterAll(async () => t?.close());

  it('runs the flow as a first-party client, with its own redirect URIs only', async () => {
    const query = authorizeQuery({ client_id: 'desk-app', redirect_uri: DESK.redirect_uris[0] });
    const page = await t.app.inject({ url: `/api/oauth2/consent?${query}`, headers: ann.headers });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Groundstation Desk');
    expect(page.body).toContain('First-party application of this Groundstation');
    const foreign = await t.app.inject({
      url: `/api/oauth2/auth?${authorizeQuery({ client_id: 'desk-app' })}`,
      headers: ann.headers,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.headers.location).toBeUndefined();
  });
});
