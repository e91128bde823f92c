// The built-in satellite as an MCP hub (`{BASE_URL}/mcp`, stateless Streamable HTTP, tokens
// checked by introspection and remembered 60 s, each member's stdio servers in processes of
// their own), measured against the same MCP server reached directly over stdio:
//
// 1. Added latency and throughput of `tools/call` (server-everything's `echo`) at 1, 8 and 32
//    concurrent clients. "direct": one SDK Client in this process over StdioClientTransport,
//    shared by every concurrent loop (the hub too runs one process per member, which all of the
//    member's clients share). "hub": one SDK Client with StreamableHTTPClientTransport per loop,
//    all with the same member's token (cached by the satellite after the warm-up). "direct
//    HTTP", for scale: the same server in its own Streamable HTTP mode, one SDK HTTP client (and
//    session) per loop: what any HTTP hop costs this machine's clients. The three rotate (the
//    order shifts each round) and the medians of the rounds are reported; the targets compare
//    the hub with direct stdio.
// 2. Memory per open session: SDK clients that only initialize, the service's RSS before and
//    after (the endpoint is stateless, so it should hold nothing per client).
// 3. Cold start: a member's first `tools/call` while their stdio process is not running yet,
//    beside spawning the same server directly (spawn, initialize, tools/list, call).
// 4. Many members at once (BENCH_HUB_USERS, 100 by default), each with one first call: total
//    time and successes; the failed ones then try once more, 8 at a time, and the memory of the
//    service and of its stdio server processes is read with every member's process running.
//
// PGlite only unless BENCH_ONLY says `postgresql` or `all`. BENCH_HUB_ROUNDS, BENCH_HUB_SECONDS,
// BENCH_HUB_SESSIONS and BENCH_HUB_COLD change the other sections' sizes.
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { spawn, type ChildProcess } from 'node:child_process';
import {
  cpuMeter,
  freePort,
  json,
  median,
  ms,
  percentile,
  printTable,
  registerAccount,
  rssMb,
  startTarget,
  targetsToRun,
  type Target,
  type TargetName,
} from './lib.js';

const require = createRequire(import.meta.url);
const EVERYTHING = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

// BENCH_HUB_LEVELS (e.g. `1,32`) measures only those concurrencies.
const LEVELS = (process.env.BENCH_HUB_LEVELS ?? '1,8,32').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_HUB_ROUNDS ?? 3);
const ROUND_S = Number(process.env.BENCH_HUB_SECONDS ?? 5);
const WARMUP_S = 1;
const SESSIONS = Number(process.env.BENCH_HUB_SESSIONS ?? 1000);
const USERS = Number(process.env.BENCH_HUB_USERS ?? 100);
const COLD = Number(process.env.BENCH_HUB_COLD ?? 5);
/** The first call of a member whose process is not running: long on a busy 2-core machine. */
const FIRST_CALL_TIMEOUT_MS = 180_000;

const ALL_TARGETS: TargetName[] = ['PGlite', 'PostgreSQL'];
const HUB_ECHO = 'everything__echo';
const DIRECT_ECHO = 'echo';
const CLIENT_ID = 'service-gateway-cli';
const REDIRECT_URI = 'http://127.0.0.1:8976/oauth/callback';
const FORM = 'application/x-www-form-urlencoded';

const sleep = (msDelay: number) => new Promise((resolve) => setTimeout(resolve, msDelay));
const pct = (value: number) => `${(value * 100).toFixed(0)} %`;

/** Runs `work` over `items`, at most `width` at a time; results in the items' order. */
async function inPool<T, R>(
  items: readonly T[],
  width: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

// ---------------------------------------------------------------------------------------------
// Set-up: accounts, the catalogue server, one team with one installation, and OAuth tokens.

interface Member {
  login: string;
  cookie: string;
  token: string;
}

interface Stage {
  /** Where the bench connects: the service's own address. */
  url: string;
  admin: Member;
  /** Members whose processes the cold-start section starts. */
  cold: Member[];
  /** Members for the many-members section. */
  users: Member[];
}

/** The hidden inputs of the consent form, as a browser would submit them. */
function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1]!] = match[2]!.replace(/&#(\d+);/g, (_, code: string) =>
      String.fromCharCode(Number(code)),
    );
  }
  return fields;
}

