// A client for the service running in its own process (see process.ts): plain fetch, as a
// browser, a command-line tool or a satellite would talk to it.

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

export async function api(
  base: string,
  path: string,
  init: { method?: string; cookie?: string; bearer?: string; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.cookie) headers.cookie = init.cookie;
  if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

export async function must(answer: Promise<Answer>, status = 200): Promise<any> {
  const a = await answer;
  if (a.status !== status)
    throw new Error(`expected ${status}, got ${a.status}: ${JSON.stringify(a.body)}`);
  return a.body;
}

/** Registers an account (the first becomes the global admin); returns its session cookie. */
export async function signUp(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/email/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      password: 'correct horse battery',
    }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('auth_session='))!
    .split(';')[0]!;
}

/** An admin with a team, an installed server and a paired global satellite. */
export async function satelliteWorld(base: string) {
  const cookie = await signUp(base, 'admin');
  const me = await must(api(base, '/api/users/me', { cookie }));
  const team = me.data.teams[0].id as string;
  await must(
    api(base, '/api/mcp/servers/global', {
      method: 'POST',
      cookie,
      body: { name: 'Clock', transport: 'stdio', command: 'npx' },
    }),
    201,
  );
  const installation = (
    await must(
      api(base, `/api/teams/${team}/mcp/installations`, {
        method: 'POST',
        cookie,
        body: { server_id: 'clock' },
      }),
      201,
    )
  ).data.installation.id as string;
  const token = await must(
    api(base, '/api/satellites/registration-tokens', {
      method: 'POST',
      cookie,
      body: { scope: 'global' },
    }),
    201,
  );
  const satellite = (
    await must(
      api(base, '/api/satellites/register', {
        method: 'POST',
        bearer: token.data.token,
        body: { name: 'sat' },
      }),
      201,
    )
  ).data;
  return {
    cookie,
    userId: me.data.id as string,
    team,
    installation,
    satellite: { id: satellite.satellite.id as string, key: satellite.api_key as string },
  };
}

/** A batch of tool executions whose tool names are the given ones. */
export function executions(world: Awaited<ReturnType<typeof satelliteWorld>>, names: string[]) {
  return {
    events: names.map((tool) => ({
      type: 'mcp.tool.executed',
      timestamp: new Date().toISOString(),
      data: {
        tool_name: tool,
        server_id: world.installation,
        team_id: world.team,
        duration_ms: 1,
        success: true,
        user_id: world.userId,
      },
    })),
  };
}
