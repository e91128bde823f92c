import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** What a LISTEN connection reports: each notification's payload, and when it is up or down. */
export interface ListenHandlers {
  payload(payload: string): void;
  /** The listener is (again) listening: notifications sent while it was down were lost. */
  connected(): void;
  disconnected(error?: unknown): void;
}

/** A LISTEN on one channel; `close` stops it for good. */
export interface Listening {
  close(): Promise<void>;
}

/** The name the listening connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'groundstation-listener';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

/**
 * LISTEN on PostgreSQL through one connection of its own (a pooled one would be handed to other
 * work). When the connection is lost (server restart, pg_terminate_backend, network) it is made
 * again after a growing pause, up to 5 s, for as long as the listener is open.
 */
export function listenPostgres(url: string, channel: string, on: ListenHandlers): Listening {
  let closed = false;
  let current: pg.Client | null = null;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | undefined;

  const again = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  async function connect() {
    const { default: pg } = await import('pg');
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 10_000,
      application_name: LISTENER_APPLICATION_NAME,
    });
    let lost = false;
    const lose = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (current === client) {
        current = null;
        on.disconnected(error);
      }
      void client.end().catch(() => undefined);
      again();
    };
    client.on('error', lose);
    client.on('end', () => lose());
    client.on('notification', (message) => {
      if (message.channel === channel) on.payload(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lose(error);
      return;
    }
    if (closed || lost) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    retryMs = FIRST_RETRY_MS;
    on.connected();
  }

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    },
  };
}

/** LISTEN on PGlite: one process, one connection, so a notification never gets lost. */
export function listenPglite(client: PGlite, channel: string, on: ListenHandlers): Listening {
  let unlisten: (() => Promise<void>) | undefined;
  let closed = false;
  const ready = client.listen(channel, on.payload).then((stop) => {
    unlisten = stop;
    if (closed) return stop();
    on.connected();
  });
  return {
    async close() {
      closed = true;
      await ready.catch(() => undefined);
      await unlisten?.().catch(() => undefined);
    },
  };
}
