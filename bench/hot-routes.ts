// The hot read routes that bench/http.ts and bench/compare.ts load, the records they need (fifty
// catalogue servers, one installation and one paired satellite), and how one is loaded.
import autocannon from 'autocannon';
import { json, pairSatellite, registerAccount } from './lib.js';

/** Every hot-route load uses this many connections. */
export const CONNECTIONS = 16;

export interface HotRoute {
  label: string;
  path: string;
  headers: Record<string, string>;
}

/** Sets a fresh service up and lists its hot routes, filtered by BENCH_HTTP_ROUTE=<word>,<word>. */
export async function hotRoutes(base: string): Promise<HotRoute[]> {
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
  const satellite = await pairSatellite(base, cookie, 'bench');
  const routes: HotRoute[] = [
    { label: 'health (public)', path: '/api/health', headers: {} },
    { label: 'database status (public)', path: '/api/db/status', headers: {} },
    { label: 'own profile (cookie)', path: '/api/users/me', headers: { cookie } },
    { label: 'roles (cookie)', path: '/api/roles', headers: { cookie } },
    { label: 'one setting (cookie)', path: '/api/settings/smtp.host', headers: { cookie } },
    { label: 'catalogue list, 20', path: '/api/mcp/servers?limit=20', headers: { cookie } },
    {
      label: 'team installations',
      path: `/api/teams/${team}/mcp/installations`,
      headers: { cookie },
    },
    {
      label: 'client activity, 20',
      path: '/api/users/me/mcp/client-activity?limit=20',
      headers: { cookie },
    },
    {
      label: 'satellite configuration (key)',
      path: `/api/satellites/${satellite.id}/config`,
      headers: { authorization: `Bearer ${satellite.key}` },
    },
  ];
  // BENCH_HTTP_ROUTE=health,setting: the routes whose label holds any of the words.
  const only = process.env.BENCH_HTTP_ROUTE?.toLowerCase().split(',');
  return routes.filter((route) => !only || only.some((word) => route.label.includes(word)));
}

/**
 * What every service the hot-route benchmarks start is given: throughput, not the abuse
 * limits, is measured, and one satellite asks far more often than SATELLITE_LIMIT_PER_SATELLITE
 * allows a real one.
 */
export const HOT_ROUTE_ENV = {
  SATELLITE_LIMIT_PER_SATELLITE: '0',
  SATELLITE_LIMIT_PER_ADDRESS: '0',
};

/**
 * Loads one route for `seconds` and meters the CPU its service spent meanwhile (`cpuSeconds`,
 * from `cpuMeter`). Any answer but a 2xx stops the benchmark: it would not be measuring the route.
 */
export async function loadRoute(
  base: string,
  route: HotRoute,
  seconds: number,
  cpuSeconds: () => Promise<number>,
) {
  const before = await cpuSeconds();
  const result = await autocannon({
    url: `${base}${route.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: route.headers,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${route.path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  // What each answer cost the service (and its PostgreSQL backends) in CPU: unlike the rate, it
  // leaves out the load generator, which shares the machine's cores.
  const cpuPerRequestUs =
    (((await cpuSeconds()) - before) * 1e6) / Math.max(1, result.requests.total);
  return { result, cpuPerRequestUs };
}
