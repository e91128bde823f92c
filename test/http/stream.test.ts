import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../src/http/auth/declare.js';
import type { UserActor } from '../../src/http/auth/types.js';
import { pagedRouteWithStream } from '../../src/http/stream/paged-route.js';
import type { StreamSource } from '../../src/http/stream/source.js';
import { ActivityItem, ClientActivityQuery } from '../../src/modules/client-activity/schemas.js';
import type { ActivityView } from '../../src/modules/client-activity/schemas.js';
import {
  createClientActivitySource,
  type ActivityFilters,
} from '../../src/modules/client-activity/source.js';
import { activityWorld, recordCalls } from '../helpers/activity.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/database.js';
import { eventually, listen, openEventSource, readUntil } from '../helpers/sse.js';

const POLL_MS = 100;
const STREAM_ENV = {
  STREAM_POLL_INTERVAL_MS: String(POLL_MS),
  STREAM_HEARTBEAT_INTERVAL_MS: '150',
};
const ACTIVITY = '/api/users/me/mcp/client-activity/stream';

/**
 * The real client-activity source on the real database, counting its polls. When `gate` is set,
 * a poll that found items holds its result until the gate opens: a query still in flight.
 */
function instrumented(real: StreamSource<ActivityFilters, ActivityView>) {
  const probe = {
    polls: 0,
    holding: false,
    gate: null as Promise<void> | null,
    writesAfterClose: 0,
  };
  const source: StreamSource<ActivityFilters, ActivityView> = {
    list: (f, page) => real.list(f, page),
    newest: (f, limit) => real.newest(f, limit),
    findCursor: (f, id) => real.findCursor(f, id),
    async after(f, cursor, limit) {
      probe.polls += 1;
      const items = await real.after(f, cursor, limit);
      if (items.length > 0 && probe.gate) {
        probe.holding = true;
        await probe.gate;
      }
      return items;
    },
  };
  return { probe, source };
}

/** The stream helper on its own route, with the instrumented source and a spy on writes. */
function probeRoute(app: FastifyInstance, tracked: ReturnType<typeof instrumented>) {
  app.register(async (scope) => {
    scope.addHook('onRequest', async (_request, reply) => {
      let closed = false;
      reply.raw.once('close', () => (closed = true));
      const write = reply.raw.write.bind(reply.raw) as (...args: unknown[]) => boolean;
      reply.raw.write = ((...args: unknown[]) => {
        if (closed) tracked.probe.writesAfterClose += 1;
        return write(...args);
      }) as typeof reply.raw.write;
    });
    pagedRouteWithStream(scope, {
      url: '/probe/activity',
      auth: auth.user(),
      tags: ['Probe'],
      querystring: ClientActivityQuery,
      list: { operationId: 'probeListActivity', summary: 'probe' },
      stream: { operationId: 'probeStreamActivity', summary: 'probe' },
      itemsKey: 'activity',
      item: ActivityItem,
      eventName: 'activity',
      source: tracked.source,
      filters: ({ actor }) => ({
        userId: (actor as UserActor).userId,
        teamId: null,
        installationId: null,
        since: null,
      }),
      topics: () => [],
    });
  });
}

let t: TestApp;
let base: string;
let world: Awaited<ReturnType<typeof activityWorld>>;
let tracked: ReturnType<typeof instrumented>;

beforeAll(async () => {
  const database = await createTestDatabase();
  tracked = instrumented(createClientActivitySource(database.db.orm));
  t = await createTestApp({ database, env: STREAM_ENV, extend: (app) => probeRoute(app, tracked) });
  world = await activityWorld(t.app);
  base = await listen(t.app);
});
afterAll(async () => t?.close());

describe('stream protocol', () => {
  it('sends retry first, then the snapshot, then comment heartbeats on the configured interval', async () => {
    const { status, contentType, text } = await readUntil(
      `${base}${ACTIVITY}`,
      world.bob.headers,
      (text) => (text.match(/^: heartbeat$/gm) ?? []).length >= 2,
    );
    expect(status).toBe(200);
    expect(contentType).toBe('text/event-stream');
    expect(text.startsWith('retry: 3000\n\n')).toBe(true);
    // Bob has no activity yet: an empty snapshot, without an id.
    expect(text).toContain('\n\nevent: snapshot\ndata: {"activity":[]}\n\n');
    expect(text.indexOf('event: snapshot')).toBeLessThan(text.indexOf(': heartbeat'));
  });

  it('carries the security headers of every API response on the stream itself', async () => {
    const { headers } = await readUntil(`${base}${ACTIVITY}`, world.bob.headers, (text) =>
      text.includes('event: snapshot'),
    );
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(headers.get('x-request-id')).toBeTruthy();
  });

  it('streams even when the client says it accepts JSON', async () => {
    const { status, contentType } = await readUntil(
      `${base}${ACTIVITY}`,
      { ...world.bob.headers, accept: 'application/json' },
      (text) => text.includes('event: snapshot'),
    );
    expect(status).toBe(200);
    expect(contentType).toBe('text/event-stream');
  });
});

