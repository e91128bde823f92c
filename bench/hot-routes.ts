// The hot read routes that bench/http.ts and bench/compare.ts load, and the records they need:
// fifty catalogue servers, one installation and one paired satellite.
import { json, pairSatellite, registerAccount } from './lib.js';

export interface HotRoute {
  label: string;
  path: string;
  headers: Record<string, string>;
}

/** Sets a fresh service up and lists its hot routes, filtered by BENCH_HTTP_ROUTE=<words>. */
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
  const only = process.env.BENCH_HTTP_ROUTE?.toLowerCase();
  return routes.filter((route) => !only || route.label.includes(only));
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
