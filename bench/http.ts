// npm run bench:http — an HTTP load test of the hot read routes with autocannon: for each route,
// 16 connections for 8 s against the service in its own process. Prints requests per second and
// the median and p99 latency, for PGlite and PostgreSQL.
import autocannon from 'autocannon';
import { json, printTable, registerAccount, startTarget, targetsToRun } from './lib.js';

const CONNECTIONS = 16;
const DURATION_S = Number(process.env.BENCH_HTTP_SECONDS ?? 8);

async function main() {
  const rows: string[][] = [];
  for (const name of targetsToRun()) {
    // Throughput, not the abuse limits, is measured here: one satellite asks far more often
    // than SATELLITE_LIMIT_PER_SATELLITE allows a real one.
    const target = await startTarget(name, async () => undefined, {
      SATELLITE_LIMIT_PER_SATELLITE: '0',
      SATELLITE_LIMIT_PER_ADDRESS: '0',
    });
    try {
      const base = target.base;
      const cookie = await registerAccount(base);
      for (let i = 0; i < 50; i++)
        await json(base, '/api/mcp/servers/global', {
          method: 'POST',
          cookie,
          body: JSON.stringify({ name: `Server ${i}`, transport: 'stdio', command: 'npx' }),
        });
      const me = await json(base, '/api/users/me', { cookie });
      const team = me.data.teams[0].id as string;
      await json(base, `/api/teams/${team}/mcp/installations`, {
        method: 'POST',
        cookie,
        body: JSON.stringify({ server_id: 'server-1' }),
      });
      const token = await json(base, '/api/satellites/registration-tokens', {
        method: 'POST',
        cookie,
        body: JSON.stringify({ scope: 'global' }),
      });
      const satellite = await json(base, '/api/satellites/register', {
        method: 'POST',
        bearer: token.data.token,
        body: JSON.stringify({ name: 'bench' }),
      });
      const satelliteHeaders = { authorization: `Bearer ${satellite.data.api_key}` };
      const routes: Array<[string, string, Record<string, string>]> = [
        ['health (public)', '/api/health', {}],
        ['own profile (cookie)', '/api/users/me', { cookie }],
        ['catalogue list, 20', '/api/mcp/servers?limit=20', { cookie }],
        ['team installations', `/api/teams/${team}/mcp/installations`, { cookie }],
        ['client activity, 20', '/api/users/me/mcp/client-activity?limit=20', { cookie }],
        [
          'satellite configuration (key)',
          `/api/satellites/${satellite.data.satellite.id}/config`,
          satelliteHeaders,
        ],
      ];
      for (const [label, path, headers] of routes) {
        const result = await autocannon({
          url: `${base}${path}`,
          connections: CONNECTIONS,
          duration: DURATION_S,
          headers,
        });
        if (result.non2xx > 0 || result.errors > 0)
          throw new Error(`${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
        rows.push([
          name,
          label,
          result.requests.average.toFixed(0),
          String(result.latency.p50),
          String(result.latency.p99),
        ]);
      }
    } finally {
      await target.close();
    }
  }
  printTable(
    `Hot read routes under load (${CONNECTIONS} connections, ${DURATION_S} s each; latency in ms)`,
    ['database', 'route', 'requests/s', 'latency median', 'latency p99'],
    rows,
  );
}

await main();