describe('when the client goes away', () => {
  it('stops polling at once, drops the result of a query in flight and sends nothing more', async () => {
    const client = openEventSource(`${base}/probe/activity/stream`, world.alice.headers, [
      'snapshot',
      'activity',
    ]);
    await client.waitFor('snapshot');
    let open!: () => void;
    tracked.probe.gate = new Promise<void>((resolve) => (open = resolve));
    // A poll finds this item and is held before it can send it.
    await recordCalls(t.app, world.places.clock, [{ user: world.alice, tool: 'in-flight' }]);
    await eventually(() => tracked.probe.holding, 'a poll holding a result');
    const pollsAtDisconnect = tracked.probe.polls;

    client.close();
    await eventually(() => t.app.streams.openCount === 0, 'the server to see the disconnect');
    open();
    await new Promise((r) => setTimeout(r, POLL_MS * 6));

    expect(tracked.probe.polls).toBe(pollsAtDisconnect);
    expect(tracked.probe.writesAfterClose).toBe(0);
    expect(client.received.filter((r) => r.event === 'activity')).toEqual([]);
    tracked.probe.gate = null;
  });

  it('reconnects with Last-Event-ID after a dropped connection and misses nothing', async () => {
    const client = openEventSource(`${base}${ACTIVITY}`, world.alice.headers, [
      'snapshot',
      'activity',
    ]);
    try {
      await client.waitFor('snapshot');
      await recordCalls(t.app, world.places.clock, [{ user: world.alice, tool: 'before-drop' }]);
      await client.waitFor('activity', 1);
      t.app.server.closeAllConnections();
      // Recorded while the client is away (it waits `retry` before reconnecting).
      await recordCalls(t.app, world.places.weather, [
        { user: world.alice, tool: 'while-away-1' },
        { user: world.alice, tool: 'while-away-2', kind: 'request' },
      ]);
      const received = await client.waitFor('activity', 3, 15_000);
      expect(client.connections()).toBe(2);
      expect(received.map((r) => r.data.tool_name).sort()).toEqual([
        'before-drop',
        'while-away-1',
        'while-away-2',
      ]);
      const newest = (
        await t.app.inject({
          url: '/api/users/me/mcp/client-activity?limit=3',
          headers: world.alice.headers,
        })
      ).json().data.activity;
      expect(received.map((r) => r.id)).toEqual(newest.map((a: any) => a.id).reverse());
      expect(client.received.filter((r) => r.event === 'snapshot')).toHaveLength(1);
    } finally {
      client.close();
    }
  });
});

describe('many streams on the same filters', () => {
  it('share one poll, and each gets every item once, from where it stood', async () => {
    const open = () =>
      openEventSource(`${base}/probe/activity/stream`, world.alice.headers, [
        'snapshot',
        'activity',
      ]);
    const first = open();
    const second = open();
    try {
      await first.waitFor('snapshot');
      await second.waitFor('snapshot');
      expect(t.app.streams.polls.count).toBe(1);
      const before = tracked.probe.polls;
      await new Promise((r) => setTimeout(r, POLL_MS * 5));
      // One query per interval for both streams (a little slack for timer drift), not two.
      expect(tracked.probe.polls - before).toBeLessThanOrEqual(6);
      expect(tracked.probe.polls - before).toBeGreaterThanOrEqual(3);

      await recordCalls(t.app, world.places.clock, [{ user: world.alice, tool: 'shared-1' }]);
      const [a] = await first.waitFor('activity', 1);
      const [b] = await second.waitFor('activity', 1);
      expect(b!.id).toBe(a!.id);

      // A third stream joins with an older position (a reconnect): the shared poll starts from
      // it, and the streams already past those items are not sent them again.
      const third = openEventSource(
        `${base}/probe/activity/stream`,
        { ...world.alice.headers, 'Last-Event-ID': first.received[0]!.data.activity[1].id },
        ['snapshot', 'activity'],
      );
      try {
        const replayed = await third.waitFor('activity', 2);
        expect(replayed.map((r) => r.id)).toEqual([first.received[0]!.data.activity[0].id, a!.id]);
        await recordCalls(t.app, world.places.clock, [{ user: world.alice, tool: 'shared-2' }]);
        const [, c] = await third.waitFor('activity', 3).then((r) => r.slice(1));
        expect((await first.waitFor('activity', 2)).map((r) => r.id)).toEqual([a!.id, c!.id]);
        expect((await second.waitFor('activity', 2)).map((r) => r.id)).toEqual([a!.id, c!.id]);
        expect(t.app.streams.polls.count).toBe(1);
      } finally {
        third.close();
      }
    } finally {
      first.close();
      second.close();
    }
    await eventually(() => t.app.streams.polls.count === 0, 'the shared poll to stop');
  });
});

describe('when the app closes', () => {
  it('ends its open streams so that closing does not wait for clients', async () => {
    const other = await createTestApp({ env: STREAM_ENV });
    try {
      const url = await listen(other.app);
      const account = await (await import('../helpers/accounts.js')).register(other.app, 'zed');
      const client = openEventSource(`${url}${ACTIVITY}`, account.headers, ['snapshot']);
      await client.waitFor('snapshot');
      expect(other.app.streams.openCount).toBe(1);
      client.source.onerror = () => client.close();
      await other.app.close();
      expect(other.app.streams.openCount).toBe(0);
      client.close();
    } finally {
      await other.close();
    }
  });
});