/** Authorization request, consent, code, token: the real flow over HTTP, with PKCE and `resource`. */
async function accessToken(base: string, cookie: string, teamId: string, resource: string) {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    scope: 'mcp:read mcp:tools:execute',
    state: 'bench',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource,
  });
  const auth = await fetch(`${base}/api/oauth2/auth?${query}`, {
    headers: { cookie },
    redirect: 'manual',
  });
  if (auth.status !== 302) throw new Error(`authorize: ${auth.status} ${await auth.text()}`);
  let callback = new URL(auth.headers.get('location')!, base);
  if (callback.pathname.startsWith('/api/oauth2/consent')) {
    const page = await fetch(callback, { headers: { cookie } });
    if (page.status !== 200) throw new Error(`consent page: ${page.status}`);
    const posted = await fetch(`${base}/api/oauth2/consent`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': FORM },
      body: new URLSearchParams({
        ...formFields(await page.text()),
        team_id: teamId,
        decision: 'approve',
      }),
    });
    if (posted.status !== 303) throw new Error(`consent: ${posted.status} ${await posted.text()}`);
    callback = new URL(posted.headers.get('location')!, base);
  }
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in ${callback.toString()}`);
  const res = await fetch(`${base}/api/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': FORM },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT_ID,
      code_verifier: verifier,
      resource,
    }),
  });
  const body = (await res.json()) as any;
  if (res.status !== 200) throw new Error(`token: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token as string;
}

/**
 * The audience the satellite expects, as MCP clients learn it (RFC 9728). The service answers
 * its health check before its satellite has paired and started: until then MCP answers 503.
 */
async function satelliteResource(base: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${base}/.well-known/oauth-protected-resource/mcp`);
    if (res.status === 200) return ((await res.json()) as any).resource as string;
    await res.body?.cancel();
    await sleep(100);
  }
  throw new Error('the built-in satellite did not start');
}

/**
 * One team (the administrator's default team) with every member in it and one installation of
 * server-everything, made last so that a single configuration change brings every member's
 * entry to the satellite at once. One team is cheaper than a team and an installation each.
 */
async function stage(base: string): Promise<Stage> {
  const adminCookie = await registerAccount(base, 'benchadmin');
  const me = await json(base, '/api/users/me', { cookie: adminCookie });
  const teamId = me.data.teams[0].id as string;
  await json(base, '/api/mcp/servers/global', {
    method: 'POST',
    cookie: adminCookie,
    body: JSON.stringify({
      name: 'Everything',
      slug: 'everything',
      transport: 'stdio',
      command: process.execPath,
      args: [EVERYTHING, 'stdio'],
    }),
  });
  const logins = Array.from({ length: COLD + USERS }, (_, i) => `member${i}`);
  // Registration hashes a password (argon2): a few at a time keep the machine usable.
  const cookies = await inPool(logins, 4, async (login) => {
    const cookie = await registerAccount(base, login);
    await json(base, `/api/teams/${teamId}/members`, {
      method: 'POST',
      cookie: adminCookie,
      body: JSON.stringify({ login }),
    });
    return cookie;
  });
  await json(base, `/api/teams/${teamId}/mcp/installations`, {
    method: 'POST',
    cookie: adminCookie,
    body: JSON.stringify({ server_id: 'everything', name: 'everything' }),
  });
  const resource = await satelliteResource(base);
  const members = await inPool(['benchadmin', ...logins], 8, async (login, i): Promise<Member> => {
    const cookie = i === 0 ? adminCookie : cookies[i - 1]!;
    return { login, cookie, token: await accessToken(base, cookie, teamId, resource) };
  });
  return {
    url: `${base}/mcp`,
    admin: members[0]!,
    cold: members.slice(1, 1 + COLD),
    users: members.slice(1 + COLD),
  };
}

// ---------------------------------------------------------------------------------------------
// Clients.

/**
 * fetch for the SDK's HTTP transport, giving each request a signal of its own. The transport
 * hands all of a client's requests one long-lived signal, on which undici leaves a listener per
 * request until garbage collection: thousands per client in a round (MaxListenersExceededWarning
 * and a growing list that every later request walks), a cost of the benchmark's client, not of
 * the hub. Aborting the transport still aborts a request whose answer has not begun.
 */
