// The satellite's upstreams, kept in step with Groundstation's configuration.
//
// Entries are registered when configured and started on first use: a stdio server's process is
// spawned by the first `connect()` or `tools()`, an http/sse server's client made then. A
// satellite serves every member of its teams, most of whom are not using their servers at any
// moment, so starting every configured process up front would hold memory (and the members'
// credentials in running processes) for nothing.
import type { HeartbeatProcess, ServerEntry } from '../../../protocol/satellite.js';
import type { Upstream, UpstreamPool } from '../parts.js';
import type { ManagedUpstream, StopReason } from './managed.js';
import { RemoteUpstream } from './remote-upstream.js';
import { settingsOf, type Settings, type UpstreamPoolOptions } from './settings.js';
import { StdioUpstream } from './stdio-upstream.js';

export type { UpstreamPoolOptions } from './settings.js';

interface Member {
  upstream: ManagedUpstream;
  /** The entry as configured, to tell a changed entry from the same one. */
  json: string;
}

export function createUpstreamPool(options: UpstreamPoolOptions): UpstreamPool {
  const settings = settingsOf(options);
  const members = new Map<string, Member>();
  let closed = false;

  async function remove(key: string, reason: StopReason): Promise<void> {
    const member = members.get(key);
    if (!member) return;
    members.delete(key);
    await member.upstream.stop(reason);
  }

  return {
    async apply(entries: ReadonlyMap<string, ServerEntry>): Promise<void> {
      if (closed) throw new Error('the upstream pool is closed');
      const stops: Promise<void>[] = [];
      for (const [key, member] of members) {
        const entry = entries.get(key);
        if (entry === undefined) stops.push(remove(key, 'removed'));
        else if (JSON.stringify(entry) !== member.json) stops.push(remove(key, 'replaced'));
      }
      for (const [key, entry] of entries) {
        if (members.has(key)) continue;
        // A copy: the caller's object may change later, and the comparison above must not.
        members.set(key, {
          upstream: upstreamOf(key, structuredClone(entry), settings),
          json: JSON.stringify(entry),
        });
      }
      await Promise.all(stops);
    },

    ofUser(userId: string, teamId: string | undefined): Upstream[] {
      return [...members.values()]
        .map((member) => member.upstream)
        .filter(
          ({ entry }) =>
            entry.user_id === userId &&
            (teamId === undefined || entry.team_id === teamId) &&
            entry.enabled !== false,
        );
    },

    get(key: string): Upstream | undefined {
      return members.get(key)?.upstream;
    },

    async redeploy(installationId: string): Promise<string[]> {
      const hit = [...members.values()]
        .map((member) => member.upstream)
        .filter((upstream) => upstream.entry.installation_id === installationId);
      await Promise.all(hit.map((upstream) => upstream.redeploy()));
      return hit.map((upstream) => upstream.key);
    },

    processesByTeam(): Record<string, HeartbeatProcess[]> {
      const byTeam: Record<string, HeartbeatProcess[]> = {};
      for (const { upstream } of members.values()) {
        const process = upstream.heartbeat();
        if (process === null) continue;
        const team = upstream.entry.team_id ?? 'unknown';
        (byTeam[team] ??= []).push(process);
      }
      return byTeam;
    },

    async close(): Promise<void> {
      closed = true;
      await Promise.all([...members.keys()].map((key) => remove(key, 'shutdown')));
      settings.watchdog.close();
    },
  };
}

function upstreamOf(key: string, entry: ServerEntry, settings: Settings): ManagedUpstream {
  return entry.transport_type === 'stdio'
    ? new StdioUpstream(key, entry, settings)
    : new RemoteUpstream(key, entry, settings);
}
