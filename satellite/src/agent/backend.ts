import type {
  CommandPollAnswer,
  CommandResult,
  ConfigurationAnswer,
  HeartbeatRequest,
  Introspection,
  RegistrationAnswer,
  RegistrationRequest,
  SatelliteEvent,
  ServerEntry,
  UpstreamToken,
} from '../../../protocol/satellite.js';
import type { UpstreamAccess } from '../parts.js';

/** What a paired satellite presents on every call. */
export interface Credentials {
  id: string;
  key: string;
  name?: string;
}

/** An answer that was not 2xx: its status and the `error` text Groundstation gave. */
export class BackendError extends Error {
  override name = 'BackendError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface Call {
  bearer?: string;
  body?: unknown;
  timeoutMs: number;
  headers?: Record<string, string>;
}

const USER_AGENT = 'Groundstation-Satellite/1 (Node.js)';

/** An answer as received: its status, its JSON (when it is JSON) and its ETag. */
interface Answer {
  status: number;
  json: unknown;
  etag: string | null;
}

async function call(origin: string, method: string, path: string, options: Call): Promise<Answer> {
  const headers: Record<string, string> = {
    'user-agent': USER_AGENT,
    accept: 'application/json',
    ...options.headers,
  };
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${origin}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: the status alone speaks
  }
  return { status: res.status, json, etag: res.headers.get('etag') };
}

/** The JSON of a 2xx answer, or a BackendError with Groundstation's `error` text. */
async function ok<T>(origin: string, method: string, path: string, options: Call): Promise<T> {
  const answer = await call(origin, method, path, options);
  if (answer.status >= 200 && answer.status < 300) return answer.json as T;
  throw new BackendError(answer.status, errorText(answer.status, answer.json));
}

const satellitePath = (creds: Credentials, rest: string) =>
  `/api/satellites/${encodeURIComponent(creds.id)}${rest}`;

/** Calls made before pairing, or to pair. */
interface PairingCalls {
  /** Whether Groundstation answers its health check. */
  health(): Promise<boolean>;
  /** Pairs with a registration token: answers the satellite's id and key. */
  register(token: string, body: RegistrationRequest): Promise<RegistrationAnswer>;
}

/** The paired satellite's routine calls: liveness, commands, configuration and events. */
interface AgentCalls {
  /** Reports that the satellite is alive, with its figures. */
  heartbeat(creds: Credentials, body: HeartbeatRequest): Promise<void>;
  /** The commands waiting for this satellite. */
  poll(creds: Credentials): Promise<CommandPollAnswer>;
  /** Reports how a command went. */
  result(creds: Credentials, result: CommandResult): Promise<void>;
  /** The configuration, or null when it is unchanged since `etag` (304). */
  configuration(
    creds: Credentials,
    etag: string | null,
  ): Promise<{ answer: ConfigurationAnswer; etag: string | null } | null>;
  /** Sends a batch; answers the status and error text instead of throwing on a refusal. */
  events(creds: Credentials, events: SatelliteEvent[]): Promise<{ status: number; error: string }>;
}

/** Calls about tokens: the MCP clients' ones, and members' upstream ones. */
interface TokenCalls {
  /** What Groundstation knows of an MCP client's access token. */
  introspect(creds: Credentials, token: string): Promise<Introspection>;
  /** A member's upstream OAuth access token for an entry, or null when none is stored. */
  upstreamToken(creds: Credentials, entry: ServerEntry): Promise<UpstreamAccess | null>;
}

/** The satellite's side of the protocol: one method per call it makes to Groundstation. */
export interface Backend extends PairingCalls, AgentCalls, TokenCalls {
  /** Groundstation's URL, without a trailing slash. */
  origin: string;
}

function pairingCalls(origin: string): PairingCalls {
  return {
    async health() {
      try {
        return (await call(origin, 'GET', '/api/health', { timeoutMs: 5000 })).status < 300;
      } catch {
        return false;
      }
    },
    register(token, body) {
      return ok(origin, 'POST', '/api/satellites/register', {
        bearer: token,
        body,
        timeoutMs: 10_000,
      });
    },
  };
}

function agentCalls(origin: string): AgentCalls {
  return {
    async heartbeat(creds, body) {
      await ok(origin, 'POST', satellitePath(creds, '/heartbeat'), {
        bearer: creds.key,
        body,
        timeoutMs: 10_000,
      });
    },
    poll(creds) {
      const query = `?last_poll=${encodeURIComponent(new Date().toISOString())}&limit=10`;
      return ok(origin, 'GET', satellitePath(creds, `/commands${query}`), {
        bearer: creds.key,
        timeoutMs: 15_000,
      });
    },
    async result(creds, result) {
      await ok(origin, 'POST', satellitePath(creds, '/command-result'), {
        bearer: creds.key,
        body: result,
        timeoutMs: 10_000,
      });
    },
    async configuration(creds, etag) {
      const answer = await call(origin, 'GET', satellitePath(creds, '/config'), {
        bearer: creds.key,
        timeoutMs: 10_000,
        headers: etag ? { 'if-none-match': etag } : {},
      });
      if (answer.status === 304) return null;
      if (answer.status >= 300)
        throw new BackendError(answer.status, errorText(answer.status, answer.json));
      return { answer: answer.json as ConfigurationAnswer, etag: answer.etag };
    },
    async events(creds, events) {
      const answer = await call(origin, 'POST', satellitePath(creds, '/events'), {
        bearer: creds.key,
        body: { events },
        timeoutMs: 10_000,
      });
      return { status: answer.status, error: errorText(answer.status, answer.json) };
    },
  };
}

function tokenCalls(origin: string): TokenCalls {
  return {
    introspect(creds, token) {
      return ok(origin, 'POST', '/api/oauth2/introspect', {
        bearer: creds.key,
        body: { token },
        timeoutMs: 10_000,
      });
    },
    async upstreamToken(creds, entry) {
      const body = {
        installation_id: entry.installation_id,
        user_id: entry.user_id,
        team_id: entry.team_id,
      };
      const answer = await call(origin, 'POST', satellitePath(creds, '/tokens/retrieve'), {
        bearer: creds.key,
        body,
        timeoutMs: 10_000,
      });
      if (answer.status === 404) return null;
      if (answer.status >= 300)
        throw new BackendError(answer.status, errorText(answer.status, answer.json));
      const { access_token: token, expires_at: expires } = answer.json as UpstreamToken;
      if (!token) return null;
      const expiresAt = expires ? Date.parse(expires) : Number.NaN;
      return Number.isFinite(expiresAt) ? { token, expiresAt } : { token };
    },
  };
}

/** The satellite's side of the protocol, talking to the Groundstation at `baseUrl`. */
export function createBackend(baseUrl: string): Backend {
  const origin = baseUrl.replace(/\/+$/, '');
  return { origin, ...pairingCalls(origin), ...agentCalls(origin), ...tokenCalls(origin) };
}

function errorText(status: number, json: unknown): string {
  if (json && typeof json === 'object' && 'error' in json && typeof json.error === 'string')
    return json.error;
  return `HTTP ${status}`;
}
