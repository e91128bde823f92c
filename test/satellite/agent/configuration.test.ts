import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerEntry } from '../../../protocol/satellite.js';
import { createBackend } from '../../../satellite/src/agent/backend.js';
import { createConfiguration } from '../../../satellite/src/agent/configuration.js';
import type { UpstreamPool } from '../../../satellite/src/parts.js';
import { createUpstreamPool } from '../../../satellite/src/servers/pool.js';
import { quietLog, Recorder, tempDir } from '../servers/helpers.js';

// The configuration fetch against a real HTTP peer that answers as Groundstation's config route
// does (an ETag on every answer, 304 to a matching If-None-Match), and the `config.refreshed`
// event each fetch reports.
const creds = { id: 'sat_1', key: 'ssk_test' };

const remote = (team: string, installation: string): ServerEntry => ({
  transport_type: 'http',
  url: 'http://127.0.0.1:9/mcp',
  installation_id: installation,
  team_id: team,
  user_id: 'usr_1',
});

interface Peer {
  /** What the route serves now. */
  servers: Record<string, ServerEntry>;
  /** Off: every answer is a 200, as from a backend without ETags. */
  etags: boolean;
  status: number;
  requests: number;
}

let server: http.Server | null = null;
let pool: UpstreamPool | null = null;
let removeDir: () => Promise<void>;
let events: Recorder;

async function start(servers: Record<string, ServerEntry>) {
  const peer: Peer = { servers, etags: true, status: 200, requests: 0 };
  server = http.createServer((req, res) => {
    peer.requests += 1;
    if (peer.status !== 200) {
      res.writeHead(peer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'The database is unavailable' }));
      return;
    }
    const body = JSON.stringify({ mcp_servers: peer.servers });
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    if (peer.etags && req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', ...(peer.etags ? { etag } : {}) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const backend = createBackend(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const dir = await tempDir();
  removeDir = dir.remove;
  pool = createUpstreamPool({ dataDir: dir.dir, events, log: quietLog });
  return { peer, configuration: createConfiguration(backend, pool, events, quietLog) };
}

const sha256 = (servers: Record<string, ServerEntry>) =>
  createHash('sha256').update(JSON.stringify(servers)).digest('hex');

beforeEach(() => {
  events = new Recorder();
});

afterEach(async () => {
  await pool?.close();
  pool = null;
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = null;
  await removeDir?.();
});

describe('config.refreshed', () => {
  it('reports each fetch once: what it holds, whether it changed, how long the fetch took', async () => {
    const first = { a: remote('team_1', 'inst_a'), b: remote('team_2', 'inst_b') };
    const { peer, configuration } = await start(first);
    await configuration.refresh(creds);
    expect(events.of('config.refreshed')).toEqual([
      {
        config_hash: sha256(first),
        server_count: 2,
        teams_count: 2,
        change_detected: true,
        fetch_duration_ms: expect.any(Number),
      },
    ]);

    // Unchanged: Groundstation answers 304, and the event says nothing changed.
    await configuration.refresh(creds);
    expect(events.of('config.refreshed')[1]).toEqual({
      config_hash: sha256(first),
      server_count: 2,
      teams_count: 2,
      change_detected: false,
      fetch_duration_ms: expect.any(Number),
    });

    const second = { ...first, c: remote('team_1', 'inst_c') };
    peer.servers = second;
    await configuration.refresh(creds);
    expect(events.of('config.refreshed')[2]).toMatchObject({
      config_hash: sha256(second),
      server_count: 3,
      teams_count: 2,
      change_detected: true,
    });
    expect(peer.requests).toBe(3);
    expect(events.of('config.refreshed')).toHaveLength(3);
  });

  it('tells an unchanged answer from a changed one without ETags too', async () => {
    const { peer, configuration } = await start({ a: remote('team_1', 'inst_a') });
    peer.etags = false;
    await configuration.refresh(creds);
    await configuration.refresh(creds);
    expect(events.of('config.refreshed').map((data) => data.change_detected)).toEqual([
      true,
      false,
    ]);
  });

  it('counts only the entries it can run, and reports a failed fetch as config.error alone', async () => {
    const { peer, configuration } = await start({
      a: remote('team_1', 'inst_a'),
      broken: { ...remote('team_3', 'inst_x'), url: 'not a url' },
    });
    await configuration.refresh(creds);
    expect(events.of('config.refreshed')[0]).toMatchObject({ server_count: 1, teams_count: 1 });
    peer.status = 503;
    await expect(configuration.refresh(creds)).rejects.toThrow('The database is unavailable');
    expect(events.of('config.refreshed')).toHaveLength(1);
    expect(events.of('config.error')).toHaveLength(1);
  });
});
