import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { json } from './accounts.js';

export async function createToken(
  app: FastifyInstance,
  headers: Record<string, string>,
  body: Record<string, unknown>,
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/satellites/registration-tokens',
    headers: { ...json, ...headers },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; token: string };
}

export async function registerSatellite(app: FastifyInstance, token: string, name = 'sat-1') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/satellites/register',
    headers: { ...json, authorization: `Bearer ${token}` },
    payload: { name },
  });
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data;
  return {
    id: data.satellite.id as string,
    key: data.api_key as string,
    headers: { authorization: `Bearer ${data.api_key}` },
  };
}

export async function pair(
  app: FastifyInstance,
  adminHeaders: Record<string, string>,
  body: Record<string, unknown>,
  name?: string,
) {
  const { token } = await createToken(app, adminHeaders, body);
  return registerSatellite(app, token, name);
}

export const event = (
  type: string,
  data: Record<string, unknown>,
  timestamp = new Date().toISOString(),
) => ({ type, timestamp, data });

export function postEvents(
  app: FastifyInstance,
  satellite: { id: string; headers: Record<string, string> },
  events: unknown[],
) {
  return app.inject({
    method: 'POST',
    url: `/api/satellites/${satellite.id}/events`,
    headers: { ...json, ...satellite.headers },
    payload: { events },
  });
}
