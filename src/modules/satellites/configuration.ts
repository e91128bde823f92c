import { createHash } from 'node:crypto';
import { and, eq, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import {
  mcpServerInstallations,
  mcpServerInstances,
  mcpServers,
  mcpUserConfigs,
  satellites,
  teams,
} from '../../db/schema/index.js';
import type { ConfigSchema, ConfigSection, ConfigValues } from '../../db/schema/index.js';
import { createCoalescedReads } from '../../lib/coalesced-reads.js';
import type { Remembered } from '../../lib/remembered.js';
import type { SatelliteActor } from '../../http/auth/types.js';
import { emptyValues, revealValues, setValue } from '../installations/config-values.js';
import {
  ERROR_BACKOFF_MAX_SECONDS,
  IMMEDIATE_POLL_SECONDS,
  NORMAL_POLL_SECONDS,
} from './commands.js';
import { buildServerKey } from './server-key.js';

const KINDS = ['args', 'env', 'headers'] as const;

/**
 * The installations a satellite serves: a team satellite those of its team, a global one every
 * team's; either only when the installation is assigned to it or to no satellite.
 */
export function servedBy(actor: SatelliteActor): SQL {
  const i = mcpServerInstallations;
  const assignable = or(isNull(i.satelliteId), eq(i.satelliteId, actor.satelliteId))!;
  return actor.satelliteType === 'team'
    ? and(eq(i.teamId, actor.teamId ?? ''), assignable)!
    : assignable;
}

/** Values of one level with defaults filled in, then overlaid by the next level's values. */
function merge(sections: ConfigSection[], layers: ConfigValues[]): ConfigValues {
  const out = emptyValues();
  // Own-property writes: a field may be named `__proto__` (see config-values.ts).
  for (const section of sections) {
    for (const kind of KINDS) {
      for (const f of section[kind]) if (f.default !== null) setValue(out[kind], f.name, f.default);
    }
  }
  for (const layer of layers) {
    for (const kind of KINDS) {
      for (const [name, value] of Object.entries(layer[kind])) setValue(out[kind], name, value);
    }
  }
  return out;
}

/** Names of the secret fields that have a value here, in schema order, each once. */
function secretNames(
  schema: ConfigSchema,
  kind: 'env' | 'headers',
  values: Record<string, string>,
) {
  const names = new Set<string>();
  for (const section of [schema.template, schema.team, schema.user]) {
    for (const f of section[kind]) if (f.secret && Object.hasOwn(values, f.name)) names.add(f.name);
  }
  return [...names];
}

/**
 * A remote server's URL with its template variables (`{name}`, as MCP Registry entries write
 * them) filled from the configuration's `args` field of that name, percent-encoded. A variable
 * without a value stays as written.
 */
function filledUrl(url: string, args: Record<string, string>): string {
  return url.replace(/\{([A-Za-z0-9_.-]+)\}/g, (whole, name: string) =>
    Object.hasOwn(args, name) ? encodeURIComponent(args[name]!) : whole,
  );
}

const PYTHON = new Set(['uvx', 'uv', 'python', 'python3', 'pip', 'pipx']);

/** The satellite knows two runtimes (sandbox and caches): `python`, and `node` for the rest. */
function runtimeOf(server: { runtime: string | null; command: string | null }) {
  if (server.runtime === 'node' || server.runtime === 'python') return server.runtime;
  if (server.runtime?.startsWith('python') || PYTHON.has(server.command ?? '')) return 'python';
  return 'node';
}

/**
 * Command and arguments of a stdio server: the catalogue's command and arguments, or, for an
 * entry that names only a package, the runtime's package runner (`npx -y <package>`,
 * `uvx <package>`); then the merged argument values.
 */
function commandLine(
  server: { command: string | null; package: string | null; args: string[] },
  runtime: 'node' | 'python',
  argValues: Record<string, string>,
) {
  const runner = server.command
    ? { command: server.command, args: [] as string[] }
    : runtime === 'python'
      ? { command: 'uvx', args: server.package ? [server.package] : [] }
      : { command: 'npx', args: server.package ? ['-y', server.package] : [] };
  return {
    command: runner.command,
    args: [...runner.args, ...server.args, ...Object.values(argValues)],
  };
}

export interface ConfigurationDeps {
  db: Database;
  encryptionKey: Buffer;
  /** Where answers are remembered per satellite; without it every request reads (satellites/module.ts). */
  remembering?: <T>() => Remembered<T>;
}

/** The member instances a satellite serves, each with its installation, team, server and values. */
function configurationRows(db: Executor, actor: SatelliteActor) {
  return db
    .select({
      instance: mcpServerInstances,
      installation: mcpServerInstallations,
      teamSlug: teams.slug,
      server: {
        name: mcpServers.name,
        slug: mcpServers.slug,
        transport: mcpServers.transport,
        runtime: mcpServers.runtime,
        command: mcpServers.command,
        package: mcpServers.package,
        args: mcpServers.args,
        url: mcpServers.url,
        configSchema: mcpServers.configSchema,
        requiresOauth: mcpServers.requiresOauth,
      },
      userValues: mcpUserConfigs.values,
    })
    .from(mcpServerInstances)
    .innerJoin(
      mcpServerInstallations,
      eq(mcpServerInstallations.id, mcpServerInstances.installationId),
    )
    .innerJoin(teams, eq(teams.id, mcpServerInstallations.teamId))
    .innerJoin(mcpServers, eq(mcpServers.id, mcpServerInstallations.serverId))
    .leftJoin(
      mcpUserConfigs,
      and(
        eq(mcpUserConfigs.installationId, mcpServerInstances.installationId),
        eq(mcpUserConfigs.userId, mcpServerInstances.userId),
      ),
    )
    .where(and(servedBy(actor), ne(mcpServerInstances.status, 'awaiting_user_config')))
    .orderBy(mcpServerInstances.id);
}
type Row = Awaited<ReturnType<typeof configurationRows>>[number];

/** Groundstation's own entry (`data.instances[]`). */
function instanceView(r: Row, values: ConfigValues) {
  return {
    process_id: r.instance.id,
    instance_id: r.instance.id,
    status: r.instance.status,
    installation_id: r.installation.id,
    installation_name: r.installation.name,
    team_id: r.installation.teamId,
    user_id: r.instance.userId,
    server: {
      slug: r.server.slug,
      transport: r.server.transport,
      runtime: r.server.runtime,
      command: r.server.command,
      package: r.server.package,
      args: r.server.args,
      url: r.server.url,
    },
    args: [...r.server.args, ...Object.values(values.args)],
    env: values.env,
    headers: values.headers,
    settings: {
      request_logging_enabled: r.installation.settings.request_logging_enabled === true,
      disabled_tools: r.installation.settings.disabled_tools ?? [],
    },
  };
}

/**
 * The satellite's entry (`mcp_servers[key]`). The satellite restarts a process whenever its
 * entry's JSON text changes, so the entry holds only what decides how the server runs: no
 * timestamps and no live instance status, and always the same keys in the same order (the
 * response schema fixes the order on the wire; the object is built in that same order).
 */
function serverEntry(r: Row, values: ConfigValues) {
  const schema = r.server.configSchema;
  const identity = {
    installation_id: r.installation.id,
    instance_id: r.instance.id,
    installation_name: r.installation.name,
    team_id: r.installation.teamId,
    team_slug: r.teamSlug,
    user_id: r.instance.userId,
    // The user's id, not their username: a rename must not restart their processes.
    user_slug: r.instance.userId,
    server_name: r.server.name,
    server_slug: r.server.slug,
  };
  const common = {
    enabled: true,
    // The satellite asks for the member's token before each call (protocol §13).
    requires_oauth: r.server.transport !== 'stdio' && r.server.requiresOauth,
    // Every catalogue entry is curated by hand; Groundstation does not deploy from GitHub.
    source: 'manual' as const,
    settings: {
      request_logging_enabled: r.installation.settings.request_logging_enabled === true,
      disabled_tools: r.installation.settings.disabled_tools ?? [],
    },
  };
  if (r.server.transport === 'stdio') {
    const runtime = runtimeOf(r.server);
    return {
      ...identity,
      transport_type: 'stdio' as const,
      ...common,
      secret_metadata: {
        env: secretNames(schema, 'env', values.env),
        headers: [],
        query_params: [],
      },
      ...commandLine(r.server, runtime, values.args),
      env: values.env,
      runtime,
    };
  }
  return {
    ...identity,
    transport_type: r.server.transport === 'sse' ? ('sse' as const) : ('http' as const),
    ...common,
    secret_metadata: {
      env: [],
      headers: secretNames(schema, 'headers', values.headers),
      query_params: [],
    },
    url: filledUrl(r.server.url ?? '', values.args),
    headers: values.headers,
    // The catalogue has no query-parameter fields yet.
    url_query_params: {},
  };
}

/** Every member instance this satellite serves, with merged, decrypted values, and an ETag. */
async function readConfiguration(deps: ConfigurationDeps, actor: SatelliteActor) {
  const key = deps.encryptionKey;
  const instances: Array<ReturnType<typeof instanceView>> = [];
  const servers: Record<string, ReturnType<typeof serverEntry>> = {};
  for (const r of await configurationRows(deps.db.orm, actor)) {
    const schema = r.server.configSchema;
    const values = merge(
      [schema.template, schema.team, schema.user],
      [
        revealValues(r.installation.teamConfig, key),
        revealValues(r.userValues ?? emptyValues(), key),
      ],
    );
    instances.push(instanceView(r, values));
    const serverKey = buildServerKey({
      serverSlug: r.server.slug,
      teamSlug: r.teamSlug,
      userId: r.instance.userId,
      installationId: r.installation.id,
    });
    // Keys are built from slugs and ids and always contain '-', never `__proto__`.
    servers[serverKey] = serverEntry(r, values);
  }
  const body = {
    mcp_servers: servers,
    polling_intervals: {
      normal: NORMAL_POLL_SECONDS,
      immediate: IMMEDIATE_POLL_SECONDS,
      error_backoff_max: ERROR_BACKOFF_MAX_SECONDS,
    },
    data: { instances },
  };
  const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
  return { etag, body };
}

/** A configuration answer: its body and the ETag of that body. */
export type ConfigurationAnswer = Awaited<ReturnType<typeof readConfiguration>>;

/**
 * The configuration answer: Groundstation's `instances` list and the satellite's `mcp_servers`
 * map, one entry per member instance that should run.
 */
export interface Configuration {
  /**
   * The configuration answer, remembered briefly: on the embedded database a read of every
   * instance with its values queues behind other reads. A satellite fetches its configuration
   * right after a command poll hands it a `configure`, perhaps from another replica than the
   * one that served the poll: an answer remembered before the satellite's latest such poll is
   * never used, whichever replica counted it (one primary-key read instead of the whole
   * configuration).
   */
  build(actor: SatelliteActor): Promise<ConfigurationAnswer>;
  /** After a change that may alter any satellite's answer: the next request reads. */
  forget(): void;
}

export function createConfiguration(deps: ConfigurationDeps): Configuration {
  const remembered = deps.remembering?.<{ deliveries: number; answer: ConfigurationAnswer }>();

  // Requests of one satellite asked at once share the check (lib/coalesced-reads.ts).
  const checks = createCoalescedReads({ gatherOneTurn: true });

  /** How many command polls have handed this satellite something (repository.ts `deliver`). */
  function deliveriesTo(satelliteId: string) {
    return checks.read(satelliteId, async () => {
      const [row] = await deps.db.orm
        .select({ n: satellites.commandDeliveries })
        .from(satellites)
        .where(eq(satellites.id, satelliteId));
      return row?.n ?? -1;
    });
  }

  return {
    async build(actor) {
      if (!remembered) return readConfiguration(deps, actor);
      const epoch = remembered.epoch();
      const deliveries = await deliveriesTo(actor.satelliteId);
      const known = remembered.get(actor.satelliteId);
      if (known?.deliveries === deliveries) return known.answer;
      const answer = await readConfiguration(deps, actor);
      remembered.remember(epoch, [[actor.satelliteId, { deliveries, answer }]]);
      return answer;
    },

    forget() {
      remembered?.forgetAll();
    },
  };
}
