import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { authorizeQuery } from '../../helpers/oauth.js';
import { UNLIMITED_ENV } from '../../helpers/world.js';
import {
  ClientMetadataError,
  readClientMetadata,
} from '../../../src/modules/oauth/client-metadata.js';

/**
 * Dynamic client registration (RFC 7591) refuses redirect URIs with control characters, which
 * the URL parser would drop silently (so the stored string and the redirect's target differ)
 * and which would carry line breaks into pages, logs and audit entries. The others are stored,
 * returned and compared in the URL parser's own form.
 */

let t: TestApp;
let alice: Account;

const registration = (redirect_uris: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/oauth2/register',
    headers: json,
    payload: { client_name: 'Desk assistant', redirect_uris, token_endpoint_auth_method: 'none' },
  });

const clientCount = async () =>
  Number(
    (
      await t.database.db.query<{ n: number | string }>('SELECT count(*) AS n FROM oauth_clients')
    )[0]!.n,
  );

const storedUris = async (id: string) =>
  (
    await t.database.db.query<{ redirect_uris: string[] }>(
      'SELECT redirect_uris FROM oauth_clients WHERE id = $1',
      [id],
    )
  )[0]!.redirect_uris;

beforeAll(async () => {
  t = await createTestApp({ env: UNLIMITED_ENV });
  alice = await register(t.app, 'alice');
});
afterAll(async () => t?.close());

describe('dynamic registration: redirect URIs', () => {
  it.each([
    ['a CR/LF and a header after it', 'https://app.example.com/cb\r\nSet-Cookie: a=b'],
    ['a line feed', 'https://app.example.com/c\nb'],
    ['a tab', 'https://app.example.com/c\tb'],
    ['a NUL', 'https://app.example.com/cb\u0000'],
    ['a trailing CR', 'http://127.0.0.1:7777/callback\r'],
    ['a DEL', 'https://app.example.com/c\u007fb'],
    ['a C1 control', 'https://app.example.com/c\u0085b'],
  ])('refuses one with %s (400 invalid_redirect_uri), registering nothing', async (_, uri) => {
    const before = await clientCount();
    for (const uris of [[uri], ['https://app.example.com/ok', uri]]) {
      const res = await registration(uris);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        success: false,
        error: 'invalid_redirect_uri',
        code: 'OAUTH_INVALID_REDIRECT_URI',
        error_description:
          'redirect_uris must not contain control characters (such as tabs or line breaks)',
      });
    }
    expect(await clientCount()).toBe(before);
  });

  it('stores, returns and matches the URL parser’s form of each URI, once', async () => {
    const res = await registration([
      'HTTPS://App.Example.COM:443/a/../cb?x=1',
      'https://app.example.com/cb?x=1',
      'http://LOCALHOST:7777',
      'https://app.example.com/my cb',
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const normalised = [
      'https://app.example.com/cb?x=1',
      'http://localhost:7777/',
      'https://app.example.com/my%20cb',
    ];
    const { client_id, redirect_uris } = res.json();
    expect(redirect_uris).toEqual(normalised);
    expect(await storedUris(client_id)).toEqual(normalised);
    // Authorization requests name the registered form, exactly; the form as sent is not it.
    const ask = (redirect_uri: string) =>
      t.app.inject({
        url: `/api/oauth2/auth?${authorizeQuery({ client_id, redirect_uri })}`,
        headers: alice.headers,
      });
    for (const uri of normalised) expect((await ask(uri)).statusCode, uri).toBe(302);
    const asSent = await ask('HTTPS://App.Example.COM:443/a/../cb?x=1');
    expect(asSent.statusCode).toBe(400);
    expect(asSent.headers.location).toBeUndefined();
  });

  it('still refuses what was refused before', async () => {
    for (const uris of [['http://evil.example/cb'], ['https://app.example.com/cb#x'], []]) {
      const res = await registration(uris);
      expect(res.statusCode, JSON.stringify(uris)).toBe(400);
      expect(res.json().error).toBe('invalid_redirect_uri');
    }
  });
});

describe('client metadata documents: redirect URIs', () => {
  it('refuses a document whose redirect URI holds a control character', () => {
    const id = 'https://agent.example.com/client.json';
    const document = (uri: string) =>
      JSON.stringify({ client_id: id, redirect_uris: [uri], token_endpoint_auth_method: 'none' });
    expect(readClientMetadata(id, document('https://agent.example.com/cb')).redirectUris).toEqual([
      'https://agent.example.com/cb',
    ]);
    expect(() => readClientMetadata(id, document('https://agent.example.com/cb\r\nX: y'))).toThrow(
      ClientMetadataError,
    );
  });
});
