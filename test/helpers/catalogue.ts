import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { json } from './accounts.js';

export async function createCategory(
  app: FastifyInstance,
  headers: Record<string, string>,
  name: string,
  extra: Record<string, unknown> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/mcp/categories',
    headers: { ...json, ...headers },
    payload: { name, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.category as { id: string; slug: string };
}

export async function createServer(
  app: FastifyInstance,
  headers: Record<string, string>,
  body: Record<string, unknown>,
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/mcp/servers/global',
    headers: { ...json, ...headers },
    payload: { transport: 'stdio', command: 'npx', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.server as { id: string; slug: string; name: string };
}

/** Installs a catalogue server for a team; returns the installation with the caller's instance. */
export async function installServer(
  app: FastifyInstance,
  teamId: string,
  headers: Record<string, string>,
  body: Record<string, unknown>,
) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/teams/${teamId}/mcp/installations`,
    headers: { ...json, ...headers },
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data.installation as { id: string; my_instance: { id: string } };
}
