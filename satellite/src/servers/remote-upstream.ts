// An http or sse server of one member instance: no process, a client made on first use.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { HeartbeatProcess, ServerEntry } from '../../../protocol/satellite.js';
import type { UpstreamAccess } from '../parts.js';
import { emitStatus, errorText } from './fields.js';
import type { ManagedUpstream, StopReason } from './managed.js';
import { isUnauthorized, remoteHeaders, remoteTransport } from './remote.js';
import type { Settings } from './settings.js';
import { RELAYED_CAPABILITIES } from './capabilities.js';
import { listAllTools, onToolsChanged, reportListing } from './tools.js';

/** A token this close to its expiry is not used for a new client. */
const TOKEN_MARGIN_MS = 30_000;
/** A replaced client is closed this long after (a tool call's default time limit). */
const RETIRE_AFTER_MS = 5 * 60_000;

export class RemoteUpstream implements ManagedUpstream {
  private client: Client | null = null;
  private connecting: Promise<Client> | null = null;
  private cache: Tool[] | null = null;
  /**
   * The tools last reported to Groundstation. Unlike the cache it outlives a redeploy, so the
   * listing after one can say which tools were added or removed (`mcp.tools.updated`).
   */
  private reported: Tool[] | null = null;
  private stopped = false;
  /** When the current client's access token expires (ms), where Groundstation said. */
  private tokenExpiresAt: number | undefined;

  constructor(
    readonly key: string,
    readonly entry: ServerEntry,
    private readonly settings: Settings,
  ) {}

  get available(): boolean {
    return this.entry.enabled !== false && !this.stopped;
  }

  /** Nothing runs here to keep alive or stop, so use is not tracked. */
  touch(): void {}

  async connect(): Promise<Client> {
    if (!this.available) throw new Error(`The server ${this.key} is not available`);
    if (this.client && this.tokenDue()) this.retire(this.client);
    if (this.client) return this.client;
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  async tools(): Promise<Tool[]> {
    if (this.cache) return this.cache;
    const client = await this.connect();
    if (this.cache) return this.cache;
    const tools = await listAllTools(client);
    this.cache = tools;
    return tools;
  }

  async stop(_reason: StopReason): Promise<void> {
    this.stopped = true;
    await this.drop();
  }

  async redeploy(): Promise<void> {
    this.cache = null;
    await this.drop();
  }

  heartbeat(): HeartbeatProcess | null {
    return null;
  }

  /**
   * The access token is read when the client is made. Shortly before it expires the next use
   * makes a new client with a fresh one (Groundstation refreshes it first); a 401 drops the
   * client too, for a token the server stopped accepting early.
   */
  private async open(): Promise<Client> {
    const access = this.entry.requires_oauth ? await this.token() : null;
    const token = access?.token ?? null;
    this.tokenExpiresAt = access?.expiresAt;
    const client = new Client(this.settings.clientInfo, RELAYED_CAPABILITIES);
    // Before the handshake is through, its failure is handled below (once).
    client.onerror = (error) => {
      if (this.client === client && isUnauthorized(error)) this.unauthorized(client, error);
    };
    client.onclose = () => {
      if (this.client === client) this.client = null;
    };
    onToolsChanged(client, () => void this.listTools(client));
    try {
      await client.connect(remoteTransport(this.entry, remoteHeaders(this.entry, token)));
    } catch (error) {
      await client.close().catch(() => undefined);
      if (isUnauthorized(error)) this.unauthorized(client, error);
      throw error;
    }
    if (this.stopped) {
      await client.close().catch(() => undefined);
      throw new Error(`The server ${this.key} was stopped while connecting`);
    }
    this.client = client;
    await this.listTools(client);
    emitStatus(this.settings.events, this.key, this.entry, 'online');
    return client;
  }

  private tokenDue(): boolean {
    return this.tokenExpiresAt !== undefined && Date.now() >= this.tokenExpiresAt - TOKEN_MARGIN_MS;
  }

  /** Leaves a client to the calls running on it and closes it once they have had their time. */
  private retire(client: Client): void {
    this.client = null;
    setTimeout(() => void client.close().catch(() => undefined), RETIRE_AFTER_MS).unref();
  }

  private async token(): Promise<UpstreamAccess> {
    const token = this.settings.tokens ? await this.settings.tokens(this.entry) : null;
    if (token) return token;
    const message = `no authorization for ${this.key}: the member must connect the server again`;
    emitStatus(this.settings.events, this.key, this.entry, 'requires_reauth', message);
    throw new Error(`No authorization: ${message}`);
  }

  private unauthorized(client: Client, error: unknown): void {
    const message = `the server refused the authorization: ${errorText(error)}`;
    emitStatus(this.settings.events, this.key, this.entry, 'requires_reauth', message);
    if (this.client === client) {
      this.client = null;
      void client.close().catch(() => undefined);
    }
  }

  private async listTools(client: Client): Promise<void> {
    try {
      const tools = await listAllTools(client);
      const before = this.reported;
      this.cache = tools;
      this.reported = tools;
      reportListing(this.settings.events, this.key, this.entry, before, tools);
    } catch (error) {
      this.settings.log.warn({ server: this.key, error: errorText(error) }, 'tools/list failed');
    }
  }

  private async drop(): Promise<void> {
    const client = this.client;
    this.client = null;
    await client?.close().catch(() => undefined);
  }
}
