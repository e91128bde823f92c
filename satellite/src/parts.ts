// The satellite's parts and what each offers the others. The agent (agent/) speaks the protocol
// with Groundstation; the pool (servers/) runs and reaches the MCP servers of member instances;
// the endpoint (mcp/) serves MCP clients. They meet only through these interfaces.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { HeartbeatProcess, Introspection, ServerEntry } from '../../protocol/satellite.js';

/** What the satellite logs through (pino's shape, so that the service's logger fits). */
export interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Where every part reports what happened; the agent sends it to Groundstation in batches. */
export interface EventSink {
  emit(type: string, data: Record<string, unknown>): void;
}

/** A member's access token for an upstream that wants OAuth, and when it stops being good. */
export interface UpstreamAccess {
  token: string;
  /** Milliseconds since the epoch; absent when Groundstation does not know. */
  expiresAt?: number;
}

/** The access token of a member's upstream OAuth connection, asked of Groundstation. */
export type UpstreamTokens = (entry: ServerEntry) => Promise<UpstreamAccess | null>;

/** A server the satellite fronts for one member instance (one configuration entry). */
export interface Upstream {
  /** The entry's map key: the process's identity on this satellite. */
  readonly key: string;
  readonly entry: ServerEntry;
  /** A connected client; a stdio server is started (or respawned after idling) on first use. */
  connect(): Promise<Client>;
  /** The server's tools as last listed; asks the server only when they were never listed. */
  tools(): Promise<Tool[]>;
  /** Records use, for the idle timer and the heartbeat. */
  touch(): void;
  /** False while the server may not be called (disabled, permanently failed, stopped). */
  readonly available: boolean;
}

/** Every upstream of this satellite, kept in step with the configuration. */
export interface UpstreamPool {
  /** Makes the running set match the configuration: starts, restarts and stops. */
  apply(entries: ReadonlyMap<string, ServerEntry>): Promise<void>;
  /** The upstreams a user may reach in a team (their own instances there). */
  ofUser(userId: string, teamId: string | undefined): Upstream[];
  /** One upstream by map key. */
  get(key: string): Upstream | undefined;
  /** Stops every process of an installation and lists its tools again on next use. */
  redeploy(installationId: string): Promise<string[]>;
  /** The stdio processes by team, as the heartbeat reports them. */
  processesByTeam(): Record<string, HeartbeatProcess[]>;
  close(): Promise<void>;
}

/** Who an MCP client's token belongs to, from Groundstation's introspection. */
export interface Identity {
  token: string;
  userId: string;
  username?: string;
  teamId?: string;
  clientId?: string;
  scopes: string[];
}

/** Checks MCP clients' tokens (introspection with a short cache). */
export interface TokenChecker {
  check(token: string): Promise<Identity | null>;
  /** Forgets a user's checked tokens (the `invalidate_user_token_cache` command); how many. */
  forgetUser(userId: string): number;
}

/** Asks Groundstation about a token; the agent's backend client implements it. */
export type Introspect = (token: string) => Promise<Introspection>;

/**
 * Tools an administrator switched off, per installation (`configure` with `action:
 * "update_tool_status"`). MCP clients neither see nor call them until they are switched on again.
 */
export interface ToolStatus {
  /** Whether the installation's tool (named as its server names it) is switched off. */
  isDisabled(installationId: string, toolName: string): boolean;
  /** Switches a tool off (true) or on again (false); refuses when too many are off already. */
  set(installationId: string, toolName: string, disabled: boolean): Promise<void>;
}