const ownSignalFetch: FetchLike = async (url, init) => {
  const shared = init?.signal;
  if (!shared) return fetch(url, init);
  const own = new AbortController();
  const abort = () => own.abort(shared.reason);
  if (shared.aborted) abort();
  else shared.addEventListener('abort', abort, { once: true });
  try {
    return await fetch(url, { ...init, signal: own.signal });
  } finally {
    shared.removeEventListener('abort', abort);
  }
};

async function hubClient(url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'bench-hub', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
      fetch: ownSignalFetch,
    }),
  );
  return client;
}

/** server-everything as the satellite runs it (node, its dist/index.js, `stdio`), but here. */
async function directClient(): Promise<Client> {
  const client = new Client({ name: 'bench-direct', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [EVERYTHING, 'stdio'],
      stderr: 'ignore',
    }),
  );
  return client;
}

/**
 * Waits until the satellite has applied the configuration with the installation (it polls for
 * commands every few seconds): the administrator's tools list names the echo tool. This also
 * starts the administrator's process and puts their token in the satellite's cache.
 */
async function waitForTools(stage: Stage): Promise<Client> {
  const client = await hubClient(stage.url, stage.admin.token);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    if (tools.includes(HUB_ECHO)) return client;
    await sleep(250);
  }
  throw new Error(`the satellite never offered ${HUB_ECHO}`);
}

async function echo(client: Client, name: string, timeout?: number): Promise<void> {
  const result = await client.callTool(
    { name, arguments: { message: 'bench' } },
    undefined,
    timeout ? { timeout } : undefined,
  );
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
}

// ---------------------------------------------------------------------------------------------
// 1. Added latency and throughput.

interface Round {
  /** Sorted latencies of the successful calls, ms. */
  latencies: number[];
  perSecond: number;
  errors: number;
}

/**
 * `concurrency` loops call the echo tool back to back for `seconds` (a closed loop): loop i
 * uses clients[i % clients.length]. Each call's latency is taken around `callTool`.
 */
