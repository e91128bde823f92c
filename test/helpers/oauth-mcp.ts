import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { json } from './accounts.js';
import { createToken } from './satellites.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/oauth');
/** A self-signed certificate for 127.0.0.1 and localhost (test/fixtures/oauth/README.md). */
export const LOOPBACK_CA_FILE = path.join(FIXTURES, 'loopback-cert.pem');

/** What an https server on loopback answers for one path: a body, or a handler of its own. */
export type DocumentRoute =
  | { body: string; status?: number; delayMs?: number }
  | ((request: { url: string }) => { body: string; status?: number; delayMs?: number });

/**
 * An https server on 127.0.0.1 with the loopback certificate, serving documents by path and
 * counting requests per path: a client's metadata documents, or a protected resource.
 */
export async function loopbackDocumentServer(routes: Record<string, DocumentRoute>) {
  const hits: Record<string, number> = {};
  const timers = new Set<NodeJS.Timeout>();
  const server = https.createServer(
    {
      cert: readFileSync(path.join(FIXTURES, 'loopback-cert.pem')),
      key: readFileSync(path.join(FIXTURES, 'loopback-key.pem')),
    },
    (req, res) => {
      const pathname = new URL(req.url!, 'https://127.0.0.1').pathname;
      hits[pathname] = (hits[pathname] ?? 0) + 1;
      const route = routes[pathname];
      if (!route) return res.writeHead(404).end();
      const answer = typeof route === 'function' ? route({ url: req.url! }) : route;
      const send = () =>
        res
          .writeHead(answer.status ?? 200, { 'content-type': 'application/json' })
          .end(answer.body);
      if (!answer.delayMs) return send();
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) send();
      }, answer.delayMs);
      timers.add(timer);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `https://127.0.0.1:${port}`,
    port,
    hits,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Registers a public client through RFC 7591 dynamic registration. */
export async function registerClient(
  app: FastifyInstance,
  metadata: Record<string, unknown> = {},
): Promise<{ client_id: string; redirect_uris: string[] }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/oauth2/register',
    headers: json,
    payload: {
      client_name: 'Test assistant',
      redirect_uris: ['http://127.0.0.1:7777/callback'],
      token_endpoint_auth_method: 'none',
      ...metadata,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A team satellite that told Groundstation where it is reachable (its satellite_url). */
export async function satelliteAt(
  app: FastifyInstance,
  adminHeaders: Record<string, string>,
  teamId: string,
  name: string,
  satelliteUrl: string | null,
) {
  const { token } = await createToken(app, adminHeaders, { scope: 'team', team_id: teamId });
  const res = await app.inject({
    method: 'POST',
    url: '/api/satellites/register',
    headers: { ...json, authorization: `Bearer ${token}` },
    payload: { name, ...(satelliteUrl ? { satellite_url: satelliteUrl } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data;
  return {
    id: data.satellite.id as string,
    headers: { authorization: `Bearer ${data.api_key as string}` },
  };
}

/** A satellite's introspection request about a token one of its MCP clients presented. */
export function introspectAs(
  app: FastifyInstance,
  satellite: { headers: Record<string, string> },
  token: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/oauth2/introspect',
    headers: { ...json, ...satellite.headers },
    payload: { token },
  });
}
