// Shared pieces of the pool's tests: an in-memory event sink, entries and fixture paths.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ServerEntry } from '../../../protocol/satellite.js';
import type { EventSink, Log } from '../../../satellite/src/parts.js';

export const FIXTURE = fileURLToPath(new URL('./fixtures/server.mjs', import.meta.url));
export const EVERYTHING = path.resolve(
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);

export interface Recorded {
  type: string;
  data: Record<string, unknown>;
}

export class Recorder implements EventSink {
  readonly events: Recorded[] = [];

  emit(type: string, data: Record<string, unknown>): void {
    this.events.push({ type, data });
  }

  of(type: string): Record<string, unknown>[] {
    return this.events.filter((event) => event.type === type).map((event) => event.data);
  }

  /** Waits until `count` events of the type (matching `where`) were emitted; returns them. */
  async waitFor(
    type: string,
    count = 1,
    where: (data: Record<string, unknown>) => boolean = () => true,
    timeoutMs = 8000,
  ): Promise<Record<string, unknown>[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.of(type).filter(where);
      if (found.length >= count) return found;
      if (Date.now() > deadline) {
        const seen = this.events.map((event) => event.type).join(', ');
        throw new Error(`waited for ${count} × ${type}; saw ${seen}`);
      }
      await sleep(20);
    }
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const quietLog: Log = { info() {}, warn() {}, error() {} };

export const keyOf = (user: string, installation = 'inst_files') =>
  `files-acme-${user}-${installation}`;

/** A member's stdio entry running the fixture server with their own token. */
export function fixtureEntry(user: string, env: Record<string, string> = {}): ServerEntry {
  return {
    transport_type: 'stdio',
    command: process.execPath,
    args: [FIXTURE],
    env: { API_TOKEN: `token-of-${user}`, ...env },
    installation_id: 'inst_files',
    installation_name: 'Files',
    team_id: 'team_acme',
    team_slug: 'acme',
    user_id: user,
    server_slug: 'files',
    enabled: true,
  };
}

/** The JSON a tool answered with as its first text content. */
export async function callJson(client: Client, tool: string): Promise<any> {
  const result = await client.callTool({ name: tool, arguments: {} });
  const content = Array.isArray(result.content) ? result.content : [];
  const first = content[0];
  if (!first || first.type !== 'text') throw new Error(`${tool} answered no text`);
  return JSON.parse(first.text);
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function waitUntilDead(pid: number, timeoutMs = 6000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (alive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

export async function tempDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'satellite-pool-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