async function closedLoop(
  clients: readonly Client[],
  tool: string,
  concurrency: number,
  seconds: number,
): Promise<Round> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, i) => {
      const client = clients[i % clients.length]!;
      while (performance.now() < until) {
        const callStarted = performance.now();
        try {
          await echo(client, tool);
          latencies.push(performance.now() - callStarted);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { latencies, perSecond: latencies.length / elapsed, errors };
}

type Mode = 'hub' | 'direct' | 'http';

interface Pair {
  hub: Round;
  direct: Round;
  http: Round;
}

interface Contenders {
  hub: readonly Client[];
  direct: readonly Client[];
  http: readonly Client[];
}

/** Rotating rounds at one concurrency, after a short warm-up of each. */
async function pairsAt(level: number, contenders: Contenders): Promise<Pair[]> {
  const run = (mode: Mode, seconds: number) =>
    closedLoop(contenders[mode], mode === 'hub' ? HUB_ECHO : DIRECT_ECHO, level, seconds);
  const modes: Mode[] = ['hub', 'direct', 'http'];
  for (const mode of modes) await run(mode, WARMUP_S);
  const pairs: Pair[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // The order shifts each round, so that a drift in the machine's load favours none.
    const order = modes.map((_, i) => modes[(i + round) % modes.length]!);
    const done: Partial<Pair> = {};
    for (const mode of order) done[mode] = await run(mode, ROUND_S);
    pairs.push({ hub: done.hub!, direct: done.direct!, http: done.http! });
  }
  return pairs;
}

/** One table row from a concurrency's pairs: medians over the rounds of each figure. */
function latencyRow(target: Target, level: number, pairs: Pair[], cpuPerCall: number): string[] {
  const of = (pick: (pair: Pair) => number) => median(pairs.map(pick));
  const p = (round: Round, q: number) => percentile(round.latencies, q);
  const addedP50 = of((x) => p(x.hub, 50) - p(x.direct, 50));
  const addedP99 = of((x) => p(x.hub, 99) - p(x.direct, 99));
  const ratio = of((x) => x.hub.perSecond / x.direct.perSecond);
  const met = [
    addedP50 < 1 ? 'p50 ✓' : 'p50 ✗',
    addedP99 < 5 ? 'p99 ✓' : 'p99 ✗',
    ...(level === 32 ? [ratio >= 0.6 ? 'calls/s ✓' : 'calls/s ✗'] : []),
  ].join(' ');
  const errors = pairs.reduce((sum, x) => sum + x.hub.errors + x.direct.errors + x.http.errors, 0);
  return [
    `${target.name}: ${level}`,
    ms(of((x) => p(x.direct, 50))),
    ms(of((x) => p(x.direct, 99))),
    ms(of((x) => p(x.hub, 50))),
    ms(of((x) => p(x.hub, 99))),
    ms(addedP50),
    ms(addedP99),
    of((x) => x.direct.perSecond).toFixed(0),
    of((x) => x.hub.perSecond).toFixed(0),
    pct(ratio),
    ms(of((x) => p(x.http, 50))),
    of((x) => x.http.perSecond).toFixed(0),
    cpuPerCall.toFixed(2),
    String(errors),
    met,
  ];
}

/**
 * Section 1. The service's CPU per hub call counts all of the service's CPU over a concurrency's
 * rounds (direct rounds included: the usage events of hub calls are sent and stored then too)
 * divided by the hub calls made; direct calls do not reach the service at all.
 */
async function latencySection(target: Target, stage: Stage, warm: Client): Promise<string[][]> {
  const width = Math.max(...LEVELS);
  const hub = [warm];
  while (hub.length < width) hub.push(await hubClient(stage.url, stage.admin.token));
  const direct = await directClient();
  await echo(direct, DIRECT_ECHO);
  const everything = await everythingOverHttp();
  const http: Client[] = [];
  const cpu = cpuMeter(target);
  const rows: string[][] = [];
  try {
    while (http.length < width) http.push(await httpClient(everything.url));
    for (const level of LEVELS) {
      const cpuBefore = await cpu();
      const pairs = await pairsAt(level, { hub, direct: [direct], http });
      const hubCalls = pairs.reduce((sum, x) => sum + x.hub.latencies.length, 0);
      const cpuPerCall = ((await cpu()) - cpuBefore) / hubCalls;
      rows.push(latencyRow(target, level, pairs, cpuPerCall * 1000));
    }
  } finally {
    await Promise.all([...hub, direct, ...http].map((client) => client.close()));
    everything.child.kill();
  }
  return rows;
}

/** server-everything in its own Streamable HTTP mode, on a free port of this machine. */
async function everythingOverHttp(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING, 'streamableHttp'], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}/mcp`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server-everything did not listen')), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('listening')) return;
      clearTimeout(timer);
      resolve();
    });
    child.once('exit', (code) => reject(new Error(`server-everything exited (${code})`)));
  });
  child.stderr!.resume();
  return { url, child };
}

async function httpClient(url: string): Promise<Client> {
  const client = new Client({ name: 'bench-direct-http', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: ownSignalFetch }));
  return client;
}

// ---------------------------------------------------------------------------------------------
// 2. Memory per open session.

/**
 * The service's RSS once it stops moving (two readings a second apart within 2 MB, at most 20 s):
 * after a busy section V8 gives heap back over several seconds, which would read as a saving.
 */
async function settledRss(pid: number): Promise<number> {
  let last = await rssMb(pid);
  for (let i = 0; i < 20; i++) {
    await sleep(1000);
    const now = await rssMb(pid);
    if (Math.abs(now - last) < 2) return now;
    last = now;
  }
  return last;
}

/**
 * SESSIONS SDK clients connect (initialize and the initialized notification; the SDK's GET for
 * a server stream is answered 405 by the stateless endpoint) and stay open while the service's
 * RSS is read. The same token throughout: its introspection is cached, as a member's is.
 */
async function sessionSection(target: Target, stage: Stage): Promise<string[]> {
  const before = await settledRss(target.pid);
  const started = performance.now();
  const clients = await inPool(Array.from({ length: SESSIONS }), 50, () =>
    hubClient(stage.url, stage.admin.token),
  );
  const seconds = (performance.now() - started) / 1000;
  const after = await settledRss(target.pid);
  await Promise.all(clients.map((client) => client.close()));
  return [
    target.name,
    String(SESSIONS),
    (SESSIONS / seconds).toFixed(0),
    before.toFixed(0),
    after.toFixed(0),
    (((after - before) * 1024) / SESSIONS).toFixed(1),
  ];
}

// ---------------------------------------------------------------------------------------------
// 3. Cold start.

/**
 * Each cold member first initializes (which has their token introspected and cached, but starts
 * nothing); then the time of their first `tools/call` is taken: the satellite spawns their
 * process, initializes it, lists its tools and calls. Beside it, the same done directly: spawn,
 * initialize, tools/list and the call. One member after another, hub and direct alternating.
 */
async function coldSection(target: Target, stage: Stage): Promise<string[][]> {
  const hub: number[] = [];
  const direct: number[] = [];
  for (const member of stage.cold) {
    const client = await hubClient(stage.url, member.token);
    const started = performance.now();
    await echo(client, HUB_ECHO, FIRST_CALL_TIMEOUT_MS);
    hub.push(performance.now() - started);
    await client.close();

    const directStarted = performance.now();
    const own = await directClient();
    await own.listTools();
    await echo(own, DIRECT_ECHO);
    direct.push(performance.now() - directStarted);
    await own.close();
  }
  const row = (label: string, values: number[]) => [
    `${target.name}: ${label}`,
    String(values.length),
    ms(median(values)),
    ms(Math.min(...values)),
    ms(Math.max(...values)),
  ];
  return [
    row('hub, first tools/call', hub),
    row('direct, spawn + initialize + tools/list + call', direct),
  ];
}

// ---------------------------------------------------------------------------------------------
// 4. Many members at once.

/** Every process's parent, from /proc/<pid>/stat (this kernel has no /proc/…/children). */
async function descendantsOf(root: number): Promise<number[]> {
  const parents = new Map<number, number[]>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => null);
    if (stat === null) continue;
    // pid (comm) state ppid …: comm may hold spaces and parentheses, so split after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)]);
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of parents.get(queue.pop()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/**
 * The service's descendants that run server-everything: their count, summed RSS (which counts
 * shared pages, such as node's own code, once per process) and summed PSS (shared pages split
 * between the processes that share them: what they cost together).
 */
async function serverProcesses(pid: number) {
  let count = 0;
  let rss = 0;
  let pss = 0;
  for (const child of await descendantsOf(pid)) {
    const cmdline = await readFile(`/proc/${child}/cmdline`, 'utf8').catch(() => '');
    if (!cmdline.includes('server-everything')) continue;
    const rollup = await readFile(`/proc/${child}/smaps_rollup`, 'utf8').catch(() => '');
    count += 1;
    rss += Number(/^Rss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) / 1024;
    pss += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) / 1024;
  }
  return { count, rss, pss };
}

interface FirstCalls {
  /** Latencies of the calls that succeeded (ms, sorted), from the call (after initialize). */
  latencies: number[];
  /** The members whose connection or call failed. */
  failed: Member[];
  /** Each distinct error: when it happened, in seconds from the start. */
  errors: Map<string, number[]>;
  seconds: number;
}

/**
 * Members connect (initialize: their token is introspected) and make their first call, at most
 * `width` at a time; a call succeeded when its result came back without an error.
 */
async function firstCalls(url: string, members: Member[], width: number): Promise<FirstCalls> {
  const started = performance.now();
  const result: FirstCalls = { latencies: [], failed: [], errors: new Map(), seconds: 0 };
  await inPool(members, width, async (member) => {
    try {
      const client = await hubClient(url, member.token);
      try {
        const callStarted = performance.now();
        await echo(client, HUB_ECHO, FIRST_CALL_TIMEOUT_MS);
        result.latencies.push(performance.now() - callStarted);
      } finally {
        await client.close();
      }
    } catch (error) {
      result.failed.push(member);
      const at = result.errors.get(String(error)) ?? [];
      result.errors.set(String(error), [...at, (performance.now() - started) / 1000]);
    }
  });
  result.seconds = (performance.now() - started) / 1000;
  result.latencies.sort((a, b) => a - b);
  return result;
}

/**
 * Section 4: every member, all at once, connects and makes their first call (their process not
 * yet running); total time is until the last answer. Those who failed then try once more, 8 at
 * a time, so that the memory read afterwards is that of every member's process running.
 */
async function usersSection(target: Target, stage: Stage) {
  const before = await serverProcesses(target.pid);
  const serviceBefore = await rssMb(target.pid);
  const burst = await firstCalls(stage.url, stage.users, stage.users.length);
  const retry = await firstCalls(stage.url, burst.failed, 8);
  const after = await serverProcesses(target.pid);
  const total = stage.users.length;
  const of = (calls: FirstCalls, tried: number) => `${calls.latencies.length}/${tried}`;
  return {
    row: [
      target.name,
      burst.seconds.toFixed(1),
      of(burst, total),
      (percentile(burst.latencies, 50) / 1000).toFixed(1),
      (percentile(burst.latencies, 100) / 1000).toFixed(1),
      `${of(retry, burst.failed.length)} in ${retry.seconds.toFixed(1)}`,
      `${serviceBefore.toFixed(0)} → ${(await rssMb(target.pid)).toFixed(0)}`,
      `${before.count} → ${after.count}`,
      after.rss.toFixed(0),
      after.pss.toFixed(0),
      after.count > 0 ? (after.pss / after.count).toFixed(1) : '–',
    ],
    failures: [
      ...[...burst.errors].map(([error, at]) => ['all at once', error, at] as const),
      ...[...retry.errors].map(([error, at]) => ['retry', error, at] as const),
    ].map(([pass, error, at]) => [
      `${target.name}: ${pass}`,
      error,
      String(at.length),
      `${Math.min(...at).toFixed(1)}–${Math.max(...at).toFixed(1)}`,
    ]),
  };
}

// ---------------------------------------------------------------------------------------------

interface Results {
  latency: string[][];
  sessions: string[][];
  cold: string[][];
  users: string[][];
  failures: string[][];
}

async function run(target: Target, results: Results) {
  const staged = await stage(target.base);
  const warm = await waitForTools(staged);
  results.latency.push(...(await latencySection(target, staged, warm)));
  results.sessions.push(await sessionSection(target, staged));
  results.cold.push(...(await coldSection(target, staged)));
  const users = await usersSection(target, staged);
  results.users.push(users.row);
  results.failures.push(...users.failures);
}

function print(results: Results) {
  printTable(
    `Hub vs direct: tools/call of server-everything's echo, ${ROUNDS} alternating rounds of ${ROUND_S} s per concurrency, medians (ms; direct = one shared stdio client, hub = one HTTP client per loop; targets: added p50 < 1 ms, added p99 < 5 ms, hub calls/s ≥ 60 % of direct at 32)`,
    [
      'database: concurrent clients',
      'direct p50',
      'direct p99',
      'hub p50',
      'hub p99',
      'added p50',
      'added p99',
      'direct calls/s',
      'hub calls/s',
      'hub/direct',
      'direct HTTP p50',
      'direct HTTP calls/s',
      'service CPU ms per hub call',
      'errors',
      'targets',
    ],
    results.latency,
  );
  printTable(
    `Memory per open MCP session (${SESSIONS} SDK clients, initialize only; RSS in MB)`,
    ['database', 'sessions', 'opened per s', 'service RSS before', 'after', 'KB per session'],
    results.sessions,
  );
  printTable(
    `Cold start: a member's first call, their stdio process not running (${COLD} members, ms)`,
    ['database: path', 'samples', 'median', 'min', 'max'],
    results.cold,
  );
  printTable(
    `${USERS} members on one satellite, all at once, one first call each; then the failed ones once more, 8 at a time (s; MB)`,
    [
      'database',
      'all at once: total s',
      'succeeded',
      'call p50 s',
      'call max s',
      'retried: succeeded in s',
      'service RSS',
      'server processes',
      'their RSS sum',
      'their PSS sum',
      'PSS per process',
    ],
    results.users,
  );
  if (results.failures.length > 0) {
    printTable(
      'Failed first calls, by error',
      ['database: pass', 'error', 'members', 's from the pass’s start'],
      results.failures,
    );
  }
}

async function main() {
  const results: Results = { latency: [], sessions: [], cold: [], users: [], failures: [] };
  // PGlite unless BENCH_ONLY names a database (or says `all`): the hub hardly uses the database.
  const only = process.env.BENCH_ONLY;
  const names: TargetName[] = !only ? ['PGlite'] : only === 'all' ? ALL_TARGETS : targetsToRun();
  for (const name of names) {
    const target = await startTarget(name, async () => undefined, {
      BUILTIN_SATELLITE: 'true',
      // Set-up registers and authorizes many accounts from one address.
      REGISTER_LIMIT_PER_ADDRESS: '0',
      OAUTH_LIMIT_PER_ADDRESS: '0',
      OAUTH_LIMIT_PER_ACCOUNT: '0',
    });
    try {
      await run(target, results);
    } finally {
      await target.close();
    }
  }
  print(results);
}

await main();
