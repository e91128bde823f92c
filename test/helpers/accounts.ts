import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { systemClock, type Clock } from '../../src/lib/clock.js';
import {
  createAccessTokenRepository,
  createAccessTokenService,
} from '../../src/modules/oauth/access-tokens.js';

export const PASSWORD = 'correct horse battery';
export const json = { 'content-type': 'application/json' };

export interface Account {
  id: string;
  username: string;
  email: string;
  cookie: string;
  headers: Record<string, string>;
}

/** The `name=value` part of the session cookie set by a response. */
export function sessionCookieOf(res: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = res.cookies.find((c) => c.name === 'auth_session');
  if (!cookie) throw new Error('no auth_session cookie was set');
  return `auth_session=${cookie.value}`;
}

export async function register(
  app: FastifyInstance,
  username: string,
  password = PASSWORD,
): Promise<Account> {
  const email = `${username}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/email/register',
    headers: json,
    payload: { username, email, password },
  });
  expect(res.statusCode, res.body).toBe(201);
  const cookie = sessionCookieOf(res);
  return { id: res.json().data.user.id, username, email, cookie, headers: { cookie } };
}

export async function login(app: FastifyInstance, login: string, password = PASSWORD) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/email/login',
    headers: json,
    payload: { login, password },
  });
}

/** An OAuth access token made through the repository (the OAuth server issues them in production). */
export async function bearerFor(
  db: Database,
  userId: string,
  scopes: string[],
  clock: Clock = systemClock,
) {
  const service = createAccessTokenService({
    repository: createAccessTokenRepository(db.orm),
    clock,
  });
  const { token } = await service.issue({ userId, clientId: 'service-gateway-cli', scopes });
  return { authorization: `Bearer ${token}` };
}
